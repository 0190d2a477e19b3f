// What a keyed message queued for a provider that answers outside the send's transaction (an SMTP server) was
// handed over with, kept until its outcome is recorded: a request run again under its key after a stop hands it
// over again as it was, before any check. Messages queued before this migration have none (their send path resumes them).
import type { Migration } from '../kernel/migrate.store.ts';

export const queuedSendsMigration: Migration = {
  id: 28,
  name: 'queued-sends',
  sql: `
CREATE TABLE queued_sends (
  message_id TEXT PRIMARY KEY,
  payload TEXT NOT NULL
) WITHOUT ROWID;
`,
};
