// The only SQL of lifecycle stages: an organization's ordered stages with their contact counts (a contact's stage is set by the contacts store).
import type { Sql } from '../../kernel/db.ts';

export type LifecycleStageRow = { id: string; org_id: string; name: string; position: number; created_at: string; contacts: number };

export function createLifecycleStagesStore(sql: Sql) {
  const counted = `SELECT s.*, (SELECT COUNT(*) FROM contacts c WHERE c.org_id = s.org_id AND c.lifecycle_stage_id = s.id) AS contacts
    FROM lifecycle_stages s`;
  const list = sql.prepare(`${counted} WHERE s.org_id = ? ORDER BY s.position, s.rowid`);
  const byId = sql.prepare(`${counted} WHERE s.id = ? AND s.org_id = ?`);
  const byName = sql.prepare(`SELECT id FROM lifecycle_stages WHERE org_id = ? AND name = ? COLLATE NOCASE`).pluck();
  const last = sql.prepare(`SELECT COALESCE(MAX(position), 0) FROM lifecycle_stages WHERE org_id = ?`).pluck();
  const insert = sql.prepare(`INSERT INTO lifecycle_stages (id, org_id, name, position, created_at) VALUES (@id, @org_id, @name, @position, @created_at)`);
  const rename = sql.prepare(`UPDATE lifecycle_stages SET name = ? WHERE id = ? AND org_id = ?`);
  const move = sql.prepare(`UPDATE lifecycle_stages SET position = ? WHERE id = ? AND org_id = ?`);
  const remove = sql.prepare(`DELETE FROM lifecycle_stages WHERE id = ? AND org_id = ?`);
  return {
    list: (orgId: string) => list.all(orgId) as LifecycleStageRow[],
    byId: (orgId: string, id: string) => byId.get(id, orgId) as LifecycleStageRow | undefined,
    /** The stage of that name, case aside (names are unique in an organization), if any. */
    idByName: (orgId: string, name: string) => byName.get(orgId, name) as string | undefined,
    lastPosition: (orgId: string) => last.get(orgId) as number,
    insert: (row: Omit<LifecycleStageRow, 'contacts'>) => void insert.run(row),
    rename: (orgId: string, id: string, name: string) => void rename.run(name, id, orgId),
    /** Positions 1, 2, … in the order of `ids`. */
    reorder: (orgId: string, ids: readonly string[]) => ids.forEach((id, i) => move.run(i + 1, id, orgId)),
    remove: (orgId: string, id: string) => void remove.run(id, orgId),
  };
}
export type LifecycleStagesStore = ReturnType<typeof createLifecycleStagesStore>;
