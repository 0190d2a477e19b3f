// Every message handed to a provider that answers outside the send's transaction now keeps what it was handed over
// with until its outcome is recorded, keyed or not, so the start can settle what a stop left queued by reading this
// small table alone (not every message). A row without a payload (NULL) stands for an outbound message queued before
// that was kept: found here once, by the only full read of the messages it takes, and failed as interrupted at start.
import type { Migration } from '../kernel/migrate.store.ts';

export const queuedSendsAllMigration: Migration = {
  id: 30,
  name: 'queued-sends-all',
  sql: `
CREATE TABLE queued_sends_rebuilt (
  message_id TEXT PRIMARY KEY,
  payload TEXT
) WITHOUT ROWID;
INSERT INTO queued_sends_rebuilt (message_id, payload) SELECT message_id, payload FROM queued_sends;
DROP TABLE queued_sends;
ALTER TABLE queued_sends_rebuilt RENAME TO queued_sends;
INSERT OR IGNORE INTO queued_sends (message_id, payload)
  SELECT id, NULL FROM messages WHERE status = 'queued' AND direction = 'outbound';
`,
};
