// Each endpoint names its last delivery attempt (the delivery and the attempt's number), written with the attempt:
// the console's cards read every endpoint's last attempt by key instead of ranking all the organization's attempts
// (GET /dashboard/webhooks/last-attempts). Existing endpoints are filled from their attempts, latest by time.
import type { Migration } from '../kernel/migrate.store.ts';

export const webhookLastAttemptMigration: Migration = {
  id: 41,
  name: 'webhook-last-attempt',
  sql: `
ALTER TABLE webhook_endpoints ADD COLUMN last_attempt_delivery_id TEXT;
ALTER TABLE webhook_endpoints ADD COLUMN last_attempt_number INTEGER;
UPDATE webhook_endpoints SET (last_attempt_delivery_id, last_attempt_number) = (
  SELECT a.delivery_id, a.attempt FROM webhook_deliveries d JOIN webhook_attempts a ON a.delivery_id = d.id
  WHERE d.endpoint_id = webhook_endpoints.id ORDER BY a.at DESC, a.rowid DESC LIMIT 1
);
`,
};
