// A contact's conversations on every channel (the console's contact panel) are found by this index, not by
// reading every conversation of the organization. Numbered 22: 21 is taken by the request log's detail on
// another branch, and ids need not be contiguous.
import type { Migration } from '../kernel/migrate.store.ts';

export const conversationsByContactMigration: Migration = {
  id: 22,
  name: 'conversations-by-contact',
  sql: `
CREATE INDEX conversations_contact ON conversations(org_id, contact_id, last_message_at DESC) WHERE contact_id IS NOT NULL;
`,
};
