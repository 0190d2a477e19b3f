// An SMS campaign keeps its template by the template's own id (`smt_…`), the one its messages' logs carry,
// even when it was given the DLT id: campaigns stored with a DLT id take their organization's template id.
import type { Migration } from '../kernel/migrate.store.ts';

export const smsCampaignTemplateIdsMigration: Migration = {
  id: 24,
  name: 'sms-campaign-template-ids',
  sql: `
UPDATE campaigns SET config = json_set(config, '$.templateId', t.id)
  FROM sms_templates AS t
  WHERE campaigns.channel = 'sms' AND t.org_id = campaigns.org_id AND t.dlt_template_id = json_extract(campaigns.config, '$.templateId');
`,
};
