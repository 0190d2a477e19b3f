// The console's place in the URL fragment: written next to the token, read back the same, garbage ignored.
import { describe, expect, it } from 'vitest';
import { callsPlace, hashWithPlace, isNewPage, placeFromHash, type Place } from './place.ts';

const base: Place = { section: 'inbox', inbox: { channel: 'whatsapp', state: 'open', conversationId: null }, campaigns: { tab: 'whatsapp', view: { kind: 'list' } }, contactId: null, calls: { tab: 'agent', callId: null } };

describe('place in the URL fragment', () => {
  it('keeps the token and writes only what the shown page needs', () => {
    const hash = hashWithPlace('#token=dsh_abc', { ...base, inbox: { channel: 'sms', state: 'open', conversationId: 'conv_1' } });
    expect(hash).toBe('#token=dsh_abc&section=inbox&channel=sms&conversation=conv_1');
    expect(new URLSearchParams(hash.slice(1)).get('token')).toBe('dsh_abc');
    const campaigns = hashWithPlace(hash, { ...base, section: 'campaigns', campaigns: { tab: 'sms', view: { kind: 'detail', channel: 'sms', id: 'cmp_9' } } });
    expect(campaigns).toBe('#token=dsh_abc&section=campaigns&tab=sms&campaign=cmp_9');
    expect(hashWithPlace(campaigns, { ...base, section: 'wallet' })).toBe('#token=dsh_abc&section=wallet');
  });

  it('reads back what it wrote', () => {
    const places: Place[] = [
      { ...base, inbox: { channel: 'instagram', state: 'open', conversationId: 'conv_2' } },
      { ...base, inbox: { channel: 'sms', state: 'resolved', conversationId: 'conv_3' } },
      { ...base, inbox: { channel: 'email', state: 'resolved', conversationId: null } },
      { ...base, inbox: { channel: 'whatsapp', state: 'snoozed', conversationId: 'conv_4' } },
      { ...base, section: 'campaigns', campaigns: { tab: 'email', view: { kind: 'new', channel: 'email' } } },
      { ...base, section: 'campaigns', campaigns: { tab: 'rcs', view: { kind: 'detail', channel: 'rcs', id: 'rcs_1' } } },
      { ...base, section: 'contacts', contactId: 'ct_1' },
    ];
    for (const place of places) {
      const read = placeFromHash(hashWithPlace('#token=t', place));
      expect(read.section).toBe(place.section);
      if (place.section === 'inbox') expect(read.inbox).toEqual(place.inbox);
      if (place.section === 'campaigns') expect(read.campaigns).toEqual(place.campaigns);
      if (place.section === 'contacts') expect(read.contactId).toBe(place.contactId);
    }
  });

  it('writes the inbox\'s Resolved (or Snoozed) list and leaves the default Open out; reads Open where the fragment names no list, or an unknown one', () => {
    expect(hashWithPlace('#token=t', { ...base, inbox: { channel: 'sms', state: 'resolved', conversationId: 'conv_1' } })).toBe('#token=t&section=inbox&channel=sms&state=resolved&conversation=conv_1');
    const resolved = '#token=t&section=inbox&channel=sms&state=resolved';
    expect(hashWithPlace(resolved, { ...base, inbox: { channel: 'sms', state: 'open', conversationId: null } })).toBe('#token=t&section=inbox&channel=sms');
    expect(hashWithPlace(resolved, { ...base, section: 'wallet' })).toBe('#token=t&section=wallet');
    expect(placeFromHash('#section=inbox&channel=sms').inbox).toEqual({ channel: 'sms', state: 'open', conversationId: null });
    expect(placeFromHash('#section=inbox&channel=sms&state=archived').inbox).toEqual({ channel: 'sms', state: 'open', conversationId: null });
    // The Snoozed list as the Resolved one.
    expect(hashWithPlace('#token=t', { ...base, inbox: { channel: 'sms', state: 'snoozed', conversationId: null } })).toBe('#token=t&section=inbox&channel=sms&state=snoozed');
    expect(placeFromHash('#section=inbox&channel=sms&state=snoozed').inbox).toEqual({ channel: 'sms', state: 'snoozed', conversationId: null });
    // Only the inbox's own list: another page's fragment carrying it gives no inbox.
    expect(placeFromHash('#section=wallet&channel=sms&state=resolved')).toEqual({ section: 'wallet' });
  });

  it('ignores what it does not know: no section, an unknown page, a channel without a builder', () => {
    expect(placeFromHash('#token=t')).toEqual({});
    expect(placeFromHash('#token=t&section=admin')).toEqual({});
    expect(placeFromHash('#section=campaigns&tab=instagram')).toEqual({ section: 'campaigns' });
    expect(placeFromHash('#section=inbox&channel=fax')).toEqual({ section: 'inbox' });
  });

  it('a new page is another section, the inbox\'s other list or another campaign view; a tab or a thread is not', () => {
    expect(isNewPage({ section: 'inbox' }, { ...base, section: 'wallet' })).toBe(true);
    expect(isNewPage({ section: 'inbox', inbox: base.inbox }, { ...base, inbox: { channel: 'sms', state: 'open', conversationId: 'c' } })).toBe(false);
    const open = placeFromHash('#section=inbox&channel=sms&conversation=c');
    expect(isNewPage(open, { ...base, inbox: { channel: 'sms', state: 'resolved', conversationId: 'c' } })).toBe(true);
    const resolved = placeFromHash('#section=inbox&channel=sms&state=resolved');
    expect(isNewPage(resolved, { ...base, inbox: { channel: 'sms', state: 'open', conversationId: null } })).toBe(true);
    expect(isNewPage(resolved, { ...base, inbox: { channel: 'sms', state: 'resolved', conversationId: 'd' } })).toBe(false);
    expect(isNewPage(resolved, { ...base, inbox: { channel: 'sms', state: 'snoozed', conversationId: null } })).toBe(true);
    const list = placeFromHash('#section=campaigns&tab=sms');
    expect(isNewPage(list, { ...base, section: 'campaigns', campaigns: { tab: 'sms', view: { kind: 'detail', channel: 'sms', id: 'x' } } })).toBe(true);
    expect(isNewPage(list, { ...base, section: 'campaigns', campaigns: { tab: 'rcs', view: { kind: 'list' } } })).toBe(false);
    // A builder hands over to the campaign it created: Back from the campaign goes to the list, not to an empty builder.
    const builder = placeFromHash('#section=campaigns&tab=sms&view=new');
    expect(isNewPage(builder, { ...base, section: 'campaigns', campaigns: { tab: 'sms', view: { kind: 'detail', channel: 'sms', id: 'x' } } })).toBe(false);
  });

  it('writes the Calls page\'s tab and the call open on it, reads them back, and ignores an unknown tab or another page\'s call', () => {
    const agent = hashWithPlace('#token=t', { ...base, section: 'calls', calls: { tab: 'agent', callId: 'call_1' } });
    expect(agent).toBe('#token=t&section=calls&tab=agent&call=call_1');
    expect(placeFromHash(agent)).toEqual({ section: 'calls', calls: { tab: 'agent', callId: 'call_1' } });
    const app = hashWithPlace(agent, { ...base, section: 'calls', calls: { tab: 'app', callId: 'vac_2' } });
    expect(app).toBe('#token=t&section=calls&tab=app&call=vac_2');
    expect(placeFromHash(app).calls).toEqual({ tab: 'app', callId: 'vac_2' });
    expect(hashWithPlace(app, { ...base, section: 'calls', calls: { tab: 'people', callId: null } })).toBe('#token=t&section=calls&tab=people');
    // Leaving the page leaves its call out of the fragment.
    expect(hashWithPlace(app, { ...base, section: 'simulator', calls: { tab: 'app', callId: 'vac_2' } })).toBe('#token=t&section=simulator');
    expect(placeFromHash('#section=calls&tab=agent')).toEqual({ section: 'calls', calls: { tab: 'agent', callId: null } });
    expect(placeFromHash('#section=calls&tab=people&call=call_1').calls).toEqual({ tab: 'people', callId: null });
    expect(placeFromHash('#section=calls&tab=video&call=call_1')).toEqual({ section: 'calls' });
    expect(placeFromHash('#section=wallet&tab=agent&call=call_1')).toEqual({ section: 'wallet' });
    // The campaigns' tab is not a calls tab, nor the other way round.
    expect(placeFromHash('#section=campaigns&tab=agent')).toEqual({ section: 'campaigns' });
    // Another call is a detail of the same page, as another tab is.
    expect(isNewPage(placeFromHash(agent), { ...base, section: 'calls', calls: { tab: 'agent', callId: 'call_3' } })).toBe(false);
    expect(isNewPage(placeFromHash(agent), { ...base, section: 'calls', calls: { tab: 'app', callId: null } })).toBe(false);
  });

  it('the Calls page\'s open call is the shown tab\'s: the agent call or the app call, none on People & bookings', () => {
    expect(callsPlace('agent', 'call_1', 'vac_2')).toEqual({ tab: 'agent', callId: 'call_1' });
    expect(callsPlace('app', 'call_1', 'vac_2')).toEqual({ tab: 'app', callId: 'vac_2' });
    expect(callsPlace('people', 'call_1', 'vac_2')).toEqual({ tab: 'people', callId: null });
  });
});
