// SQL of the event outbox: events written in the same transaction as the change that causes them.
import type { Sql } from './db.ts';

export type OutboxRow = { seq: number; id: string; org_id: string; type: string; data: string; created_at: string };

export function createOutboxStore(sql: Sql) {
  const insert = sql.prepare(`INSERT INTO outbox (id, org_id, type, data, created_at) VALUES (?, ?, ?, ?, ?)`);
  const pending = sql.prepare(`SELECT seq, id, org_id, type, data, created_at FROM outbox WHERE dispatched_at IS NULL ORDER BY seq LIMIT ?`);
  const markRange = sql.prepare(`UPDATE outbox SET dispatched_at = ? WHERE dispatched_at IS NULL AND seq BETWEEN ? AND ?`);
  const recent = sql.prepare(`SELECT seq, id, org_id, type, data, created_at FROM outbox WHERE org_id = ? ORDER BY seq DESC LIMIT ?`);
  return {
    insert: (row: { id: string; orgId: string; type: string; data: unknown; createdAt: string }) =>
      void insert.run(row.id, row.orgId, row.type, JSON.stringify(row.data), row.createdAt),
    pending: (limit: number) => pending.all(limit) as OutboxRow[],
    /**
     * Marks a batch read by `pending` dispatched, in one statement: the batch is every undispatched event
     * from its first seq to its last (events written since have higher seqs).
     */
    markDispatched(seqs: number[], at: string): void {
      if (seqs.length > 0) markRange.run(at, Math.min(...seqs), Math.max(...seqs));
    },
    recent: (orgId: string, limit: number) => recent.all(orgId, limit) as OutboxRow[],
  };
}
