// Contacts carry only the indexes a query uses: none orders by created_at or looks a name up (lists go by
// rowid, search by the trigram index), and the phone, email and username lookups are partial indexes,
// so a contact known by its phone alone is not written into the email and username ones.
import type { Migration } from '../kernel/migrate.store.ts';

export const contactIndexesMigration: Migration = {
  id: 17,
  name: 'contact-indexes',
  sql: `
DROP INDEX contacts_org_created;
DROP INDEX contacts_org_name;
DROP INDEX contacts_org_phone;
DROP INDEX contacts_org_email;
DROP INDEX contacts_org_username;
CREATE INDEX contacts_org_phone ON contacts(org_id, phone) WHERE phone IS NOT NULL;
CREATE INDEX contacts_org_email ON contacts(org_id, email COLLATE NOCASE) WHERE email IS NOT NULL;
CREATE INDEX contacts_org_username ON contacts(org_id, username COLLATE NOCASE) WHERE username IS NOT NULL;
`,
};
