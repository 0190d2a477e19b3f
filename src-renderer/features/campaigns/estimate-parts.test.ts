// The summary's estimate of a launch: the blocked contacts, skipped as blocked, and the recipients that will fail are said
// apart, as the campaign's results count them (Blocked, Failed).
import { describe, expect, it } from 'vitest';
import type { AudiencePreview } from '../../../src-core/contract/index.ts';
import { estimateParts } from './audience-preview.tsx';

const rcs = (over: Partial<AudiencePreview>): AudiencePreview => ({
  channel: 'rcs', audienceType: 'all', recipients: 10, sendable: 10, blocked: { count: 0, recipients: [] },
  pricePaise: 30, reservedPaise: 300, costPaise: 300, withoutRcs: { count: 0, fallback: false }, ...over,
});

describe('estimateParts', () => {
  it('says "blocked" when the blocked contacts are all that fail at once', () => {
    expect(estimateParts(rcs({ sendable: 8, costPaise: 240, blocked: { count: 2, recipients: [] } }))).toEqual(['10 contacts match', '2 blocked', '₹2.40']);
  });

  it('says "will fail" for the others apart from the blocked: recipients an RCS variable would be empty for, handsets without RCS', () => {
    const unfilled = { count: 3, variables: ['name'], recipients: [] };
    expect(estimateParts(rcs({ sendable: 5, costPaise: 150, blocked: { count: 2, recipients: [] }, unfilled }))).toEqual(['10 contacts match', '2 blocked', '3 will fail', '₹1.50']);
    expect(estimateParts(rcs({ sendable: 9, costPaise: 270, withoutRcs: { count: 1, fallback: false } }))).toEqual(['10 contacts match', '1 will fail', '₹2.70']);
  });
});
