// Endpoints the core deleted because their receiver answered 410 Gone: what the console says to whoever opens
// it later (the live notice reaches only a console open at the time). Written with the deletion.
import type { Migration } from '../kernel/migrate.store.ts';

export const webhookEndpointsGoneMigration: Migration = {
  id: 27,
  name: 'webhook-endpoints-gone',
  sql: `
CREATE TABLE webhook_endpoints_gone (
  endpoint_id TEXT PRIMARY KEY, org_id TEXT NOT NULL, url TEXT NOT NULL, event_type TEXT NOT NULL, delivery_id TEXT NOT NULL, at TEXT NOT NULL
);
CREATE INDEX webhook_endpoints_gone_org ON webhook_endpoints_gone(org_id, at DESC);
`,
};
