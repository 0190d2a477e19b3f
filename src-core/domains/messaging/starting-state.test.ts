// How a new conversation starts (conversation-state.ts `startingState`), for every source and channel.
import { describe, expect, it } from 'vitest';
import { CHANNELS, MESSAGE_SOURCES } from '../../contract/messaging.ts';
import { startingState } from './conversation-state.ts';

const AT = '2026-11-27T10:00:00.000Z';

describe('startingState', () => {
  it('starts open what the customer or the team began, and what was sent on RCS or email; resolved by system the rest', () => {
    const resolved = [];
    for (const channel of CHANNELS) {
      for (const source of MESSAGE_SOURCES) {
        const state = startingState(source, channel, AT);
        if (state.state === 'open') expect(state, `${source} ${channel}`).toEqual({ state: 'open', resolved_at: null, resolved_by: null });
        else {
          expect(state, `${source} ${channel}`).toEqual({ state: 'resolved', resolved_at: AT, resolved_by: 'system' });
          resolved.push(`${source} ${channel}`);
        }
      }
    }
    const outside = ['BOT', 'AUTOMATION', 'CAMPAIGN', 'API', 'SYSTEM'];
    expect(resolved.sort()).toEqual(['whatsapp', 'sms', 'instagram'].flatMap((channel) => outside.map((source) => `${source} ${channel}`)).sort());
  });
});
