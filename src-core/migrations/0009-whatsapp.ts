// WhatsApp templates and uploaded header media.
import type { Migration } from '../kernel/migrate.store.ts';

export const whatsappMigration: Migration = {
  id: 9,
  name: 'whatsapp',
  sql: `
CREATE TABLE whatsapp_templates (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  category TEXT NOT NULL,
  language TEXT NOT NULL,
  status TEXT NOT NULL,
  components TEXT NOT NULL,
  rejected_reason TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (org_id, name, language)
);
CREATE INDEX whatsapp_templates_org ON whatsapp_templates(org_id, created_at DESC);

CREATE TABLE whatsapp_media (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  filename TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  data BLOB NOT NULL,
  created_at TEXT NOT NULL
);
`,
};
