// The request log: entries are buffered in memory and written in one transaction every 250 ms, and kept
// for 30 days on the virtual clock.
import { toIso, type Clock } from './clock.ts';
import type { Db } from './db.ts';
import { createRequestLogStore, type RequestLogFilter, type RequestLogRecord } from './request-log.store.ts';

const FLUSH_EVERY_MS = 250;
const FLUSH_AT_ENTRIES = 500;
/** Entries older than this (on the virtual clock) are removed. */
export const REQUEST_LOG_KEEP_MS = 30 * 24 * 60 * 60_000;
/** A flush looks for entries to remove at most once a minute of the virtual clock, and removes at most a
 * chunk at a time, so a large backlog (a database opened after a long while) drains over several flushes
 * without holding the event loop. */
const PRUNE_EVERY_MS = 60_000;
const PRUNE_CHUNK = 5_000;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

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

  let nextPruneAt = 0;
  function prune(): void {
    const now = deps.clock.now();
    if (now < nextPruneAt) return;
    const removed = store.removeOldest(toIso(now - REQUEST_LOG_KEEP_MS), PRUNE_CHUNK);
    // A full chunk means there may be more: the next flush looks again.
    nextPruneAt = removed === PRUNE_CHUNK ? now : now + PRUNE_EVERY_MS;
  }

  return {
    record(record: RequestLogRecord): void {
      buffer.push(record);
      deps.onEntry?.(record);
      if (buffer.length >= FLUSH_AT_ENTRIES) flush();
      else timer ??= deps.clock.realTimeout(flush, FLUSH_EVERY_MS);
    },
    flush,
    list(orgId: string, filter: RequestLogFilter, limit: number, offset: number) {
      flush();
      return store.list(orgId, filter, limit, offset);
    },
  };
}
export type RequestLog = ReturnType<typeof createRequestLog>;
