// Spam complaints counted per campaign, like clicks: a recipient's first complaint is kept on its row and
// counted on the campaign's. Complaints already reported are found in the outbox's
// `email.message.complained` events (the outbox is never pruned), so older campaigns count them too.
import type { Migration } from '../kernel/migrate.store.ts';

export const campaignComplaintsMigration: Migration = {
  id: 23,
  name: 'campaign-complaints',
  sql: `
ALTER TABLE campaign_recipients ADD COLUMN complained_at TEXT;
ALTER TABLE campaigns ADD COLUMN complained_count INTEGER NOT NULL DEFAULT 0;
UPDATE campaign_recipients SET complained_at = reported.at
  FROM (SELECT json_extract(data, '$.message.id') AS message_id, MIN(created_at) AS at FROM outbox
        WHERE type = 'email.message.complained' GROUP BY 1) AS reported
  WHERE campaign_recipients.message_id = reported.message_id;
UPDATE campaigns SET complained_count = (SELECT COUNT(complained_at) FROM campaign_recipients r WHERE r.campaign_id = campaigns.id)
  WHERE channel = 'email';
`,
};
