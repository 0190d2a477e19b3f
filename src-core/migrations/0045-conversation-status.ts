// A conversation is open (waiting for the team) or resolved (done with, until the customer writes in again): its
// state, and when and by whom it was resolved. Every conversation already stored is open. The inbox lists one state at
// a time, most recent first, through the (org, channel, state, time) index.
import type { Migration } from '../kernel/migrate.store.ts';

export const conversationStatusMigration: Migration = {
  id: 45,
  name: 'conversation-status',
  sql: `
ALTER TABLE conversations ADD COLUMN state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'resolved'));
ALTER TABLE conversations ADD COLUMN resolved_at TEXT;
ALTER TABLE conversations ADD COLUMN resolved_by TEXT;
CREATE INDEX conversations_state ON conversations(org_id, channel, state, last_message_at DESC);
`,
};
