// A campaign recipient whose message a stop cut off stayed `sending` when the next start's recovery settled the
// message as sent: only receipts and failures moved recipients then, and a provider that answers outside the send's
// transaction (an organization's SMTP server) gives no receipt. Each such recipient now says `sent`, as its message
// does, and its campaign counts it (a cancelled campaign's too, whose dispatch never runs again).
import type { Migration } from '../kernel/migrate.store.ts';

export const settledSendingRecipientsMigration: Migration = {
  id: 31,
  name: 'settled-sending-recipients',
  sql: `
UPDATE campaigns SET sent_count = sent_count + (
    SELECT COUNT(*) FROM campaign_recipients AS r JOIN messages AS m ON m.id = r.message_id
    WHERE r.campaign_id = campaigns.id AND r.state = 'sending' AND m.status = 'sent')
  WHERE id IN (SELECT campaign_id FROM campaign_recipients WHERE state = 'sending');
UPDATE campaign_recipients SET state = 'sent'
  WHERE state = 'sending' AND message_id IN (SELECT id FROM messages WHERE status = 'sent');
`,
};
