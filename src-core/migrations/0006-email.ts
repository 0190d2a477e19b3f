// Email templates, sending domains, the SMTP connection, email contacts and the suppression list.
import type { Migration } from '../kernel/migrate.store.ts';

export const emailMigration: Migration = {
  id: 6,
  name: 'email',
  sql: `
CREATE TABLE email_templates (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL REFERENCES organizations(id), name TEXT NOT NULL, subject TEXT NOT NULL,
  html TEXT, text TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX email_templates_org ON email_templates(org_id, created_at DESC);
CREATE TABLE email_domains (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL REFERENCES organizations(id), domain TEXT NOT NULL, status TEXT NOT NULL,
  created_at TEXT NOT NULL, verified_at TEXT, UNIQUE (org_id, domain)
);
CREATE TABLE email_smtp (
  org_id TEXT PRIMARY KEY REFERENCES organizations(id), host TEXT NOT NULL, port INTEGER NOT NULL, secure INTEGER NOT NULL,
  user TEXT, password TEXT, from_email TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE TABLE email_contacts (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL REFERENCES organizations(id), email TEXT NOT NULL COLLATE NOCASE, first_name TEXT, last_name TEXT,
  subscribed INTEGER NOT NULL DEFAULT 1, created_at TEXT NOT NULL, UNIQUE (org_id, email)
);
CREATE TABLE email_suppressions (
  org_id TEXT NOT NULL, email TEXT NOT NULL COLLATE NOCASE, reason TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (org_id, email)
);
`,
};
