// SQL of organizations and the settings key-value table.
import type { Sql } from './db.ts';
import { createVersionedCache } from './versioned-cache.ts';

export type OrgRow = { id: string; name: string; created_at: string };

export function createOrgsStore(sql: Sql) {
  const insert = sql.prepare(`INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)`);
  const byId = sql.prepare(`SELECT id, name, created_at FROM organizations WHERE id = ?`);
  const rename = sql.prepare(`UPDATE organizations SET name = ? WHERE id = ?`);
  const all = sql.prepare(`SELECT id, name, created_at FROM organizations ORDER BY created_at, rowid`);
  const getSetting = sql.prepare(`SELECT value FROM settings WHERE key = ?`);
  const setSetting = sql.prepare(`INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`);
  const deleteSetting = sql.prepare(`DELETE FROM settings WHERE key = ?`);
  // Organizations read on the send path (a provider shows the organization's name), valid until one is renamed,
  // here or by another process on the same database (the CLI's `orgs rename`).
  const cache = createVersionedCache<OrgRow | undefined>(sql);
  return {
    insert: (org: { id: string; name: string; createdAt: string }) => void insert.run(org.id, org.name, org.createdAt),
    /** False when no organization has that id. */
    rename(id: string, name: string): boolean {
      cache.invalidate();
      return rename.run(name, id).changes === 1;
    },
    byId: (id: string) => byId.get(id) as OrgRow | undefined,
    /** `byId`, from the cache. */
    cachedById: (id: string) => cache.read(id, () => byId.get(id) as OrgRow | undefined),
    all: () => all.all() as OrgRow[],
    getSetting: (key: string) => (getSetting.get(key) as { value: string } | undefined)?.value,
    setSetting: (key: string, value: string) => void setSetting.run(key, value),
    deleteSetting: (key: string) => void deleteSetting.run(key),
  };
}
export type OrgsStore = ReturnType<typeof createOrgsStore>;
