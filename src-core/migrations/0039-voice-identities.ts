// Voice app identities (the integrator's users, their phone encrypted), their push devices, and booking sessions.
import type { Migration } from '../kernel/migrate.store.ts';

export const voiceIdentitiesMigration: Migration = {
  id: 39,
  name: 'voice-identities',
  sql: `
CREATE TABLE voice_identities (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  external_id TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('PRO', 'CUSTOMER')),
  display_name TEXT,
  phone_sealed TEXT,
  is_active INTEGER NOT NULL CHECK (is_active IN (0, 1)),
  last_seen_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (org_id, external_id)
);
CREATE INDEX voice_identities_org ON voice_identities(org_id, created_at DESC);

CREATE TABLE voice_devices (
  org_id TEXT NOT NULL REFERENCES organizations(id),
  token TEXT NOT NULL,
  identity_id TEXT NOT NULL REFERENCES voice_identities(id),
  platform TEXT NOT NULL CHECK (platform IN ('ios', 'android')),
  is_voip INTEGER NOT NULL CHECK (is_voip IN (0, 1)),
  registered_at TEXT NOT NULL,
  PRIMARY KEY (org_id, token)
);
CREATE INDEX voice_devices_identity ON voice_devices(identity_id);

CREATE TABLE voice_sessions (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  external_ref TEXT NOT NULL,
  pro_external_id TEXT NOT NULL,
  customer_external_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'revoked', 'expired')),
  expires_at TEXT NOT NULL,
  metadata TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (org_id, external_ref)
);
CREATE INDEX voice_sessions_org ON voice_sessions(org_id, created_at DESC);
`,
};
