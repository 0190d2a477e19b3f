// Read-optimized contacts: the count per organization kept by triggers (the list's `meta.total` is read,
// not counted), an (org_id, rowid) index (newest first without a sort), and each contact's API JSON as
// a virtual column computed by SQLite (lists are served without building an object per row).
import type { Migration } from '../kernel/migrate.store.ts';

export const contactCountsMigration: Migration = {
  id: 13,
  name: 'contact-counts',
  sql: `
CREATE INDEX contacts_org ON contacts(org_id);
ALTER TABLE contacts ADD COLUMN doc TEXT GENERATED ALWAYS AS (json_object(
  'id', id, 'username', username, 'name', name, 'email', email, 'phone', phone, 'profilePic', profile_pic,
  'source', source, 'tags', json(tags), 'isBlocked', json(CASE WHEN is_blocked THEN 'true' ELSE 'false' END),
  'blockedReason', blocked_reason, 'blockedAt', blocked_at, 'createdAt', created_at, 'updatedAt', updated_at
)) VIRTUAL;
CREATE TABLE contact_counts (org_id TEXT PRIMARY KEY, n INTEGER NOT NULL);
INSERT INTO contact_counts (org_id, n) SELECT org_id, COUNT(*) FROM contacts GROUP BY org_id;
CREATE TRIGGER contact_counts_insert AFTER INSERT ON contacts BEGIN
  INSERT INTO contact_counts (org_id, n) VALUES (new.org_id, 1) ON CONFLICT(org_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER contact_counts_delete AFTER DELETE ON contacts BEGIN
  UPDATE contact_counts SET n = n - 1 WHERE org_id = old.org_id;
END;
`,
};
