// The simulated providers remember the external id they gave each message id, so a send repeated
// after a crash (same message id) is answered from memory instead of delivered twice.
import type { Migration } from '../kernel/migrate.store.ts';

export const providerIdempotencyMigration: Migration = {
  id: 15,
  name: 'provider-idempotency',
  sql: `
ALTER TABLE sim_handset_messages ADD COLUMN external_id TEXT;
CREATE INDEX sim_handset_message ON sim_handset_messages(message_id);
`,
};
