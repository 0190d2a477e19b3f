// A snoozed conversation is out of Open until `snoozed_until` (ISO, UTC), when a job on the virtual clock opens it again.
// It is stored with `state = 'resolved'` and `snoozed_until` set (migration 45's CHECK is left as it is: no table rebuild);
// the console's conversation reads `snoozed` for it. NULL for every other conversation, and for every one stored before.
import type { Migration } from '../kernel/migrate.store.ts';

export const conversationSnoozeMigration: Migration = {
  id: 46,
  name: 'conversation-snooze',
  sql: `
ALTER TABLE conversations ADD COLUMN snoozed_until TEXT;
`,
};
