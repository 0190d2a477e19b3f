// The only SQL of forms: forms per organization (with their submission and spam counts) and the submissions made on them.
import type { Sql } from '../../kernel/db.ts';

export type FormRow = {
  id: string; org_id: string; name: string; kind: string; description: string; fields: string; custom_fields: string;
  created_at: string; updated_at: string;
};
export type CountedFormRow = FormRow & { submissions_count: number; spam_count: number };
export type SubmissionRow = { id: string; org_id: string; form_id: string; contact_id: string; fields: string; submitted_at: string };

const COUNTED = `SELECT forms.*, (SELECT COUNT(*) FROM form_submissions s WHERE s.form_id = forms.id) AS submissions_count FROM forms`;

export function createFormsStore(sql: Sql) {
  const insert = sql.prepare(`INSERT INTO forms (id, org_id, name, kind, description, fields, custom_fields, created_at, updated_at)
    VALUES (@id, @org_id, @name, @kind, @description, @fields, @custom_fields, @created_at, @updated_at)`);
  const update = sql.prepare(`UPDATE forms SET name = @name, kind = @kind, description = @description, fields = @fields,
    custom_fields = @custom_fields, updated_at = @updated_at WHERE org_id = @org_id AND id = @id`);
  const removeSubmissions = sql.prepare(`DELETE FROM form_submissions WHERE org_id = ? AND form_id = ?`);
  const remove = sql.prepare(`DELETE FROM forms WHERE org_id = ? AND id = ?`);
  const byId = sql.prepare(`${COUNTED} WHERE org_id = ? AND id = ?`);
  const anyOrg = sql.prepare(`${COUNTED} WHERE id = ?`);
  const list = sql.prepare(`${COUNTED} WHERE org_id = ? ORDER BY created_at DESC, id DESC`);
  const count = sql.prepare(`SELECT COUNT(*) AS n FROM forms WHERE org_id = ?`);
  const insertSubmission = sql.prepare(`INSERT INTO form_submissions (id, org_id, form_id, contact_id, fields, submitted_at)
    VALUES (@id, @org_id, @form_id, @contact_id, @fields, @submitted_at)`);
  const submissions = sql.prepare(`SELECT * FROM form_submissions WHERE org_id = ? AND form_id = ?
    ORDER BY submitted_at DESC, id DESC LIMIT ? OFFSET ?`);
  const countSpam = sql.prepare(`UPDATE forms SET spam_count = spam_count + 1 WHERE id = ?`);

  return {
    insert: (row: FormRow) => void insert.run(row),
    update: (row: FormRow) => void update.run(row),
    remove: (orgId: string, id: string): boolean => {
      removeSubmissions.run(orgId, id);
      return remove.run(orgId, id).changes === 1;
    },
    byId: (orgId: string, id: string) => byId.get(orgId, id) as CountedFormRow | undefined,
    /** A form by its id alone: the public page and its submissions name no organization. */
    byIdAnyOrg: (id: string) => anyOrg.get(id) as CountedFormRow | undefined,
    list: (orgId: string) => list.all(orgId) as CountedFormRow[],
    count: (orgId: string) => (count.get(orgId) as { n: number }).n,
    insertSubmission: (row: SubmissionRow) => void insertSubmission.run(row),
    /** A page of the form's submissions, newest first (ties by id, so pages never swap two of one instant). */
    submissions: (orgId: string, formId: string, limit: number, offset: number) => submissions.all(orgId, formId, limit, offset) as SubmissionRow[],
    /** One more post its spam trap caught. */
    countSpam: (formId: string) => void countSpam.run(formId),
  };
}
export type FormsStore = ReturnType<typeof createFormsStore>;
