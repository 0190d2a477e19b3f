// What live events reload: a campaign's change (`campaigns:changed`) the lists and that campaign's reads, not another's,
// and no message reloads the campaigns itself; only a new message a contact's conversations; an integrator's change to webhooks reloads the endpoints and deliveries it may have held
// or released, and a receiver's 410 the core's list of endpoints a 410 removed.
import { describe, expect, it } from 'vitest';
import {
  RELOADS_FOR_AGENTS, RELOADS_FOR_NUMBERS, RELOADS_FOR_PEOPLE, RELOADS_FOR_PHONE_CALLING, reloadsForAppCall, reloadsForAttempt, reloadsForCampaigns, reloadsForContact, reloadsForConversation,
  reloadsForMessage, reloadsForRequest,
} from './live.ts';

const base = { conversationId: 'cnv_1', channel: 'sms' as const, direction: 'outbound' as const };

describe('reloadsForMessage', () => {
  it('reloads the contact\'s conversations, where else a search finds some, thread, wallet and handset, and leaves the campaigns to campaigns:changed', () => {
    expect(reloadsForMessage({ ...base, source: 'CAMPAIGN' }, 'new'))
      .toEqual([['contact-conversations'], ['conversation-search-elsewhere'], ['wallet'], ['handset'], ['thread', 'cnv_1']]);
    expect(reloadsForMessage({ ...base, source: 'INBOUND', direction: 'inbound', conversationId: null }, 'new')).not.toContainEqual(['campaigns']);
  });
  it('leaves conversations alone for a status change, which changes none (the channel\'s inbox lists are never reloaded whole)', () => {
    expect(reloadsForMessage({ ...base, source: 'CAMPAIGN' }, 'updated')).toEqual([['wallet'], ['handset'], ['thread', 'cnv_1']]);
    expect(reloadsForMessage({ ...base, source: 'MANUAL' }, 'new').some(([key]) => key === 'conversations')).toBe(false);
  });
});

describe('reloadsForCampaigns', () => {
  const lists = [['campaigns', 'whatsapp', 'list'], ['campaigns', 'sms', 'list'], ['campaigns', 'rcs', 'list'], ['campaigns', 'email', 'list']];
  it('reloads every channel\'s list and what was read of the named campaigns (each page of failures under one key), not another campaign', () => {
    const cached = [
      ['campaigns', 'sms', 'list', 1], ['campaigns', 'sms', 'detail', 'cmp_1'], ['campaigns', 'sms', 'analytics', 'cmp_1'], ['campaigns', 'sms', 'spend', 'cmp_1'],
      ['campaigns', 'sms', 'failures', 'cmp_1', 1], ['campaigns', 'sms', 'failures', 'cmp_1', 2], ['campaigns', 'whatsapp', 'detail', 'cmp_2'],
      ['campaigns', 'email', 'detail', 'cmp_3'], ['contacts', 'audience-preview', null],
    ];
    expect(reloadsForCampaigns(['cmp_1', 'cmp_3'], cached)).toEqual([
      ...lists, ['campaigns', 'sms', 'detail', 'cmp_1'], ['campaigns', 'sms', 'analytics', 'cmp_1'], ['campaigns', 'sms', 'spend', 'cmp_1'],
      ['campaigns', 'sms', 'failures', 'cmp_1'], ['campaigns', 'email', 'detail', 'cmp_3'],
    ]);
  });
  it('reloads the lists alone for a campaign the console has not opened (one made elsewhere)', () => {
    expect(reloadsForCampaigns(['cmp_9'], [['campaigns', 'sms', 'detail', 'cmp_1']])).toEqual(lists);
  });
});

describe('reloadsForConversation', () => {
  it('reads every list of the channel whole (open and resolved, searches too), the unread counts, its detail, the contact panels and where else a search finds some', () => {
    expect(reloadsForConversation({ conversationId: 'cnv_1', channel: 'sms' }))
      .toEqual([['conversations', 'sms'], ['unread-counts'], ['thread', 'cnv_1', 'detail'], ['contact-conversations'], ['conversation-search-elsewhere']]);
  });
});

describe('reloadsForRequest', () => {
  const entry = { method: 'PATCH', endpoint: '/v1/webhooks/whe_1', statusCode: 200 };
  it('reloads the endpoints, the delivery log and the open delivery after an accepted change to webhooks (a disable holds deliveries)', () => {
    for (const change of [entry, { ...entry, method: 'DELETE', statusCode: 204 }, { ...entry, method: 'POST', endpoint: '/v1/webhooks/deliveries/whd_1/replay', statusCode: 202 }]) {
      expect(reloadsForRequest(change)).toEqual([['request-log'], ['webhook-deliveries'], ['webhook-delivery'], ['webhooks'], ['scenarios']]);
    }
  });
  it('reloads only the request log for reads, refused changes and other paths', () => {
    for (const other of [{ ...entry, method: 'GET' }, { ...entry, statusCode: 400 }, { ...entry, endpoint: '/v1/webhooksfoo' }, { ...entry, method: 'POST', endpoint: '/v1/contacts' }]) {
      expect(reloadsForRequest(other)).toEqual([['request-log']]);
    }
  });
});

describe('reloadsForContact', () => {
  it('reloads the agent calls, which name the called number\'s contact, for a new contact, a renamed one and one whose phone changed only', () => {
    expect(reloadsForContact({ contactId: 'cnt_1', changedFields: [] }, 'created')).toEqual([['contacts'], ['contact', 'cnt_1'], ['voice-calls'], ['voice-call']]);
    expect(reloadsForContact({ contactId: 'cnt_1', changedFields: ['name'] }, 'updated'))
      .toEqual([['contacts'], ['contact', 'cnt_1'], ['conversations'], ['unread-counts'], ['voice-calls'], ['voice-call']]);
    expect(reloadsForContact({ contactId: 'cnt_1', changedFields: ['phone'] }, 'updated'))
      .toEqual([['contacts'], ['contact', 'cnt_1'], ['conversations'], ['unread-counts'], ['voice-calls'], ['voice-call']]);
    expect(reloadsForContact({ contactId: 'cnt_1', changedFields: ['isBlocked', 'blockedReason'] }, 'updated'))
      .toEqual([['contacts'], ['contact', 'cnt_1'], ['conversations'], ['unread-counts']]);
  });
});

describe('reloadsForRequest, voice app people', () => {
  it('reloads People & bookings after an accepted change to identities, devices or sessions, not after a read or a refusal', () => {
    for (const endpoint of ['/v1/voice/app/identities', '/v1/voice/app/identities/pro_9/devices', '/v1/voice/app/sessions/booking_1']) {
      expect(reloadsForRequest({ method: 'POST', endpoint, statusCode: 201 })).toEqual([['request-log'], ...RELOADS_FOR_PEOPLE]);
    }
    expect(RELOADS_FOR_PEOPLE).toEqual([['voice-app-identities'], ['voice-app-devices'], ['voice-app-sessions'], ['voice-app-calls']]);
    for (const other of [{ method: 'GET', endpoint: '/v1/voice/app/identities', statusCode: 200 }, { method: 'POST', endpoint: '/v1/voice/app/sessions', statusCode: 409 },
      { method: 'POST', endpoint: '/v1/voice/app/calls', statusCode: 201 }]) {
      expect(reloadsForRequest(other)).toEqual([['request-log']]);
    }
  });
});

describe('reloadsForRequest, phone calling', () => {
  it('reloads the setting and the people after phone calling is switched through the API (a phone counts toward reachable only while it is on)', () => {
    expect(reloadsForRequest({ method: 'PATCH', endpoint: '/v1/voice/app/settings', statusCode: 200 })).toEqual([['request-log'], ...RELOADS_FOR_PHONE_CALLING]);
    expect(RELOADS_FOR_PHONE_CALLING).toEqual([['voice-app-settings'], ['voice-app-identities']]);
    for (const other of [{ method: 'GET', endpoint: '/v1/voice/app/settings', statusCode: 200 }, { method: 'PATCH', endpoint: '/v1/voice/app/settings', statusCode: 400 }]) {
      expect(reloadsForRequest(other)).toEqual([['request-log']]);
    }
  });
});

describe('reloadsForRequest, who takes a phone\'s call', () => {
  it('reloads the agents and the Simulator\'s scenarios after a voice agent is made, switched on or off, or deleted through the API', () => {
    for (const [method, endpoint] of [['POST', '/v1/voice/agents'], ['PATCH', '/v1/voice/agents/agt_1'], ['DELETE', '/v1/voice/agents/agt_1']] as const) {
      expect(reloadsForRequest({ method, endpoint, statusCode: 200 })).toEqual([['request-log'], ...RELOADS_FOR_AGENTS]);
    }
    expect(RELOADS_FOR_AGENTS).toEqual([['voice-agents'], ['voice-agent'], ['scenarios']]);
  });
  it('reloads the numbers and the scenarios after a number\'s route changes through the API', () => {
    expect(reloadsForRequest({ method: 'PATCH', endpoint: '/v1/voice/app/numbers/+15550100', statusCode: 200 })).toEqual([['request-log'], ...RELOADS_FOR_NUMBERS]);
    expect(RELOADS_FOR_NUMBERS).toEqual([['voice-app-numbers'], ['scenarios']]);
  });
  it('reloads nothing more after a read or a refusal', () => {
    for (const other of [{ method: 'GET', endpoint: '/v1/voice/agents', statusCode: 200 }, { method: 'PATCH', endpoint: '/v1/voice/agents/agt_1', statusCode: 400 },
      { method: 'POST', endpoint: '/v1/voice/calls/outbound', statusCode: 201 }, { method: 'PATCH', endpoint: '/v1/voice/app/numbers/+15550100', statusCode: 404 }]) {
      expect(reloadsForRequest(other)).toEqual([['request-log']]);
    }
  });
});

describe('reloadsForAttempt', () => {
  it('reloads the endpoints, the delivery log and the open delivery after any attempt, and after a 410 the endpoints it removed too', () => {
    const always = [['webhook-deliveries'], ['webhook-delivery'], ['webhooks']];
    for (const responseStatus of [200, 500, null]) expect(reloadsForAttempt({ responseStatus })).toEqual(always);
    expect(reloadsForAttempt({ responseStatus: 410 })).toEqual([...always, ['webhooks-gone']]);
  });
});

describe('reloadsForAppCall', () => {
  it('reloads the app calls and the call (its transcript and recording under it), and the wallet once the call has ended', () => {
    expect(reloadsForAppCall('apc_1', 'RINGING')).toEqual([['voice-app-calls'], ['voice-app-call', 'apc_1']]);
    expect(reloadsForAppCall('apc_1', 'ACCEPTED')).toEqual([['voice-app-calls'], ['voice-app-call', 'apc_1']]);
    for (const status of ['COMPLETED', 'MISSED']) expect(reloadsForAppCall('apc_1', status)).toEqual([['voice-app-calls'], ['voice-app-call', 'apc_1'], ['wallet']]);
  });
});
