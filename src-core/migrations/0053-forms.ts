// Forms (sign-up forms, popups, landing pages) and their submissions: what a form asks is JSON written by the service
// (`fields`: name/email/phone each hidden, optional or required; `custom_fields`: [{key, label, required}]).
import type { Migration } from '../kernel/migrate.store.ts';

export const formsMigration: Migration = {
  id: 53,
  name: 'forms',
  sql: `
CREATE TABLE forms (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  description TEXT NOT NULL,
  fields TEXT NOT NULL,
  custom_fields TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX forms_org ON forms(org_id, created_at);
CREATE TABLE form_submissions (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL,
  form_id TEXT NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL,
  fields TEXT NOT NULL,
  submitted_at TEXT NOT NULL
);
CREATE INDEX form_submissions_form ON form_submissions(form_id, submitted_at);
`,
};
