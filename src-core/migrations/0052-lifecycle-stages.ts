// Lifecycle stages: each organization's ordered stages (Subscriber, Lead, Qualified, Customer, Churned made for every
// organization, those to come by a trigger), a contact's stage (null: none), and the contact's API JSON with it.
import type { Migration } from '../kernel/migrate.store.ts';

/** The stages every organization starts with, in order (docs/contract-notes.md, Lifecycle stages). */
const DEFAULTS = `VALUES ('Subscriber', 1), ('Lead', 2), ('Qualified', 3), ('Customer', 4), ('Churned', 5)`;
const stageId = `'stage_' || lower(hex(randomblob(12)))`;

export const lifecycleStagesMigration: Migration = {
  id: 52,
  name: 'lifecycle-stages',
  sql: `
CREATE TABLE lifecycle_stages (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  position INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX lifecycle_stages_org ON lifecycle_stages(org_id, position);
CREATE UNIQUE INDEX lifecycle_stages_name ON lifecycle_stages(org_id, name COLLATE NOCASE);
INSERT INTO lifecycle_stages (id, org_id, name, position, created_at)
  SELECT ${stageId}, o.id, d.column1, d.column2, o.created_at FROM organizations o, (${DEFAULTS}) d ORDER BY o.rowid, d.column2;
CREATE TRIGGER lifecycle_stages_defaults AFTER INSERT ON organizations BEGIN
  INSERT INTO lifecycle_stages (id, org_id, name, position, created_at)
    SELECT ${stageId}, new.id, d.column1, d.column2, new.created_at FROM (${DEFAULTS}) d;
END;
ALTER TABLE contacts ADD COLUMN lifecycle_stage_id TEXT;
CREATE INDEX contacts_lifecycle_stage ON contacts(org_id, lifecycle_stage_id) WHERE lifecycle_stage_id IS NOT NULL;
ALTER TABLE contacts DROP COLUMN doc;
ALTER TABLE contacts ADD COLUMN doc TEXT GENERATED ALWAYS AS (json_object(
  'id', id, 'username', username, 'name', name, 'email', email, 'phone', phone, 'profilePic', profile_pic,
  'source', source, 'tags', json(tags), 'lifecycleStageId', lifecycle_stage_id, 'isBlocked', json(CASE WHEN is_blocked THEN 'true' ELSE 'false' END),
  'blockedReason', blocked_reason, 'blockedAt', blocked_at, 'createdAt', created_at, 'updatedAt', updated_at
)) VIRTUAL;
`,
};
