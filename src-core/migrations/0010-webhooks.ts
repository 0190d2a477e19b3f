// Webhook endpoints, deliveries (one per event and endpoint, plus replays) and their attempts.
import type { Migration } from '../kernel/migrate.store.ts';

export const webhooksMigration: Migration = {
  id: 10,
  name: 'webhooks',
  sql: `
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL REFERENCES organizations(id), url TEXT NOT NULL, description TEXT, events TEXT NOT NULL,
  secret TEXT NOT NULL, is_active INTEGER NOT NULL DEFAULT 1, disabled_reason TEXT, created_via TEXT NOT NULL,
  consecutive_failures INTEGER NOT NULL DEFAULT 0, last_success_at TEXT, last_failure_at TEXT, created_at TEXT NOT NULL
);
CREATE INDEX webhook_endpoints_org ON webhook_endpoints(org_id, created_at);
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, endpoint_id TEXT NOT NULL, event_id TEXT NOT NULL, event_type TEXT NOT NULL,
  payload TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at TEXT, last_response_status INTEGER,
  replay_of TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX webhook_deliveries_fanout ON webhook_deliveries(event_id, endpoint_id) WHERE replay_of IS NULL;
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, created_at DESC);
CREATE TABLE webhook_attempts (
  delivery_id TEXT NOT NULL, attempt INTEGER NOT NULL, at TEXT NOT NULL, request_headers TEXT NOT NULL, response_status INTEGER,
  response_body TEXT, latency_ms REAL, error TEXT, PRIMARY KEY (delivery_id, attempt)
);
`,
};
