// Campaign recipients failed before their code was kept for every failure (the console's results count them by it)
// take it from what they left: a failed message's own code (no WhatsApp account, unreachable, a dispatch or a cancel
// giving up); an email failed after it was sent without one bounced; a refusal without a message its code by its text
// (a suppressed address, a template no longer approved or gone, an RCS variable nothing filled, a dispatch or a
// scheduled start that gave up). The rest stay as they are (no code: counted as Other).
import type { Migration } from '../kernel/migrate.store.ts';

export const campaignFailureCodesMigration: Migration = {
  id: 56,
  name: 'campaign-failure-codes',
  sql: `
UPDATE campaign_recipients SET error_code = (SELECT m.error_code FROM messages m WHERE m.id = campaign_recipients.message_id)
  WHERE state = 'failed' AND error_code IS NULL AND message_id IS NOT NULL;
UPDATE campaign_recipients SET error_code = 'EMAIL_BOUNCED'
  WHERE state = 'failed' AND error_code IS NULL AND EXISTS (SELECT 1 FROM messages m WHERE m.id = campaign_recipients.message_id
    AND m.channel = 'email' AND m.status = 'failed' AND m.sent_at IS NOT NULL AND m.error_code IS NULL);
UPDATE campaign_recipients SET error_code = CASE
    WHEN error LIKE '% is on the suppression list (%' THEN 'EMAIL_SUPPRESSED'
    WHEN error LIKE '%; only APPROVED templates can be sent' OR error LIKE 'templateId % is not a template of this organization'
      OR error LIKE 'RCS template % not found' THEN 'TEMPLATE_UNAVAILABLE'
    WHEN error LIKE 'No value for {{%' THEN 'VARIABLE_UNFILLED'
    WHEN error LIKE 'Not sent: the campaign''s % failed (%' THEN 'DISPATCH_FAILED'
    ELSE error_code END
  WHERE state = 'failed' AND message_id IS NULL AND (error_code IS NULL OR error_code = 'VALIDATION_FAILED');
`,
};
