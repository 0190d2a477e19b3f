// SQL of the durable job table: rows with a due time, claimed one at a time by the runner.
import type { Sql } from './db.ts';
import { statementCache } from './statements.store.ts';

export type JobRow = {
  id: string; type: string; org_id: string | null; payload: string; due_at: number;
  status: string; attempts: number; last_error: string | null;
};

export type NewJob = { id: string; type: string; orgId: string | null; payload: unknown; dueAt: number; dedupeKey?: string | undefined; createdAt: string };

/** A job an advance past its budget still runs: inserted up to the rowid it found (`?`), or made by its own work. */
const FOUND_OR_OWNED = '(rowid <= ? OR id IN (SELECT id FROM temp.advance_jobs))';

export function createJobsStore(sql: Sql) {
  const prepare = statementCache(sql);
  const insert = sql.prepare(`INSERT INTO jobs (id, type, org_id, payload, due_at, dedupe_key, created_at)
    VALUES (@id, @type, @orgId, @payload, @dueAt, @dedupeKey, @createdAt) ON CONFLICT(dedupe_key) DO NOTHING`);
  const nextDue = sql.prepare(`SELECT * FROM jobs WHERE status = 'pending' AND due_at <= ? ORDER BY due_at, rowid LIMIT 1`);
  const dueOfTypes = (types: string[], upTo: boolean) => prepare(`SELECT * FROM jobs WHERE status = 'pending' AND due_at <= ? AND type IN (${types.map(() => '?').join(',')})
    ${upTo ? `AND ${FOUND_OR_OWNED}` : ''} ORDER BY due_at, rowid LIMIT ?`);
  // The jobs an advance's own work scheduled (see advance-work.ts): this connection's, while the advance runs.
  sql.exec(`CREATE TEMP TABLE IF NOT EXISTS advance_jobs (id TEXT PRIMARY KEY) WITHOUT ROWID`);
  const own = sql.prepare(`INSERT OR IGNORE INTO temp.advance_jobs (id) VALUES (?)`);
  const disownAll = sql.prepare(`DELETE FROM temp.advance_jobs`);
  const nextDueUpTo = sql.prepare(`SELECT * FROM jobs WHERE status = 'pending' AND due_at <= ?
    AND ${FOUND_OR_OWNED} ORDER BY due_at, rowid LIMIT 1`);
  const lastRowid = sql.prepare(`SELECT max(rowid) FROM jobs`).pluck();
  const earliest = sql.prepare(`SELECT MIN(due_at) AS due FROM jobs WHERE status = 'pending'`);
  const claim = sql.prepare(`UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = ? AND status = 'pending'`);
  const remove = sql.prepare(`DELETE FROM jobs WHERE id = ?`);
  const retry = sql.prepare(`UPDATE jobs SET status = 'pending', due_at = ?, last_error = ?, attempts = attempts + ? WHERE id = ?`);
  const fail = sql.prepare(`UPDATE jobs SET status = 'failed', last_error = ? WHERE id = ?`);
  const resetRunning = sql.prepare(`UPDATE jobs SET status = 'pending' WHERE status = 'running'`);
  const countPending = sql.prepare(`SELECT COUNT(*) AS n FROM jobs WHERE status = 'pending'`);
  const byId = sql.prepare(`SELECT * FROM jobs WHERE id = ?`);

  return {
    insert(job: NewJob): boolean {
      return insert.run({ ...job, payload: JSON.stringify(job.payload), dedupeKey: job.dedupeKey ?? null }).changes === 1;
    },
    nextDue: (untilMs: number) => nextDue.get(untilMs) as JobRow | undefined,
    /** The first job due by `untilMs` among those inserted up to `rowid` (see `lastRowid`) and those an advance owns. */
    nextDueUpTo: (untilMs: number, rowid: number) => nextDueUpTo.get(untilMs, rowid) as JobRow | undefined,
    /** Marks a job as the running advance's own (joining the caller's transaction). */
    own: (id: string) => void own.run(id),
    /** The advance is over: it owns nothing. */
    disownAll: () => void disownAll.run(),
    /** Where the jobs inserted so far end: a later insert has a greater rowid (or reuses a deleted one). */
    lastRowid: (): number => (lastRowid.get() as number | null) ?? 0,
    /** Due jobs of the given types (those that may run side by side), oldest first. */
    dueOfTypes: (types: string[], untilMs: number, limit: number) => dueOfTypes(types, false).all(untilMs, ...types, limit) as JobRow[],
    /** The same, among those inserted up to `rowid` and those an advance owns (see `nextDueUpTo`). */
    dueOfTypesUpTo: (types: string[], untilMs: number, rowid: number, limit: number) =>
      dueOfTypes(types, true).all(untilMs, ...types, rowid, limit) as JobRow[],
    earliestDue: () => (earliest.get() as { due: number | null }).due,
    claim: (id: string) => claim.run(id).changes === 1,
    remove: (id: string) => void remove.run(id),
    /** Back to pending at `dueAt`; `countAttempt` when the attempt was not counted by a claim. */
    retry: (id: string, dueAt: number, error: string, countAttempt = false) => void retry.run(dueAt, error, countAttempt ? 1 : 0, id),
    fail: (id: string, error: string) => void fail.run(error, id),
    resetRunning: () => resetRunning.run().changes,
    countPending: () => (countPending.get() as { n: number }).n,
    byId: (id: string) => byId.get(id) as JobRow | undefined,
  };
}
export type JobsStore = ReturnType<typeof createJobsStore>;
