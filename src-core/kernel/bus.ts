// The event bus: durable events go through the outbox (same transaction as their cause) and are
// dispatched after commit; transient events (clock moves, request-log lines) go straight to listeners.
import type { Clock } from './clock.ts';
import type { Db } from './db.ts';
import { newId } from './ids.ts';
import { yieldToIo } from './jobs.ts';
import { createOutboxStore } from './outbox.store.ts';

export type BusEvent<T = unknown> = { id: string; orgId: string; type: string; data: T; createdAt: string };
export type Listener = (event: BusEvent) => void | Promise<void>;
export type TransientListener = (event: { orgId: string | null; type: string; data: unknown }) => void;

export function createBus(deps: { db: Db; clock: Clock; log?: (msg: string) => void }) {
  const { db, clock } = deps;
  const store = createOutboxStore(db.sql);
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
        deps.log?.(`listener for ${event.type} ${event.id} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  async function flushOnce(): Promise<void> {
    for (;;) {
      const rows = store.pending(100);
      if (rows.length === 0) return;
      // At least once: a crash before the batch is marked dispatches its events again on restart.
      for (const row of rows) {
        await dispatch({ id: row.id, orgId: row.org_id, type: row.type, data: JSON.parse(row.data), createdAt: row.created_at });
      }
      store.markDispatched((rows[rows.length - 1] as { seq: number }).seq);
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
    });
    return flushing;
  }

  /** A flush nobody awaits: skipped once the database is closed; failures are logged, never thrown. */
  function flushQuietly(): void {
    if (!db.sql.open) return;
    flush().catch((error: unknown) => deps.log?.(`outbox flush failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  return {
    /** Writes the event to the outbox; must run inside the transaction of the change it reports. */
    emit<T>(orgId: string, type: string, data: T): string {
      const id = newId('evt');
      const createdAt = clock.nowIso();
      store.insert({ id, orgId, type, data, createdAt });
      for (const listener of inTransaction.get(type) ?? []) listener({ id, orgId, type, data, createdAt });
      db.afterCommit(() => setImmediate(flushQuietly));
      return id;
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
    recent: (orgId: string, limit: number) => store.recent(orgId, limit),
  };
}
export type Bus = ReturnType<typeof createBus>;
