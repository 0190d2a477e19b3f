// An app call to a person who can be rung only on their phone (an identity with a phone and no device that can ring)
// keeps the person as its callee (`to_party`, their externalId) and the phone leg's number here, sealed
// (kernel/sealed.ts, bound to the call), as their identity keeps it: never stored in the clear.
import type { Migration } from '../kernel/migrate.store.ts';

export const appCallPhoneLegMigration: Migration = {
  id: 43,
  name: 'app-call-phone-leg',
  sql: `
ALTER TABLE voice_app_calls ADD COLUMN callee_phone_sealed TEXT;
`,
};
