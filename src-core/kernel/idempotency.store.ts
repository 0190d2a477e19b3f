// SQL of idempotency keys: claim a key, keep its first answer, forget it after its window.
import type { Sql } from './db.ts';

export type IdempotencyRow = {
  org_id: string; idem_key: string; request_hash: string; route: string; state: 'running' | 'done';
  status_code: number | null; response: string | null; created_ms: number;
  /** What the request noted of its progress (a JSON object by part), for a run after a stop. */
  progress: string | null;
};

export function createIdempotencyStore(sql: Sql) {
  const get = sql.prepare(`SELECT * FROM idempotency_keys WHERE org_id = ? AND idem_key = ?`);
  const claim = sql.prepare(`INSERT INTO idempotency_keys (org_id, idem_key, request_hash, route, state, created_ms)
    VALUES (@orgId, @key, @hash, @route, 'running', @now)
    ON CONFLICT(org_id, idem_key) DO UPDATE SET request_hash = excluded.request_hash, route = excluded.route, state = 'running',
      status_code = NULL, response = NULL, created_ms = excluded.created_ms, progress = NULL
    WHERE idempotency_keys.created_ms <= @expiredBefore`);
  const finish = sql.prepare(`UPDATE idempotency_keys SET state = 'done', status_code = ?, response = ? WHERE org_id = ? AND idem_key = ?`);
  const release = sql.prepare(`DELETE FROM idempotency_keys WHERE org_id = ? AND idem_key = ? AND state = 'running'`);
  // A claim is its key and when it was made: one taken over since (the key reused after its window) is another.
  const progress = sql.prepare(`SELECT COALESCE(progress, '{}') FROM idempotency_keys WHERE org_id = ? AND idem_key = ? AND created_ms = ?`).pluck();
  const setProgress = sql.prepare(`UPDATE idempotency_keys SET progress = ? WHERE org_id = ? AND idem_key = ? AND created_ms = ?`);
  // A chunk of keys past their window, oldest rows first (no index on created_ms: the scan stops at the chunk's end).
  const removeExpired = sql.prepare(`DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE created_ms <= ? LIMIT ?)`);
  return {
    get: (orgId: string, key: string) => get.get(orgId, key) as IdempotencyRow | undefined,
    /** Takes the key for this request unless a live (unexpired) entry holds it. */
    claim: (p: { orgId: string; key: string; hash: string; route: string; now: number; expiredBefore: number }) => claim.run(p).changes === 1,
    finish: (orgId: string, key: string, status: number, response: string) => void finish.run(status, response, orgId, key),
    release: (orgId: string, key: string) => void release.run(orgId, key),
    /** The claim's progress notes (a JSON object, `{}` when none), or undefined when the claim is gone. */
    progress: (orgId: string, key: string, createdMs: number) => progress.get(orgId, key, createdMs) as string | undefined,
    setProgress: (orgId: string, key: string, createdMs: number, json: string) => void setProgress.run(json, orgId, key, createdMs),
    /** Forgets up to `limit` keys claimed at or before `expiredBefore`; answers how many it forgot. */
    removeExpired: (expiredBefore: number, limit: number) => removeExpired.run(expiredBefore, limit).changes,
  };
}
export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
