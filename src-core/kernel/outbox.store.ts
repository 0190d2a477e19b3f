// SQL of the event outbox: events written in the same transaction as the change that causes them, the
// cursor up to which they have been dispatched, and the removal of old dispatched ones.
import type { Sql } from './db.ts';

export type OutboxRow = { seq: number; id: string; org_id: string; type: string; data: string; created_at: string };

export function createOutboxStore(sql: Sql) {
  const insert = sql.prepare(`INSERT INTO outbox (id, org_id, type, data, created_at) VALUES (?, ?, ?, ?, ?)`);
  const pendingAfter = sql.prepare(`SELECT seq, id, org_id, type, data, created_at FROM outbox WHERE seq > ? ORDER BY seq LIMIT ?`);
  const cursor = sql.prepare(`SELECT seq FROM outbox_cursor WHERE id = 1`).pluck();
  const markThrough = sql.prepare(`UPDATE outbox_cursor SET seq = ? WHERE id = 1 AND seq < ?`);
  const lastSeq = sql.prepare(`SELECT max(seq) FROM outbox`).pluck();
  // The oldest chunk by seq (events are appended as the clock moves forward, so only one chunk is read), less those not
  // dispatched yet (after the saved cursor) and the cursor's own event: the newest event is never removed, so a new one
  // (seq = max(seq) + 1, migration 18) always lands after the cursor, even when every other event has gone.
  const removeDispatched = sql.prepare(`DELETE FROM outbox WHERE seq IN (SELECT seq FROM outbox ORDER BY seq LIMIT ?)
    AND seq < (SELECT seq FROM outbox_cursor WHERE id = 1) AND created_at < ?`);
  const recent = sql.prepare(`SELECT seq, id, org_id, type, data, created_at FROM outbox WHERE org_id = ? ORDER BY seq DESC LIMIT ?`);
  return {
    /** Stores the event and answers its place in the outbox. */
    insert: (row: { id: string; orgId: string; type: string; data: unknown; createdAt: string }): number =>
      Number(insert.run(row.id, row.orgId, row.type, JSON.stringify(row.data), row.createdAt).lastInsertRowid),
    /** The saved cursor: the last event dispatched. */
    cursor: (): number => cursor.get() as number,
    /** The newest event's place (0 for none). */
    lastSeq: (): number => (lastSeq.get() as number | null) ?? 0,
    /** The events after `seq`, oldest first. */
    pendingAfter: (seq: number, limit: number) => pendingAfter.all(seq, limit) as OutboxRow[],
    /** Saves the cursor: every event up to `seq` has been dispatched (it never moves back). */
    markDispatched: (seq: number): void => void markThrough.run(seq, seq),
    /** Removes dispatched events created before `beforeIso` among the `limit` oldest; answers how many went. */
    removeDispatched: (beforeIso: string, limit: number): number => removeDispatched.run(limit, beforeIso).changes,
    recent: (orgId: string, limit: number) => recent.all(orgId, limit) as OutboxRow[],
  };
}
