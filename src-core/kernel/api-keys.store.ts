// SQL of API keys: only the SHA-256 hash of a key is ever stored.
import type { Sql } from './db.ts';
import { createVersionedCache } from './versioned-cache.ts';

export type ApiKeyRow = {
  id: string; org_id: string; name: string; prefix: string; key_hash: string; environment: 'live' | 'test';
  scopes: string; expires_at: string | null; ip_whitelist_enabled: number; allowed_ips: string;
  rate_limit_per_minute: number; created_at: string; revoked_at: string | null; last_used_at: string | null;
};

export function createApiKeysStore(sql: Sql) {
  const insert = sql.prepare(`INSERT INTO api_keys (id, org_id, name, prefix, key_hash, environment, scopes, expires_at,
      ip_whitelist_enabled, allowed_ips, rate_limit_per_minute, created_at)
    VALUES (@id, @org_id, @name, @prefix, @key_hash, @environment, @scopes, @expires_at,
      @ip_whitelist_enabled, @allowed_ips, @rate_limit_per_minute, @created_at)`);
  const byHash = sql.prepare(`SELECT * FROM api_keys WHERE key_hash = ?`);
  const byId = sql.prepare(`SELECT * FROM api_keys WHERE id = ? AND org_id = ?`);
  const byOrg = sql.prepare(`SELECT * FROM api_keys WHERE org_id = ? ORDER BY created_at DESC, rowid DESC`);
  const revoke = sql.prepare(`UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`);
  // Every request looks its key up by hash: cached until a key changes here or in another process (the CLI).
  const cache = createVersionedCache<ApiKeyRow | undefined>(sql, 1024);
  return {
    insert: (row: Omit<ApiKeyRow, 'revoked_at' | 'last_used_at'>) => {
      insert.run(row);
      cache.invalidate();
    },
    byHash: (hash: string) => cache.read(hash, () => byHash.get(hash) as ApiKeyRow | undefined),
    byId: (id: string, orgId: string) => byId.get(id, orgId) as ApiKeyRow | undefined,
    byOrg: (orgId: string) => byOrg.all(orgId) as ApiKeyRow[],
    revoke: (id: string, at: string) => {
      revoke.run(at, id);
      cache.invalidate();
    },
  };
}
