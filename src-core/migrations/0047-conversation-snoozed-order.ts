// The Snoozed list is read by wake time, soonest first: this index holds only snoozed conversations (`snoozed_until`
// set), in that order per (org, channel, state), most recent message first among those waking at one time, so the
// list is read in its order without a sort, however many resolved conversations share the stored `resolved`.
import type { Migration } from '../kernel/migrate.store.ts';

export const conversationSnoozedOrderMigration: Migration = {
  id: 47,
  name: 'conversation-snoozed-order',
  sql: `
CREATE INDEX conversations_snoozed ON conversations(org_id, channel, state, snoozed_until, last_message_at DESC) WHERE snoozed_until IS NOT NULL;
`,
};
