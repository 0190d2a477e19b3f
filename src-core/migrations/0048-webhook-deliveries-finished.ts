// Finished webhook deliveries by their last change: what the 30-day retention removes, oldest first, read without
// walking the deliveries still waiting (a disabled endpoint may hold thousands, however old).
import type { Migration } from '../kernel/migrate.store.ts';

export const webhookDeliveriesFinishedMigration: Migration = {
  id: 48,
  name: 'webhook-deliveries-finished',
  sql: `
CREATE INDEX webhook_deliveries_finished ON webhook_deliveries(updated_at) WHERE status IN ('SUCCEEDED', 'EXHAUSTED');
`,
};
