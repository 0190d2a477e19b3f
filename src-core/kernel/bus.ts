// The event bus: durable events go through the outbox (same transaction as their cause) and are
// dispatched after commit; transient events (clock moves, request-log lines) go straight to listeners.
// Events this process commits are handed to the dispatcher in memory, in outbox order; the outbox table is
// read back only for what memory does not hold (events from before a restart, or another process's).
// Dispatched events are kept 30 days of the virtual clock, then removed as the cursor is saved.
import { advanceWork } from './advance-work.ts';
import { toIso, type Clock } from './clock.ts';
import { dataVersionOf } from './data-version.store.ts';
import type { Db } from './db.ts';
import { freezeUnderTest } from './freeze.ts';
import { messageOf } from './errors.ts';
import { newId } from './ids.ts';
import { yieldToIo } from './jobs.ts';
import { createOutboxStore } from './outbox.store.ts';
import { createPruner } from './prune.ts';

export type BusEvent<T = unknown> = { id: string; orgId: string; type: string; data: T; createdAt: string };
export type Listener = (event: BusEvent) => void | Promise<void>;
export type TransientListener = (event: { orgId: string | null; type: string; data: unknown }) => void;

/** How long the dispatch cursor may stay ahead of its saved copy (a crash re-dispatches at most that much). */
const CURSOR_SAVE_MS = 100;
const BATCH = 100;
/** How many waves of consequences `settle` waits for (events whose listeners emit more events). */
const SETTLE_ROUNDS = 8;
/**
 * Dispatched events older than this (virtual clock) are removed: nothing reads an event again once it is dispatched
 * (a webhook delivery keeps its own payload, an automation its trigger), so the outbox does not grow without bound.
 */
export const OUTBOX_KEEP_MS = 30 * 24 * 3_600_000;
/** A cursor save looks for old events at most once an hour of the clock, a chunk at a time (a full one looks again at the next save). */
const PRUNE_EVERY_MS = 3_600_000;
const PRUNE_CHUNK = 5_000;

export function createBus(deps: { db: Db; clock: Clock; log?: (msg: string) => void; cursorSaveMs?: number }) {
  const { db, clock } = deps;
  const store = createOutboxStore(db.sql);
  const dataVersion = dataVersionOf(db.sql);
  const cursorSaveMs = deps.cursorSaveMs ?? CURSOR_SAVE_MS;
  /** Committed by this connection and not yet dispatched, in outbox order; `advance`: emitted by an advance's work. */
  const committed: Array<{ seq: number; event: BusEvent; advance?: boolean }> = [];
  /** The last event dispatched (null until first read from the outbox), and the copy saved in the database. */
  let cursor: number | null = null;
  let savedCursor = 0;
  let saveTimer: { cancel(): void } | null = null;
  /** data_version when the outbox table was last read to its end: unmoved, no other connection wrote events since. */
  let caughtUpAt = -1;
  let flushScheduled = false;
  /** `settle` calls waiting for the cursor to reach an event. */
  const waiters: Array<{ seq: number; resolve: () => void }> = [];
  const listeners = new Map<string, Listener[]>();
  const transientListeners: TransientListener[] = [];
  /** Listeners that run inside the emitting transaction: their writes commit (or roll back) with the cause. */
  const inTransaction = new Map<string, Array<(event: BusEvent) => void>>();
  let flushing: Promise<void> | null = null;
  let again = false;

  async function dispatch(event: BusEvent): Promise<void> {
    for (const listener of [...(listeners.get(event.type) ?? []), ...(listeners.get('*') ?? [])]) {
      try {
        await listener(event);
      } catch (error) {
        deps.log?.(`listener for ${event.type} ${event.id} failed: ${messageOf(error)}`);
      }
    }
  }

  /** Removes a chunk of dispatched events past OUTBOX_KEEP_MS (never one after the saved cursor), at most once an hour. */
  const pruneDispatched = createPruner(clock, {
    everyMs: PRUNE_EVERY_MS, chunk: PRUNE_CHUNK, remove: (now, limit) => store.removeDispatched(toIso(now - OUTBOX_KEEP_MS), limit),
    onError: (error) => deps.log?.(`outbox: old events not removed: ${messageOf(error)}`),
  });

  function saveCursor(): void {
    saveTimer?.cancel();
    saveTimer = null;
    if (cursor !== null && cursor > savedCursor && db.sql.open) {
      store.markDispatched(cursor);
      savedCursor = cursor;
      pruneDispatched();
    }
  }

  /** The next events after the cursor: from memory when it holds them without a gap, else from the outbox. */
  function nextBatch(): Array<{ seq: number; event: BusEvent; advance?: boolean }> {
    if (cursor === null) {
      cursor = savedCursor = store.cursor();
      caughtUpAt = -1;
    }
    const after = cursor;
    while (committed.length > 0 && (committed[0] as { seq: number }).seq <= after) committed.shift();
    const first = committed[0];
    if (first ? first.seq === after + 1 : caughtUpAt === dataVersion()) return committed.splice(0, BATCH);
    const version = dataVersion();
    const rows = store.pendingAfter(after, BATCH);
    caughtUpAt = rows.length < BATCH ? version : -1;
    return rows.map((row) => ({
      seq: row.seq, event: { id: row.id, orgId: row.org_id, type: row.type, data: JSON.parse(row.data), createdAt: row.created_at },
    }));
  }

  async function flushOnce(): Promise<void> {
    for (;;) {
      const batch = nextBatch();
      if (batch.length === 0) return;
      // What an event's listeners make is the advance's if the event is (see advance-work.ts), whoever flushes it.
      for (const { event, advance } of batch) await (advance ? advanceWork.run(() => dispatch(event)) : advanceWork.outside(() => dispatch(event)));
      // At least once: a crash before the cursor is saved dispatches these events again on restart.
      cursor = (batch[batch.length - 1] as { seq: number }).seq;
      release(false);
      saveTimer ??= clock.realTimeout(saveCursor, cursorSaveMs);
      // A backlog (a campaign's events) is worked off in batches, with HTTP requests served in between.
      await yieldToIo();
    }
  }

  function flush(): Promise<void> {
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = (async () => {
      do {
        again = false;
        await flushOnce();
      } while (again);
    })().finally(() => {
      flushing = null;
      // The loop ended with nothing left to read: whatever a waiter expected is as dispatched as it gets.
      release(true);
    });
    return flushing;
  }

  function release(all: boolean): void {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i] as { seq: number; resolve: () => void };
      if (all || (cursor !== null && waiter.seq <= cursor)) {
        waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }

  /**
   * Dispatches the events committed so far and the events their listeners emit, a few waves deep, but not
   * what keeps arriving meanwhile: under steady traffic `flush` never runs dry, and this still returns.
   */
  async function settle(): Promise<void> {
    for (let round = 0; round < SETTLE_ROUNDS; round++) {
      const target = store.lastSeq();
      if (target <= (cursor ?? store.cursor())) return;
      const reached = new Promise<void>((resolve) => waiters.push({ seq: target, resolve }));
      void flush().catch(() => undefined);
      await reached;
    }
  }

  /** A flush nobody awaits: skipped once the database is closed; failures are logged, never thrown. */
  function flushQuietly(): void {
    flushScheduled = false;
    if (!db.sql.open) return;
    flush().catch((error: unknown) => deps.log?.(`outbox flush failed: ${messageOf(error)}`));
  }

  return {
    /** Writes the event to the outbox; must run inside the transaction of the change it reports. */
    emit<T>(orgId: string, type: string, data: T): string {
      const event: BusEvent = { id: newId('evt'), orgId, type, data, createdAt: clock.nowIso() };
      const seq = store.insert(event);
      // Listeners share the data: under test, changing it afterwards fails loudly.
      freezeUnderTest(data);
      for (const listener of inTransaction.get(type) ?? []) listener(event);
      const advance = advanceWork.current();
      db.afterCommit(() => {
        committed.push(advance ? { seq, event, advance } : { seq, event });
        if (flushScheduled) return;
        flushScheduled = true;
        setImmediate(flushQuietly);
      });
      return event.id;
    },
    on(type: string, listener: Listener): void {
      const list = listeners.get(type) ?? [];
      list.push(listener);
      listeners.set(type, list);
    },
    /**
     * Subscribes `listener` to run synchronously inside the transaction that emits the event, for
     * bookkeeping that must move with its cause (a campaign recipient following its message's status).
     */
    within(type: string, listener: (event: BusEvent) => void): void {
      inTransaction.set(type, [...(inTransaction.get(type) ?? []), listener]);
    },
    publishTransient(orgId: string | null, type: string, data: unknown): void {
      for (const listener of transientListeners) listener({ orgId, type, data });
    },
    onTransient(listener: TransientListener): void {
      transientListeners.push(listener);
    },
    /** Dispatches every event not yet dispatched, in order (also what a restart does first). */
    flush,
    settle,
    /** Saves the dispatch cursor now (at shutdown; otherwise it is saved within `cursorSaveMs`). */
    saveCursor,
    recent: (orgId: string, limit: number) => store.recent(orgId, limit),
  };
}
export type Bus = ReturnType<typeof createBus>;
