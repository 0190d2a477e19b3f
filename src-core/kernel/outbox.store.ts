// SQL of the event outbox: events written in the same transaction as the change that causes them, and
// the cursor up to which they have been dispatched.
import type { Sql } from './db.ts';

export type OutboxRow = { seq: number; id: string; org_id: string; type: string; data: string; created_at: string };

export function createOutboxStore(sql: Sql) {
  const insert = sql.prepare(`INSERT INTO outbox (id, org_id, type, data, created_at) VALUES (?, ?, ?, ?, ?)`);
  const pending = sql.prepare(`SELECT seq, id, org_id, type, data, created_at FROM outbox
    WHERE seq > (SELECT seq FROM outbox_cursor WHERE id = 1) ORDER BY seq LIMIT ?`);
  const markThrough = sql.prepare(`UPDATE outbox_cursor SET seq = ? WHERE id = 1 AND seq < ?`);
  const recent = sql.prepare(`SELECT seq, id, org_id, type, data, created_at FROM outbox WHERE org_id = ? ORDER BY seq DESC LIMIT ?`);
  return {
    insert: (row: { id: string; orgId: string; type: string; data: unknown; createdAt: string }) =>
      void insert.run(row.id, row.orgId, row.type, JSON.stringify(row.data), row.createdAt),
    /** The next events not yet dispatched, oldest first. */
    pending: (limit: number) => pending.all(limit) as OutboxRow[],
    /** Every event up to `seq` has been dispatched (the cursor never moves back). */
    markDispatched: (seq: number): void => void markThrough.run(seq, seq),
    recent: (orgId: string, limit: number) => recent.all(orgId, limit) as OutboxRow[],
  };
}
