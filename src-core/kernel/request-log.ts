// The request log: entries are buffered in memory and written in one transaction every 250 ms, and kept
// for 30 days on the virtual clock.
import { z } from 'zod';
import { statusRangeOf } from '../contract/api-keys.ts';
import { toIso, type Clock } from './clock.ts';
import type { Db } from './db.ts';
import { AppError, messageOf } from './errors.ts';
import { createPruner } from './prune.ts';
import { createRequestLogStore, type RequestLogFilter, type RequestLogRecord, type StatusRange } from './request-log.store.ts';

const FLUSH_EVERY_MS = 250;
const FLUSH_AT_ENTRIES = 500;
/** Entries older than this (on the virtual clock) are removed. */
export const REQUEST_LOG_KEEP_MS = 30 * 24 * 60 * 60_000;
/** A flush looks for entries to remove at most once a minute of the virtual clock, and removes at most a
 * chunk at a time, so a large backlog (a database opened after a long while) drains over several flushes
 * without holding the event loop. */
const PRUNE_EVERY_MS = 60_000;
const PRUNE_CHUNK = 5_000;

/** The `status` filter of the log: a code (`403`) or a class (`4xx`, any case), as a range of codes. */
export const statusFilterQuery = z.string().transform((raw, ctx): StatusRange => {
  const range = statusRangeOf(raw);
  if (range) return range;
  ctx.addIssue({ code: 'custom', message: 'status must be a status code from 100 to 599 (e.g. 403) or a class from 1xx to 5xx (e.g. 4xx)' });
  return z.NEVER;
});

/** A filter as asked for: `upTo` is an entry's id. */
export type RequestLogQuery = Omit<RequestLogFilter, 'upTo'> & { upTo?: string | undefined };

export function createRequestLog(deps: { db: Db; clock: Clock; onEntry?: (record: RequestLogRecord) => void; log?: (msg: string) => void }) {
  const store = createRequestLogStore(deps.db.sql);
  let buffer: RequestLogRecord[] = [];
  let timer: { cancel(): void } | null = null;

  function flush(): void {
    timer?.cancel();
    timer = null;
    if (buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    try {
      store.insertMany(batch);
    } catch (error) {
      deps.log?.(`request log: ${batch.length} entries not written: ${messageOf(error)}`);
    }
    try {
      prune();
    } catch (error) {
      deps.log?.(`request log: old entries not removed: ${messageOf(error)}`);
    }
  }

  // A failed removal is thrown to flush, which logs it; the next flush tries again.
  const prune = createPruner(deps.clock, {
    everyMs: PRUNE_EVERY_MS, chunk: PRUNE_CHUNK, remove: (now, limit) => store.removeOldest(toIso(now - REQUEST_LOG_KEEP_MS), limit),
  });

  return {
    record(record: RequestLogRecord): void {
      buffer.push(record);
      deps.onEntry?.(record);
      if (buffer.length >= FLUSH_AT_ENTRIES) flush();
      else timer ??= deps.clock.realTimeout(flush, FLUSH_EVERY_MS);
    },
    flush,
    /**
     * The requests a key's rate limit counted that arrived after `sinceMs` on the virtual clock, oldest first (arrival:
     * the entry's time less its duration), read back at start-up so a restart keeps every key's window.
     */
    countedSince(sinceMs: number): { keyId: string; clientIp: string; atMs: number }[] {
      flush();
      return store.countedSince(toIso(sinceMs))
        .map((row) => ({ keyId: row.keyId, clientIp: row.clientIp, atMs: Math.floor(Date.parse(row.at) - row.durationMs) }))
        .filter((row) => row.atMs > sinceMs)
        .sort((a, b) => a.atMs - b.atMs);
    },
    /** One entry with its kept bodies; 404 for an unknown id or one older than the kept 30 days. */
    detail(orgId: string, id: string) {
      flush();
      const entry = store.detail(orgId, id);
      if (!entry || entry.at < toIso(deps.clock.now() - REQUEST_LOG_KEEP_MS)) {
        throw new AppError('NOT_FOUND', `Request-log entry ${id} not found (entries are kept for 30 days)`);
      }
      return entry;
    },
    /**
     * Newest first; with `upTo`, only that entry and older ones, so a page stays put while new requests are logged.
     * Only the kept 30 days: entries older are left out at once, however far the clock moved since the last prune.
     */
    list(orgId: string, query: RequestLogQuery, limit: number, offset: number) {
      flush();
      const since = toIso(deps.clock.now() - REQUEST_LOG_KEEP_MS);
      const anchor = query.upTo === undefined ? undefined : store.anchorOf(orgId, query.upTo);
      const upTo = anchor && anchor.at >= since ? anchor : undefined;
      if (query.upTo !== undefined && !upTo) {
        throw new AppError('NOT_FOUND', `Request-log entry ${query.upTo} not found (entries are kept for 30 days)`);
      }
      return store.list(orgId, { ...query, upTo, since }, limit, offset);
    },
  };
}
export type RequestLog = ReturnType<typeof createRequestLog>;
