// SQL of idempotency keys: claim a key, keep its first answer, forget it after its window.
import type { Sql } from './db.ts';

export type IdempotencyRow = {
  org_id: string; idem_key: string; request_hash: string; route: string; state: 'running' | 'done';
  status_code: number | null; response: string | null; created_ms: number;
};

export function createIdempotencyStore(sql: Sql) {
  const get = sql.prepare(`SELECT * FROM idempotency_keys WHERE org_id = ? AND idem_key = ?`);
  const claim = sql.prepare(`INSERT INTO idempotency_keys (org_id, idem_key, request_hash, route, state, created_ms)
    VALUES (@orgId, @key, @hash, @route, 'running', @now)
    ON CONFLICT(org_id, idem_key) DO UPDATE SET request_hash = excluded.request_hash, route = excluded.route, state = 'running',
      status_code = NULL, response = NULL, created_ms = excluded.created_ms
    WHERE idempotency_keys.created_ms <= @expiredBefore`);
  const finish = sql.prepare(`UPDATE idempotency_keys SET state = 'done', status_code = ?, response = ? WHERE org_id = ? AND idem_key = ?`);
  const release = sql.prepare(`DELETE FROM idempotency_keys WHERE org_id = ? AND idem_key = ? AND state = 'running'`);
  return {
    get: (orgId: string, key: string) => get.get(orgId, key) as IdempotencyRow | undefined,
    /** Takes the key for this request unless a live (unexpired) entry holds it. */
    claim: (p: { orgId: string; key: string; hash: string; route: string; now: number; expiredBefore: number }) => claim.run(p).changes === 1,
    finish: (orgId: string, key: string, status: number, response: string) => void finish.run(status, response, orgId, key),
    release: (orgId: string, key: string) => void release.run(orgId, key),
  };
}
export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
