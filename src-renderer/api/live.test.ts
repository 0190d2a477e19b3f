// What a message event reloads: a campaign message's receipt, or a customer's message that may be a reply,
// reloads the campaigns (the open campaign's counts move at once); other messages leave them alone.
import { describe, expect, it } from 'vitest';
import { reloadsForMessage } from './live.ts';

const base = { conversationId: 'cnv_1', channel: 'sms' as const, direction: 'outbound' as const };

describe('reloadsForMessage', () => {
  it('reloads the campaigns for a campaign message and for an inbound one, with the conversation, wallet and handset', () => {
    expect(reloadsForMessage({ ...base, source: 'CAMPAIGN' })).toEqual([['conversations', 'sms'], ['contact-conversations'], ['wallet'], ['handset'], ['thread', 'cnv_1'], ['campaigns']]);
    expect(reloadsForMessage({ ...base, source: 'INBOUND', direction: 'inbound', conversationId: null })).toContainEqual(['campaigns']);
  });
  it('leaves the campaigns alone for a reply an agent sends', () => {
    expect(reloadsForMessage({ ...base, source: 'MANUAL' })).not.toContainEqual(['campaigns']);
  });
});
