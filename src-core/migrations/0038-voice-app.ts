// Voice app calls: each organization's business numbers and phone-calling setting (with every change of it), and
// the calls between app users and phones.
import type { Migration } from '../kernel/migrate.store.ts';

export const voiceAppMigration: Migration = {
  id: 38,
  name: 'voice-app',
  sql: `
CREATE TABLE voice_app_numbers (
  number TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  route_to TEXT NOT NULL CHECK (route_to IN ('app', 'team', 'ai')),
  created_at TEXT NOT NULL
);
CREATE INDEX voice_app_numbers_org ON voice_app_numbers(org_id, created_at);

CREATE TABLE voice_app_settings_changes (
  org_id TEXT NOT NULL REFERENCES organizations(id),
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  pstn_enabled INTEGER NOT NULL CHECK (pstn_enabled IN (0, 1)),
  changed_at TEXT NOT NULL,
  changed_via TEXT NOT NULL CHECK (changed_via IN ('api', 'dashboard')),
  api_key_id TEXT
);
CREATE INDEX voice_app_settings_changes_org ON voice_app_settings_changes(org_id, seq DESC);

CREATE TABLE voice_app_calls (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  room_id TEXT NOT NULL,
  direction TEXT NOT NULL CHECK (direction IN ('inbound', 'outbound')),
  routed_to TEXT,
  business_number TEXT,
  from_party TEXT NOT NULL,
  to_party TEXT NOT NULL,
  caller_transport TEXT NOT NULL CHECK (caller_transport IN ('WEBRTC', 'PSTN')),
  callee_transport TEXT CHECK (callee_transport IN ('WEBRTC', 'PSTN')),
  status TEXT NOT NULL,
  end_reason TEXT,
  connect_by_ms INTEGER,
  connected_at TEXT,
  started_at TEXT NOT NULL,
  answered_at TEXT,
  ended_at TEXT,
  duration_seconds INTEGER NOT NULL DEFAULT 0,
  cost_paise INTEGER,
  recording_secret TEXT,
  transcript_ready_at TEXT,
  session_ref TEXT,
  session_metadata TEXT
);
CREATE INDEX voice_app_calls_org ON voice_app_calls(org_id, started_at DESC);
CREATE INDEX voice_app_calls_from ON voice_app_calls(org_id, from_party);
CREATE INDEX voice_app_calls_to ON voice_app_calls(org_id, to_party);
`,
};
