// An email contact's name that is empty or only whitespace is no name: stored as NULL, as the API now stores
// it, so a missing first or last name reads `null` whichever way the contact was created.
import type { Migration } from '../kernel/migrate.store.ts';

export const blankEmailContactNamesMigration: Migration = {
  id: 25,
  name: 'blank-email-contact-names',
  sql: `
UPDATE email_contacts SET first_name = NULL WHERE trim(first_name, ' ' || char(9, 10, 13)) = '';
UPDATE email_contacts SET last_name = NULL WHERE trim(last_name, ' ' || char(9, 10, 13)) = '';
`,
};
