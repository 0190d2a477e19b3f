// The only SQL of saved replies: rows per organization, listed by name (optionally those a search finds).
import type { Sql } from '../../kernel/db.ts';
import { foldText } from '../../kernel/db.ts';
import { containsPattern } from '../../kernel/statements.store.ts';

export type SavedReplyRow = { id: string; org_id: string; name: string; name_key: string; text: string; created_at: string; updated_at: string };

export function createSavedRepliesStore(sql: Sql) {
  const insert = sql.prepare(`INSERT INTO saved_replies (id, org_id, name, name_key, text, created_at, updated_at)
    VALUES (@id, @org_id, @name, @name_key, @text, @created_at, @updated_at)`);
  const update = sql.prepare(`UPDATE saved_replies SET name = @name, name_key = @name_key, text = @text, updated_at = @updated_at WHERE org_id = @org_id AND id = @id`);
  const remove = sql.prepare(`DELETE FROM saved_replies WHERE org_id = ? AND id = ?`);
  const byId = sql.prepare(`SELECT * FROM saved_replies WHERE org_id = ? AND id = ?`);
  const byNameKey = sql.prepare(`SELECT * FROM saved_replies WHERE org_id = ? AND name_key = ?`);
  const count = sql.prepare(`SELECT COUNT(*) AS n FROM saved_replies WHERE org_id = ?`);
  // Accents and case aside (fold): `reembolso` finds "Reembolsó". By name, then the id for names that sort alike.
  const list = sql.prepare(`SELECT * FROM saved_replies WHERE org_id = @orgId
    AND (@like IS NULL OR fold(name) LIKE @like ESCAPE '\\' OR fold(text) LIKE @like ESCAPE '\\') ORDER BY name_key, id`);

  return {
    insert: (row: SavedReplyRow) => void insert.run(row),
    update: (row: SavedReplyRow) => void update.run(row),
    remove: (orgId: string, id: string) => remove.run(orgId, id).changes === 1,
    byId: (orgId: string, id: string) => byId.get(orgId, id) as SavedReplyRow | undefined,
    byNameKey: (orgId: string, nameKey: string) => byNameKey.get(orgId, nameKey) as SavedReplyRow | undefined,
    count: (orgId: string) => (count.get(orgId) as { n: number }).n,
    list: (orgId: string, search: string | undefined) =>
      list.all({ orgId, like: search ? containsPattern(foldText(search)) : null }) as SavedReplyRow[],
  };
}
export type SavedRepliesStore = ReturnType<typeof createSavedRepliesStore>;
