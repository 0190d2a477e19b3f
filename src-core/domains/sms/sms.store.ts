// The only SQL of SMS sender ids and DLT templates.
import type { Sql } from '../../kernel/db.ts';
import { statementCache } from '../../kernel/statements.store.ts';

export type SenderRow = { id: string; org_id: string; sender_id: string; entity_id: string; status: string; created_at: string };
export type SmsTemplateRow = { id: string; org_id: string; name: string; dlt_template_id: string; body: string; route: string; status: string; created_at: string };

export function createSmsStore(sql: Sql) {
  const prepare = statementCache(sql);
  const insertSender = sql.prepare(`INSERT INTO sms_senders (id, org_id, sender_id, entity_id, status, created_at)
    VALUES (@id, @org_id, @sender_id, @entity_id, @status, @created_at)`);
  const resubmitSender = sql.prepare(`UPDATE sms_senders SET entity_id = @entity_id, status = @status
    WHERE org_id = @org_id AND id = @id AND status = 'REJECTED'`);
  const senderByName = sql.prepare(`SELECT * FROM sms_senders WHERE org_id = ? AND sender_id = ?`);
  const senderById = sql.prepare(`SELECT * FROM sms_senders WHERE org_id = ? AND id = ?`);
  const insertTemplate = sql.prepare(`INSERT INTO sms_templates (id, org_id, name, dlt_template_id, body, route, status, created_at)
    VALUES (@id, @org_id, @name, @dlt_template_id, @body, @route, @status, @created_at)`);
  const resubmitTemplate = sql.prepare(`UPDATE sms_templates SET name = @name, body = @body, route = @route, status = @status
    WHERE org_id = @org_id AND id = @id AND status = 'REJECTED'`);
  const templateById = sql.prepare(`SELECT * FROM sms_templates WHERE org_id = ? AND id = ?`);
  const templateByDlt = sql.prepare(`SELECT * FROM sms_templates WHERE org_id = ? AND dlt_template_id = ?`);
  const approvedTemplates = sql.prepare(`SELECT * FROM sms_templates WHERE org_id = ? AND status = 'APPROVED' ORDER BY created_at, rowid`);
  const review = (table: 'sms_senders' | 'sms_templates') => prepare(`UPDATE ${table} SET status = ? WHERE id = ? AND status = 'PENDING'`);
  const reviewSender = review('sms_senders');
  const reviewTemplate = review('sms_templates');
  const page = (table: string, filterStatus: boolean) => ({
    rows: prepare(`SELECT * FROM ${table} WHERE org_id = @orgId ${filterStatus ? 'AND status = @status' : ''} ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset`),
    count: prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE org_id = @orgId ${filterStatus ? 'AND status = @status' : ''}`),
  });
  const pages = { senders: page('sms_senders', false), templates: page('sms_templates', false), templatesByStatus: page('sms_templates', true) };

  return {
    insertSender: (row: SenderRow) => void insertSender.run(row),
    /** A rejected sender id submitted again: its entity id replaced, PENDING. */
    resubmitSender: (row: SenderRow) => void resubmitSender.run(row),
    senderByName: (orgId: string, senderId: string) => senderByName.get(orgId, senderId) as SenderRow | undefined,
    senderById: (orgId: string, id: string) => senderById.get(orgId, id) as SenderRow | undefined,
    insertTemplate: (row: SmsTemplateRow) => void insertTemplate.run(row),
    /** A rejected template submitted again under its DLT id: new name, body and route, PENDING. */
    resubmitTemplate: (row: SmsTemplateRow) => void resubmitTemplate.run(row),
    templateById: (orgId: string, id: string) => templateById.get(orgId, id) as SmsTemplateRow | undefined,
    templateByDlt: (orgId: string, dlt: string) => templateByDlt.get(orgId, dlt) as SmsTemplateRow | undefined,
    approvedTemplates: (orgId: string) => approvedTemplates.all(orgId) as SmsTemplateRow[],
    reviewSender: (id: string, status: string) => void reviewSender.run(status, id),
    reviewTemplate: (id: string, status: string) => void reviewTemplate.run(status, id),
    senders(orgId: string, limit: number, offset: number) {
      const params = { orgId, limit, offset };
      return { rows: pages.senders.rows.all(params) as SenderRow[], total: (pages.senders.count.get(params) as { n: number }).n };
    },
    templates(orgId: string, status: string | undefined, limit: number, offset: number) {
      const which = status ? pages.templatesByStatus : pages.templates;
      const params = { orgId, status, limit, offset };
      return { rows: which.rows.all(params) as SmsTemplateRow[], total: (which.count.get(params) as { n: number }).n };
    },
  };
}
export type SmsStore = ReturnType<typeof createSmsStore>;
