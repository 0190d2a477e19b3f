// SMS sender ids and DLT templates.
import type { Migration } from '../kernel/migrate.store.ts';

export const smsMigration: Migration = {
  id: 7,
  name: 'sms',
  sql: `
CREATE TABLE sms_senders (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  sender_id TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (org_id, sender_id)
);
CREATE TABLE sms_templates (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  dlt_template_id TEXT NOT NULL,
  body TEXT NOT NULL,
  route TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (org_id, dlt_template_id)
);
`,
};
