// The only SQL of RCS bots and templates.
import type { Sql } from '../../kernel/db.ts';

export type BotRow = { id: string; org_id: string; name: string; status: string; created_at: string };
export type RcsTemplateRow = {
  id: string; org_id: string; bot_id: string; name: string; type: string; title: string | null; text: string; image_url: string | null;
  suggestions: string; status: string; created_at: string;
};

export function createRcsStore(sql: Sql) {
  const insertBot = sql.prepare(`INSERT INTO rcs_bots (id, org_id, name, status, created_at) VALUES (@id, @org_id, @name, @status, @created_at)`);
  const bots = sql.prepare(`SELECT * FROM rcs_bots WHERE org_id = ? ORDER BY created_at, rowid`);
  const botById = sql.prepare(`SELECT * FROM rcs_bots WHERE org_id = ? AND id = ?`);
  const insertTemplate = sql.prepare(`INSERT INTO rcs_templates (id, org_id, bot_id, name, type, title, text, image_url, suggestions, status, created_at)
    VALUES (@id, @org_id, @bot_id, @name, @type, @title, @text, @image_url, @suggestions, @status, @created_at)`);
  const templateById = sql.prepare(`SELECT * FROM rcs_templates WHERE org_id = ? AND id = ?`);
  const review = sql.prepare(`UPDATE rcs_templates SET status = ? WHERE id = ? AND status = 'PENDING'`);
  const templates = sql.prepare(`SELECT * FROM rcs_templates WHERE org_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`);
  const countTemplates = sql.prepare(`SELECT COUNT(*) AS n FROM rcs_templates WHERE org_id = ?`);
  return {
    insertBot: (row: BotRow) => void insertBot.run(row),
    bots: (orgId: string) => bots.all(orgId) as BotRow[],
    botById: (orgId: string, id: string) => botById.get(orgId, id) as BotRow | undefined,
    insertTemplate: (row: RcsTemplateRow) => void insertTemplate.run(row),
    templateById: (orgId: string, id: string) => templateById.get(orgId, id) as RcsTemplateRow | undefined,
    review: (id: string, status: string) => void review.run(status, id),
    templates: (orgId: string, limit: number, offset: number) => ({
      rows: templates.all(orgId, limit, offset) as RcsTemplateRow[],
      total: (countTemplates.get(orgId) as { n: number }).n,
    }),
  };
}
export type RcsStore = ReturnType<typeof createRcsStore>;
