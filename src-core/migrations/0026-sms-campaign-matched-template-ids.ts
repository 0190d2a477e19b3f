// An SMS campaign launched without a templateId, before the launch kept the template its text matched, takes
// the template its first message was sent with (`smt_…`, as the logs carry it). Drafts settle it at launch.
import type { Migration } from '../kernel/migrate.store.ts';

export const smsCampaignMatchedTemplateIdsMigration: Migration = {
  id: 26,
  name: 'sms-campaign-matched-template-ids',
  sql: `
UPDATE campaigns SET config = json_set(config, '$.templateId', sent.template_id)
  FROM (
    SELECT c.id, (
      SELECT m.template_id FROM campaign_recipients AS r JOIN messages AS m ON m.id = r.message_id
        WHERE r.campaign_id = c.id AND m.template_id IS NOT NULL ORDER BY r.seq LIMIT 1
    ) AS template_id
    FROM campaigns AS c WHERE c.channel = 'sms' AND json_extract(c.config, '$.templateId') IS NULL
  ) AS sent
  WHERE sent.id = campaigns.id AND sent.template_id IS NOT NULL;
`,
};
