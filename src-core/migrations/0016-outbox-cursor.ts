// The outbox remembers how far it has dispatched with one cursor instead of a timestamp on every event:
// marking a batch is one row written, not a hundred rows and their index entries moved. Events commit in
// seq order (one writer at a time), so "after the cursor" is exactly "not yet dispatched".
import type { Migration } from '../kernel/migrate.store.ts';

export const outboxCursorMigration: Migration = {
  id: 16,
  name: 'outbox-cursor',
  sql: `
CREATE TABLE outbox_cursor (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL);
INSERT INTO outbox_cursor (id, seq) VALUES (1, COALESCE(
  (SELECT MIN(seq) - 1 FROM outbox WHERE dispatched_at IS NULL),
  (SELECT MAX(seq) FROM outbox),
  0));
DROP INDEX outbox_pending;
ALTER TABLE outbox DROP COLUMN dispatched_at;
`,
};
