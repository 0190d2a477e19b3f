// Webhook deliveries waiting for a retry (FAILED) or held (a disabled endpoint's), by endpoint: the console's Overview
// counts them without walking every delivery its endpoints kept (finished ones stay 30 days), however many there are.
import type { Migration } from '../kernel/migrate.store.ts';

export const webhookDeliveriesWaitingMigration: Migration = {
  id: 50,
  name: 'webhook-deliveries-waiting',
  sql: `
CREATE INDEX webhook_deliveries_waiting ON webhook_deliveries(endpoint_id, status) WHERE status IN ('FAILED', 'HELD');
`,
};
