// A block reason that is empty or only whitespace is no reason: stored as NULL, as the API now stores it,
// so the contact, the list and a refused send's 409 all say `reason: null` rather than "".
import type { Migration } from '../kernel/migrate.store.ts';

export const blankBlockReasonsMigration: Migration = {
  id: 20,
  name: 'blank-block-reasons',
  sql: `
UPDATE contacts SET blocked_reason = NULL WHERE trim(blocked_reason, ' ' || char(9, 10, 13)) = '';
`,
};
