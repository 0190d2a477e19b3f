// Kernel tables: settings, organizations, API keys, request log, jobs and the event outbox.
import type { Migration } from '../kernel/migrate.store.ts';

export const kernelMigration: Migration = {
  id: 1,
  name: 'kernel',
  sql: `
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE organizations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  environment TEXT NOT NULL CHECK (environment IN ('live', 'test')),
  scopes TEXT NOT NULL,
  expires_at TEXT,
  ip_whitelist_enabled INTEGER NOT NULL DEFAULT 0,
  allowed_ips TEXT NOT NULL DEFAULT '[]',
  rate_limit_per_minute INTEGER NOT NULL DEFAULT 60,
  created_at TEXT NOT NULL,
  revoked_at TEXT,
  last_used_at TEXT
);
CREATE INDEX api_keys_org ON api_keys(org_id, created_at);

CREATE TABLE request_log (
  id TEXT PRIMARY KEY,
  org_id TEXT,
  key_id TEXT,
  method TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  status_code INTEGER NOT NULL,
  source_ip TEXT NOT NULL,
  duration_ms REAL NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX request_log_org ON request_log(org_id, at);
CREATE INDEX request_log_key ON request_log(key_id, at);

CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  org_id TEXT,
  payload TEXT NOT NULL,
  due_at INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  dedupe_key TEXT UNIQUE,
  created_at TEXT NOT NULL
);
CREATE INDEX jobs_due ON jobs(status, due_at);

CREATE TABLE outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  org_id TEXT NOT NULL,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at TEXT NOT NULL,
  dispatched_at TEXT
);
CREATE INDEX outbox_pending ON outbox(dispatched_at, seq);
`,
};
