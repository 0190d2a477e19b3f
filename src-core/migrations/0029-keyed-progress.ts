// What a keyed request notes of its progress beside its key, for a run after a stop to read (a unified send's
// channel that refused it, and why). Keys claimed before this migration have noted nothing.
import type { Migration } from '../kernel/migrate.store.ts';

export const keyedProgressMigration: Migration = {
  id: 29,
  name: 'keyed-progress',
  sql: `
ALTER TABLE idempotency_keys ADD COLUMN progress TEXT;
`,
};
