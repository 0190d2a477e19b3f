// Instagram: each organization's connected professional account, and the customers' handles known per IGSID.
import type { Migration } from '../kernel/migrate.store.ts';

export const instagramMigration: Migration = {
  id: 8,
  name: 'instagram',
  sql: `
CREATE TABLE instagram_connections (
  org_id TEXT PRIMARY KEY REFERENCES organizations(id),
  instagram_account_id TEXT NOT NULL,
  page_id TEXT NOT NULL,
  page_name TEXT,
  username TEXT NOT NULL,
  name TEXT,
  biography TEXT,
  website TEXT,
  profile_picture_url TEXT,
  followers_count INTEGER NOT NULL DEFAULT 0,
  follows_count INTEGER NOT NULL DEFAULT 0,
  media_count INTEGER NOT NULL DEFAULT 0,
  connected_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE instagram_senders (
  org_id TEXT NOT NULL REFERENCES organizations(id),
  igsid TEXT NOT NULL,
  username TEXT NOT NULL,
  name TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (org_id, igsid)
);
`,
};
