// RCS bots and templates.
import type { Migration } from '../kernel/migrate.store.ts';

export const rcsMigration: Migration = {
  id: 14,
  name: 'rcs',
  sql: `
CREATE TABLE rcs_bots (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE rcs_templates (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  bot_id TEXT NOT NULL REFERENCES rcs_bots(id),
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  title TEXT,
  text TEXT NOT NULL,
  image_url TEXT,
  suggestions TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`,
};
