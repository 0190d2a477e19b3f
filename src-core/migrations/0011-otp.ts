// OTP widgets, requests (hashed codes only), one row per send or retry (the hourly cap), access tokens, signing keys.
import type { Migration } from '../kernel/migrate.store.ts';

export const otpMigration: Migration = {
  id: 11,
  name: 'otp',
  sql: `
CREATE TABLE otp_widgets (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  otp_length INTEGER NOT NULL,
  expiry_seconds INTEGER NOT NULL,
  resend_cooldown_seconds INTEGER NOT NULL,
  max_resends INTEGER NOT NULL,
  max_sends_per_hour INTEGER NOT NULL,
  max_verify_attempts INTEGER NOT NULL,
  channels TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX otp_widgets_org ON otp_widgets (org_id, created_at);
CREATE TABLE otp_requests (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  widget_id TEXT NOT NULL REFERENCES otp_widgets(id),
  identifier TEXT NOT NULL,
  channel TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  resends INTEGER NOT NULL DEFAULT 0,
  sent_at TEXT NOT NULL,
  last_sent_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  verified_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX otp_requests_identifier ON otp_requests (org_id, identifier, sent_at, last_sent_at);
CREATE INDEX otp_requests_widget_status ON otp_requests (org_id, widget_id, status);
CREATE INDEX otp_requests_org_sent ON otp_requests (org_id, sent_at);
CREATE TABLE otp_sends (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  request_id TEXT NOT NULL REFERENCES otp_requests(id),
  org_id TEXT NOT NULL,
  identifier TEXT NOT NULL,
  channel TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX otp_sends_identifier ON otp_sends (org_id, identifier, at);
CREATE INDEX otp_sends_request ON otp_sends (request_id);
CREATE TABLE otp_tokens (
  jti TEXT PRIMARY KEY,
  org_id TEXT NOT NULL,
  request_id TEXT NOT NULL REFERENCES otp_requests(id),
  identifier TEXT NOT NULL,
  verified_at TEXT NOT NULL,
  consumed_at TEXT
);
CREATE TABLE otp_signing_keys (
  org_id TEXT PRIMARY KEY REFERENCES organizations(id),
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`,
};
