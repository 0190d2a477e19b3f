// A failure code in words (campaign results): listed codes by their label, an unlisted one in its own words, none as Other.
import { describe, expect, it } from 'vitest';
import { failureReasonLabel } from './campaign-failures.ts';

describe('failure reason labels', () => {
  it('says a listed code by its label, an unlisted one in its own words, and none as Other', () => {
    expect(['SIM_WHATSAPP_UNAVAILABLE', 'EMAIL_SUPPRESSED', 'TEMPLATE_UNAVAILABLE', 'CAMPAIGN_CANCELLED'].map(failureReasonLabel))
      .toEqual(['No WhatsApp account', 'Suppressed address', 'Template deleted or not approved', 'Campaign cancelled']);
    expect(failureReasonLabel('CARRIER_SPAM_FILTER')).toBe('Carrier spam filter');
    expect([failureReasonLabel(null), failureReasonLabel('_')]).toEqual(['Other', 'Other']);
  });
});
