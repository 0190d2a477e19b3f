// Contacts of Instagram customers made before a direct message's sender gave the contact its handle: a contact whose
// username is an IGSID the platform knows a handle for takes it (its name too, where it has none), as a message from
// that customer now gives it. A handle another contact of the organization holds (case aside) is left with it; a
// handle of digits alone would read as an id and is not taken. Contacts are not "changed" for webhooks (none is emitted).
import type { Migration } from '../kernel/migrate.store.ts';

export const instagramContactHandlesMigration: Migration = {
  id: 62,
  name: 'instagram-contact-handles',
  sql: `
UPDATE contacts SET
    name = COALESCE(contacts.name, (SELECT s.name FROM instagram_senders s WHERE s.org_id = contacts.org_id AND s.igsid = contacts.username)),
    username = (SELECT s.username FROM instagram_senders s WHERE s.org_id = contacts.org_id AND s.igsid = contacts.username)
  WHERE contacts.username GLOB '[0-9]*' AND contacts.username NOT GLOB '*[^0-9]*'
    AND EXISTS (SELECT 1 FROM instagram_senders s WHERE s.org_id = contacts.org_id AND s.igsid = contacts.username
      AND s.username GLOB '*[^0-9]*'
      AND NOT EXISTS (SELECT 1 FROM contacts other WHERE other.org_id = contacts.org_id AND other.username = s.username COLLATE NOCASE));
`,
};
