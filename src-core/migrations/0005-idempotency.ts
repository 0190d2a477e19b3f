// Idempotency keys of send routes: the first answer to a key is kept for 24 hours.
import type { Migration } from '../kernel/migrate.store.ts';

export const idempotencyMigration: Migration = {
  id: 5,
  name: 'idempotency',
  sql: `
CREATE TABLE idempotency_keys (
  org_id TEXT NOT NULL,
  idem_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  route TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('running', 'done')),
  status_code INTEGER,
  response TEXT,
  created_ms INTEGER NOT NULL,
  PRIMARY KEY (org_id, idem_key)
);
`,
};
