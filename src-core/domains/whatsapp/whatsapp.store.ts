// The only SQL of WhatsApp templates and header media.
import type { Sql } from '../../kernel/db.ts';
import { statementCache } from '../../kernel/statements.store.ts';
import { createVersionedCache } from '../../kernel/versioned-cache.ts';

export type WaTemplateRow = {
  id: string; org_id: string; name: string; category: string; language: string; status: string; components: string;
  rejected_reason: string | null; created_at: string;
};
export type WaMediaRow = { id: string; org_id: string; filename: string; mime_type: string; size_bytes: number; data: Buffer; created_at: string };

export function createWhatsappStore(sql: Sql) {
  const prepare = statementCache(sql);
  const insert = sql.prepare(`INSERT INTO whatsapp_templates (id, org_id, name, category, language, status, components, created_at)
    VALUES (@id, @org_id, @name, @category, @language, @status, @components, @created_at)`);
  const byId = sql.prepare(`SELECT * FROM whatsapp_templates WHERE org_id = ? AND id = ?`);
  const byName = sql.prepare(`SELECT * FROM whatsapp_templates WHERE org_id = ? AND name = ? AND language = ?`);
  const languagesOf = sql.prepare(`SELECT DISTINCT language FROM whatsapp_templates WHERE org_id = ? AND name = ? ORDER BY language`);
  const review = sql.prepare(`UPDATE whatsapp_templates SET status = ?, rejected_reason = ? WHERE id = ? AND status = 'PENDING'`);
  const insertMedia = sql.prepare(`INSERT INTO whatsapp_media (id, org_id, filename, mime_type, size_bytes, data, created_at)
    VALUES (@id, @org_id, @filename, @mime_type, @size_bytes, @data, @created_at)`);
  const media = sql.prepare(`SELECT * FROM whatsapp_media WHERE id = ?`);
  // Every template send looks its template up by name: cached until a template changes.
  const named = createVersionedCache<WaTemplateRow | undefined>(sql);
  return {
    insert: (row: Omit<WaTemplateRow, 'rejected_reason'>) => {
      insert.run(row);
      named.invalidate();
    },
    byId: (orgId: string, id: string) => byId.get(orgId, id) as WaTemplateRow | undefined,
    byName: (orgId: string, name: string, language: string) =>
      named.read(`${orgId}\u0000${name}\u0000${language}`, () => byName.get(orgId, name, language) as WaTemplateRow | undefined),
    /** The languages a template name exists in (none when no template has it). */
    languagesOf: (orgId: string, name: string) => (languagesOf.all(orgId, name) as Array<{ language: string }>).map((row) => row.language),
    review: (id: string, status: 'APPROVED' | 'REJECTED', reason: string | null) => {
      const changed = review.run(status, reason, id).changes === 1;
      named.invalidate();
      return changed;
    },
    list(orgId: string, filter: { status?: string | undefined; category?: string | undefined }, limit: number, offset: number) {
      const where = ['org_id = @orgId'];
      if (filter.status) where.push('status = @status');
      if (filter.category) where.push('category = @category');
      const params = { orgId, ...filter, limit, offset };
      const clause = where.join(' AND ');
      return {
        rows: prepare(`SELECT * FROM whatsapp_templates WHERE ${clause} ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset`).all(params) as WaTemplateRow[],
        total: (prepare(`SELECT COUNT(*) AS n FROM whatsapp_templates WHERE ${clause}`).get(params) as { n: number }).n,
      };
    },
    insertMedia: (row: WaMediaRow) => void insertMedia.run(row),
    media: (id: string) => media.get(id) as WaMediaRow | undefined,
  };
}
export type WhatsappStore = ReturnType<typeof createWhatsappStore>;
