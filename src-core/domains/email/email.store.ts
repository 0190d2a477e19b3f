// The only SQL of email: templates, sending domains, the SMTP connection, contacts, suppressions.
import { searchTermInALabels } from '../../contract/common.ts';
import { foldText, type Sql } from '../../kernel/db.ts';
import { containsPattern } from '../../kernel/statements.store.ts';

export type TemplateRow = { id: string; org_id: string; name: string; subject: string; html: string | null; text: string | null; created_at: string; updated_at: string };
export type DomainRow = { id: string; org_id: string; domain: string; status: string; created_at: string; verified_at: string | null };
export type SmtpRow = { org_id: string; host: string; port: number; secure: number; user: string | null; password: string | null; from_email: string; updated_at: string };
export type EmailContactRow = { id: string; org_id: string; email: string; first_name: string | null; last_name: string | null; subscribed: number; created_at: string };

export function createEmailStore(sql: Sql) {
  const q = {
    insertTemplate: sql.prepare(`INSERT INTO email_templates (id, org_id, name, subject, html, text, created_at, updated_at)
      VALUES (@id, @org_id, @name, @subject, @html, @text, @created_at, @updated_at)`),
    updateTemplate: sql.prepare(`UPDATE email_templates SET name = @name, subject = @subject, html = @html, text = @text, updated_at = @updated_at WHERE id = @id AND org_id = @org_id`),
    template: sql.prepare(`SELECT * FROM email_templates WHERE org_id = ? AND id = ?`),
    templates: sql.prepare(`SELECT * FROM email_templates WHERE org_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`),
    countTemplates: sql.prepare(`SELECT COUNT(*) AS n FROM email_templates WHERE org_id = ?`),
    insertDomain: sql.prepare(`INSERT INTO email_domains (id, org_id, domain, status, created_at) VALUES (@id, @org_id, @domain, @status, @created_at)`),
    verifyDomain: sql.prepare(`UPDATE email_domains SET status = 'VERIFIED', verified_at = ? WHERE id = ? AND status = 'PENDING'`),
    domain: sql.prepare(`SELECT * FROM email_domains WHERE org_id = ? AND domain = ?`),
    domains: sql.prepare(`SELECT * FROM email_domains WHERE org_id = ? ORDER BY created_at, rowid`),
    saveSmtp: sql.prepare(`INSERT INTO email_smtp (org_id, host, port, secure, user, password, from_email, updated_at)
      VALUES (@org_id, @host, @port, @secure, @user, @password, @from_email, @updated_at)
      ON CONFLICT(org_id) DO UPDATE SET host = excluded.host, port = excluded.port, secure = excluded.secure, user = excluded.user,
        password = excluded.password, from_email = excluded.from_email, updated_at = excluded.updated_at`),
    smtp: sql.prepare(`SELECT * FROM email_smtp WHERE org_id = ?`),
    deleteSmtp: sql.prepare(`DELETE FROM email_smtp WHERE org_id = ?`),
    insertContact: sql.prepare(`INSERT INTO email_contacts (id, org_id, email, first_name, last_name, created_at) VALUES (@id, @org_id, @email, @first_name, @last_name, @created_at)`),
    contactByEmail: sql.prepare(`SELECT * FROM email_contacts WHERE org_id = ? AND email = ?`),
    suppress: sql.prepare(`INSERT INTO email_suppressions (org_id, email, reason, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`),
    suppressed: sql.prepare(`SELECT reason FROM email_suppressions WHERE org_id = ? AND email = ?`),
    suppressions: sql.prepare(`SELECT email, reason, created_at FROM email_suppressions WHERE org_id = ? ORDER BY created_at DESC, rowid DESC`),
    unsuppress: sql.prepare(`DELETE FROM email_suppressions WHERE org_id = ? AND email = ?`),
  };
  return {
    insertTemplate: (row: TemplateRow) => void q.insertTemplate.run(row),
    updateTemplate: (row: Omit<TemplateRow, 'created_at'>) => q.updateTemplate.run(row).changes === 1,
    template: (orgId: string, id: string) => q.template.get(orgId, id) as TemplateRow | undefined,
    templates: (orgId: string, limit: number, offset: number) => ({
      rows: q.templates.all(orgId, limit, offset) as TemplateRow[], total: (q.countTemplates.get(orgId) as { n: number }).n,
    }),
    insertDomain: (row: Omit<DomainRow, 'verified_at'>) => void q.insertDomain.run(row),
    verifyDomain: (id: string, at: string) => void q.verifyDomain.run(at, id),
    domain: (orgId: string, domain: string) => q.domain.get(orgId, domain) as DomainRow | undefined,
    domains: (orgId: string) => q.domains.all(orgId) as DomainRow[],
    saveSmtp: (row: SmtpRow) => void q.saveSmtp.run(row),
    smtp: (orgId: string) => q.smtp.get(orgId) as SmtpRow | undefined,
    deleteSmtp: (orgId: string) => q.deleteSmtp.run(orgId).changes === 1,
    insertContact: (row: Omit<EmailContactRow, 'subscribed'>) => void q.insertContact.run(row),
    contactByEmail: (orgId: string, email: string) => q.contactByEmail.get(orgId, email) as EmailContactRow | undefined,
    contacts(orgId: string, search: string | undefined, limit: number, offset: number) {
      // Accents and case aside (fold): `zoe` finds Zoë. An address's domain is stored in A-labels: named as the console
      // shows it (`bücher`, `kai@bücher.de`), it is found too.
      const ascii = search ? searchTermInALabels(search) : null;
      const byAscii = ascii ? `OR email LIKE @ascii ESCAPE '\\'` : '';
      const where = search ? `org_id = @orgId AND (fold(email) LIKE @term ESCAPE '\\' ${byAscii} OR fold(first_name) LIKE @term ESCAPE '\\'
        OR fold(last_name) LIKE @term ESCAPE '\\' OR fold(first_name || ' ' || last_name) LIKE @term ESCAPE '\\')` : 'org_id = @orgId';
      const params = { orgId, term: containsPattern(foldText(search ?? '')), limit, offset, ...(ascii ? { ascii: containsPattern(ascii) } : {}) };
      return {
        rows: sql.prepare(`SELECT * FROM email_contacts WHERE ${where} ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset`).all(params) as EmailContactRow[],
        total: (sql.prepare(`SELECT COUNT(*) AS n FROM email_contacts WHERE ${where}`).get(params) as { n: number }).n,
      };
    },
    /** Addresses of the subscribed email contacts that are not suppressed, oldest first. */
    subscribers: (orgId: string): string[] => sql.prepare(`SELECT email FROM email_contacts c WHERE org_id = ? AND subscribed = 1
      AND NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.org_id = c.org_id AND s.email = c.email) ORDER BY rowid`).pluck().all(orgId) as string[],
    suppress: (orgId: string, email: string, reason: string, at: string) => void q.suppress.run(orgId, email, reason, at),
    suppressed: (orgId: string, email: string) => (q.suppressed.get(orgId, email) as { reason: string } | undefined)?.reason ?? null,
    /** The organization's suppression list, newest first. */
    suppressions: (orgId: string) => q.suppressions.all(orgId) as Array<{ email: string; reason: string; created_at: string }>,
    /** Takes an address off the list; false when it was not on it. */
    unsuppress: (orgId: string, email: string) => q.unsuppress.run(orgId, email).changes === 1,
  };
}
export type EmailStore = ReturnType<typeof createEmailStore>;
