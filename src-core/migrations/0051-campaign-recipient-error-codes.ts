// A campaign recipient refused before anything went out keeps its refusal's code (`CONTACT_BLOCKED`, ...), so the
// console can tell the recipients refused because their contact is blocked from those that failed. Refusals stored
// before keep only their text: a blocked contact's always reads "Contact … is blocked" and has no message.
import type { Migration } from '../kernel/migrate.store.ts';

export const campaignRecipientErrorCodesMigration: Migration = {
  id: 51,
  name: 'campaign-recipient-error-codes',
  sql: `
ALTER TABLE campaign_recipients ADD COLUMN error_code TEXT;
UPDATE campaign_recipients SET error_code = 'CONTACT_BLOCKED'
  WHERE state = 'failed' AND message_id IS NULL AND error LIKE 'Contact % is blocked%';
`,
};
