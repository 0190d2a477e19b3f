// A message's hand-over also keeps what it was paid as when that is not its own channel (an RCS campaign's SMS fallback,
// paid as RCS at launch), so a message the start's recovery settles as failed is refunded there, as its send would have
// refunded it; the recovery refunded it as its own channel (SMS). Those left queued before this migration take it from
// their campaign.
import type { Migration } from '../kernel/migrate.store.ts';

export const queuedSendsPrepaidAsMigration: Migration = {
  id: 32,
  name: 'queued-sends-prepaid-as',
  sql: `
ALTER TABLE queued_sends ADD COLUMN prepaid_as TEXT;
UPDATE queued_sends SET prepaid_as = 'rcs' WHERE EXISTS (
  SELECT 1 FROM campaign_recipients AS r JOIN campaigns AS c ON c.id = r.campaign_id JOIN messages AS m ON m.id = r.message_id
  WHERE r.message_id = queued_sends.message_id AND c.channel = 'rcs' AND m.channel = 'sms');
`,
};
