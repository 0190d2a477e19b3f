// Saved replies (the console's canned answers for the inbox's composers): a name unique per organization whatever its
// case (`name_key`, the name in lower case, written by the service), and the text with its merge tags as typed.
import type { Migration } from '../kernel/migrate.store.ts';

export const savedRepliesMigration: Migration = {
  id: 44,
  name: 'saved-replies',
  sql: `
CREATE TABLE saved_replies (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX saved_replies_org_name ON saved_replies(org_id, name_key);
`,
};
