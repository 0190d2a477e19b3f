// Calls to the business number through real HTTP on the virtual clock: the simulator's inbound call routed by the
// number's routeTo (app with an inbound subscription, team, ai), the 45 s connect window, connect to an app user or a
// phone and its errors, a phone hanging up, numbers and the phone-calling setting, and a new organization's limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCallSchema, voiceAppSettingsSchema } from '../../contract/voice-app.ts';
import { type TestServer } from '../../testing/test-server.ts';
import { appCallEvents, BUSINESS_NUMBER, joinedStream, startVoiceAppTest } from '../../testing/voice-app-calls.ts';
import type { WebhookReceiver } from '../../testing/webhook-receiver.ts';

const NUMBER = BUSINESS_NUMBER;
let t: TestServer;
let key: string;
let hooks: WebhookReceiver;
const api = (method: string, path: string, body?: unknown, token = key) => t.request(method, path, { token, body });
const call = async (id: string) => appCallSchema.strict().parse((await api('GET', `/v1/voice/app/calls/${id}`)).body);
const act = (id: string, action: string, body: Record<string, unknown> = {}) => api('POST', `/v1/voice/app/calls/${id}/${action}`, body);
const dial = async (from: string, extra: Record<string, unknown> = {}) => {
  const res = await t.dashboard('POST', '/sim/voice/inbound-call', { from, ...extra });
  expect(res.status).toBe(201);
  return res.body.callId as string;
};
const eventsOf = (id: string) => appCallEvents({ t, key, hooks }, id);
const route = (routeTo: string) => api('PATCH', `/v1/voice/app/numbers/${encodeURIComponent(NUMBER)}`, { routeTo });

beforeAll(async () => {
  ({ t, key, hooks } = await startVoiceAppTest(['voice.app.call.inbound', 'voice.app.call.incoming', 'voice.app.call.answered', 'voice.app.call.completed', 'voice.app.call.missed', 'voice.app.call.rejected']));
});
afterAll(async () => {
  await hooks.close();
  await t.close();
});

describe('a phone dialling the business number routed to the app', () => {
  it('waits RINGING with voice.app.call.inbound (the full caller number only there), and is MISSED not_connected after 45 s', async () => {
    const id = await dial('+14155550123');
    expect(await call(id)).toMatchObject({
      status: 'RINGING', direction: 'inbound', from: '+1******0123', to: NUMBER, businessNumber: NUMBER, callerLegTransport: 'PSTN',
      calleeLegTransport: null, connectBy: '2026-01-15T09:00:45.000Z', costPaise: null,
    });
    await t.advance(44);
    expect((await call(id)).status).toBe('RINGING');
    await t.advance(1);
    expect(await call(id)).toMatchObject({ status: 'MISSED', endReason: 'not_connected', costPaise: 0, connectBy: null });
    const events = await eventsOf(id);
    expect(events[0]).toEqual(['voice.app.call.inbound', {
      callId: id, roomId: expect.stringMatching(/^room_/), status: 'RINGING', callerNumber: '+14155550123', calledNumber: NUMBER, callerLegTransport: 'PSTN',
      connectWithinSeconds: 45, startedAt: expect.any(String),
    }]);
    expect(events[1]).toEqual(['voice.app.call.missed', expect.objectContaining({ status: 'MISSED', endReason: 'not_connected', from: '+1******0123' })]);
    const late = await act(id, 'connect', { type: 'app', to: 'pro_1' });
    expect(late.status).toBe(400);
  });

  it('connected to an app user rings them (incoming), is accepted, and ends when the phone hangs up after 95 s: caller_hung_up, one phone side', async () => {
    const id = await dial('+14155550124');
    await t.advance(10);
    const connected = await act(id, 'connect', { type: 'app', to: 'pro_9' });
    expect(connected.status).toBe(200);
    expect(appCallSchema.strict().parse(connected.body)).toMatchObject({ status: 'RINGING', to: 'pro_9', calleeLegTransport: 'WEBRTC', connectBy: null });
    expect((await act(id, 'connect', { type: 'app', to: 'pro_10' })).status).toBe(409);
    // The connect window no longer applies: 45 s after arrival it still rings pro_9.
    await t.advance(40);
    expect((await call(id)).status).toBe('RINGING');
    expect((await act(id, 'accept', { asExternalId: 'pro_9' })).status).toBe(200);
    await t.advance(95);
    expect(await call(id)).toMatchObject({ status: 'COMPLETED', endReason: 'caller_hung_up', durationSeconds: 95, costPaise: 340 });
    const events = await eventsOf(id);
    expect(events.map(([type]) => type)).toEqual(['voice.app.call.inbound', 'voice.app.call.incoming', 'voice.app.call.answered', 'voice.app.call.completed']);
    expect(events[1]?.[1]).toEqual({
      callId: id, from: { externalId: '+1******0124', displayName: null, role: null }, to: { externalId: 'pro_9', displayName: null, role: null },
    });
  });

  it('connected to an app user who does not answer is MISSED ring_timeout 45 s after the connect', async () => {
    const id = await dial('+14155550125');
    await t.advance(5);
    await act(id, 'connect', { type: 'app', to: 'pro_9' });
    await t.advance(44);
    expect((await call(id)).status).toBe('RINGING');
    await t.advance(1);
    expect(await call(id)).toMatchObject({ status: 'MISSED', endReason: 'ring_timeout' });
  });

  it('connected to a phone: both phones see the business number; picks up at 7 s, talks 95 s, callee_hung_up, two phone sides billed', async () => {
    const id = await dial('+14155550126');
    expect((await act(id, 'connect', { type: 'phone', to: '+14155550127' })).body).toMatchObject({ to: '+1******0127', calleeLegTransport: 'PSTN' });
    await t.advance(7);
    expect((await call(id)).status).toBe('ACCEPTED');
    await t.advance(190);
    expect(await call(id)).toMatchObject({ status: 'COMPLETED', endReason: 'callee_hung_up', durationSeconds: 95, costPaise: 440 });
    const lines = ((await t.dashboard('GET', '/dashboard/wallet/ledger?limit=100')).body.data as Array<{ referenceId: string; amountPaise: number }>)
      .filter((l) => l.referenceId === id).map((l) => l.amountPaise).sort((a, b) => a - b);
    expect(lines).toEqual([-200, -100, -100, -40]);
  });

  it('a phone connected late rings only for what is left of the 45 seconds', async () => {
    const id = await dial('+14155550128');
    await t.advance(20);
    await act(id, 'connect', { type: 'phone', to: '+15005550004' });
    await t.advance(24);
    expect((await call(id)).status).toBe('RINGING');
    await t.advance(1);
    expect(await call(id)).toMatchObject({ status: 'MISSED', endReason: 'no_answer', costPaise: 0 });
  });

  it('connect refuses: an unknown call (404), a call placed by the backend or already over (400), a phone while phone calling is off (403)', async () => {
    expect((await act('apc_unknown', 'connect', { type: 'app', to: 'pro_1' })).status).toBe(404);
    const placed = (await api('POST', '/v1/voice/app/calls', { type: 'app', from: 'cust_1', to: 'pro_1' })).body.callId as string;
    const notInbound = await act(placed, 'connect', { type: 'app', to: 'pro_2' });
    expect([notInbound.status, notInbound.body.message]).toEqual([400, `Call ${placed} did not come in on the business number: only those are connected`]);
    const id = await dial('+14155550129');
    expect((await act(id, 'connect', { type: 'phone', to: '12' })).status).toBe(400);
    expect((await act(id, 'connect', { type: 'sms', to: 'pro_1' })).status).toBe(400);
    // An app user connected to follows an identity's externalId rule; a phone keeps its spaces (the phone rule).
    const spaced = await act(id, 'connect', { type: 'app', to: 'pro 1' });
    expect([spaced.status, spaced.body.message]).toEqual([400, 'Invalid body: to: must not contain spaces or slashes']);
    // The business number itself (it would ring itself), however written, as placing a call refuses it; nothing connected.
    const number = (await api('GET', '/v1/voice/app/numbers')).body.data[0].number as string;
    for (const to of [number, `${number.slice(1, 2)} ${number.slice(2)}`]) {
      const self = await act(id, 'connect', { type: 'phone', to });
      expect([self.status, self.body.code, self.body.message], to).toEqual([400, 'VALIDATION_FAILED',
        `${number} is this account's own business number, which calls come in on: give the phone of the person to connect the call to`]);
    }
    expect((await api('GET', `/v1/voice/app/calls/${id}`)).body).toMatchObject({ status: 'RINGING', to: number, calleeLegTransport: null });
    await api('PATCH', '/v1/voice/app/settings', { pstnEnabled: false });
    expect((await act(id, 'connect', { type: 'phone', to: '+14155550130' })).status).toBe(403);
    await api('PATCH', '/v1/voice/app/settings', { pstnEnabled: true });
    // The caller hangs up while waiting: CANCELLED caller_hung_up, and a late connect is 400.
    const hungUp = await t.dashboard('POST', `/sim/voice/app-calls/${id}/hangup`, {});
    expect([hungUp.status, hungUp.body.status, hungUp.body.endReason]).toEqual([200, 'CANCELLED', 'caller_hung_up']);
    const late = await act(id, 'connect', { type: 'app', to: 'pro_1' });
    expect([late.status, late.body.message]).toEqual([400, `Call ${id} has already ended (CANCELLED, caller_hung_up): the caller is gone`]);
    expect((await eventsOf(id)).at(-1)).toEqual(['voice.app.call.completed', expect.objectContaining({ status: 'CANCELLED', endReason: 'caller_hung_up' })]);
  });

  it('a deactivated person can no longer be rung: placing an app call to them or connecting a caller to them is 409, nothing rung', async () => {
    await api('POST', '/v1/voice/app/identities', { externalId: 'pro_gone', role: 'PRO', displayName: 'Gone Pro' });
    await api('DELETE', '/v1/voice/app/identities/pro_gone');
    const said = 'Identity pro_gone is deactivated: it can no longer be rung (POST /v1/voice/app/identities with its externalId and role registers it again)';
    const placed = await api('POST', '/v1/voice/app/calls', { type: 'app', from: 'cust_gone', to: 'pro_gone' });
    expect([placed.status, placed.body.code, placed.body.message]).toEqual([409, 'CONFLICT', said]);
    const id = await dial('+14155550139');
    const connected = await act(id, 'connect', { type: 'app', to: 'pro_gone' });
    expect([connected.status, connected.body.code, connected.body.message]).toEqual([409, 'CONFLICT', said]);
    expect(await call(id)).toMatchObject({ status: 'RINGING', to: NUMBER, calleeLegTransport: null });
    expect((await api('GET', '/v1/voice/app/calls?identityExternalId=pro_gone')).body.meta.total).toBe(0);
    // Registered again, they are rung as before; someone the identities never knew is rung in the app as ever.
    await api('POST', '/v1/voice/app/identities', { externalId: 'pro_gone', role: 'PRO' });
    expect((await act(id, 'connect', { type: 'app', to: 'pro_gone' })).status).toBe(200);
    expect((await api('POST', '/v1/voice/app/calls', { type: 'app', from: 'cust_gone', to: 'pro_never_known' })).status).toBe(201);
  });

  it('a deactivated person can no longer place calls either: an app or phone call from them is 409 naming them, nothing placed or charged', async () => {
    await api('POST', '/v1/voice/app/identities', { externalId: 'cust_left', role: 'CUSTOMER', displayName: 'Left Customer' });
    await api('DELETE', '/v1/voice/app/identities/cust_left');
    const balance = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;
    const before = await balance();
    const said = 'Identity cust_left is deactivated: it can no longer place calls (POST /v1/voice/app/identities with its externalId and role registers it again)';
    for (const body of [{ type: 'app', from: 'cust_left', to: 'pro_31' }, { type: 'phone', from: 'cust_left', to: '+14155550161' }]) {
      const placed = await api('POST', '/v1/voice/app/calls', body);
      expect([placed.status, placed.body.code, placed.body.message], body.type).toEqual([409, 'CONFLICT', said]);
    }
    expect((await api('GET', '/v1/voice/app/calls?identityExternalId=cust_left')).body.meta.total).toBe(0);
    expect(await balance()).toBe(before);
    // Registered again, they call as before; a caller the identities never knew calls as ever (the seed's app call needs no identity).
    await api('POST', '/v1/voice/app/identities', { externalId: 'cust_left', role: 'CUSTOMER' });
    const back = await api('POST', '/v1/voice/app/calls', { type: 'app', from: 'cust_left', to: 'pro_31' });
    expect(back.status).toBe(201);
    await act(back.body.callId as string, 'end', {});
    expect((await api('POST', '/v1/voice/app/calls', { type: 'app', from: 'cust_never_known', to: 'pro_31' })).status).toBe(201);
  });

  it('a phone that hangs up mid-call ends it by itself; the backend ending a waiting call hangs up on the caller', async () => {
    const id = await dial('+14155550131');
    await act(id, 'connect', { type: 'app', to: 'pro_12' });
    await act(id, 'accept', { asExternalId: 'pro_12' });
    await t.advance(30);
    // No body at all is `{}` (README: `{party?}`): the caller hangs up.
    const bare = await t.request('POST', `/sim/voice/app-calls/${id}/hangup`, { token: t.dashboardToken });
    expect(bare.body).toMatchObject({ status: 'COMPLETED', endReason: 'caller_hung_up', durationSeconds: 30 });
    expect((await t.dashboard('POST', `/sim/voice/app-calls/${id}/hangup`, {})).status).toBe(409);
    const waiting = await dial('+14155550132');
    expect((await act(waiting, 'end', {})).body).toMatchObject({ status: 'CANCELLED', endReason: 'ended_by_server', costPaise: 0 });
  });
});

describe('routing of the business number', () => {
  it('team: rings the team in the dashboard (no inbound event), MISSED ring_timeout after 45 s unanswered', async () => {
    expect((await route('team')).body).toEqual({ number: NUMBER, routeTo: 'team' });
    const id = await dial('+14155550140');
    expect(await call(id)).toMatchObject({ status: 'RINGING', to: 'team', calleeLegTransport: 'WEBRTC', connectBy: null });
    // No connect is awaited, and the refusal says why rather than "already connected" (nobody connected it).
    const refused = await act(id, 'connect', { type: 'app', to: 'pro_1' });
    expect([refused.status, refused.body.message]).toEqual([409, `Call ${id} rings the team: it came in while its number routed to team, or to app with no webhook endpoint subscribed to voice.app.call.inbound, so no connect is awaited (subscribe one for the next call)`]);
    await t.advance(45);
    expect(await call(id)).toMatchObject({ status: 'MISSED', endReason: 'ring_timeout' });
    expect((await eventsOf(id)).map(([type]) => type)).toEqual(['voice.app.call.missed']);
    await route('app');
  });

  it('ai: answered at once by the voice agent assigned to the number (the oldest active one), until the caller hangs up', async () => {
    const agent = (await api('POST', '/v1/voice/agents', { name: 'Front Desk', greeting: 'Hello!', instructions: 'Help.' })).body.id as string;
    await route('ai');
    const id = await dial('+14155550141');
    expect(await call(id)).toMatchObject({ status: 'ACCEPTED', to: agent, answeredAt: expect.any(String) });
    expect((await act(id, 'connect', { type: 'app', to: 'pro_1' })).body.message).toBe(`Call ${id} was answered by voice agent ${agent} (its number routes to ai): only a call waiting for a connect takes one`);
    await t.advance(95);
    expect(await call(id)).toMatchObject({ status: 'COMPLETED', endReason: 'caller_hung_up', costPaise: 340 });
    expect((await eventsOf(id)).map(([type]) => type)).toEqual(['voice.app.call.answered', 'voice.app.call.completed']);
    await route('app');
  });

  it('app without a voice.app.call.inbound subscription rings the team', async () => {
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'No hooks' })).body.id as string;
    const other = (await t.createKey({ organizationId: org })).key;
    await t.dashboard('POST', '/dashboard/voice/app/numbers', { organizationId: org });
    await api('PATCH', '/v1/voice/app/settings', { pstnEnabled: true }, other);
    const callId = (await t.dashboard('POST', '/sim/voice/inbound-call', { organizationId: org, from: '+14155550142' })).body.callId as string;
    expect((await api('GET', `/v1/voice/app/calls/${callId}`, undefined, other)).body).toMatchObject({ status: 'RINGING', to: 'team' });
    const refused = await api('POST', `/v1/voice/app/calls/${callId}/connect`, { type: 'app', to: 'pro_1' }, other);
    expect([refused.status, refused.body.message]).toEqual([409, expect.stringContaining('no webhook endpoint subscribed to voice.app.call.inbound')]);
  });
});

describe('numbers and settings', () => {
  it('lists the business numbers; PATCH takes the number URL-encoded and answers {number, routeTo}', async () => {
    expect((await api('GET', '/v1/voice/app/numbers')).body).toEqual({ data: [{ number: NUMBER, routeTo: 'app', createdAt: '2026-01-15T09:00:00.000Z' }] });
    expect((await route('ai')).body).toEqual({ number: NUMBER, routeTo: 'ai' });
    expect((await api('GET', '/v1/voice/app/numbers')).body.data[0].routeTo).toBe('ai');
    expect((await route('app')).status).toBe(200);
    expect((await api('PATCH', `/v1/voice/app/numbers/${encodeURIComponent('+18005559999')}`, { routeTo: 'app' })).status).toBe(404);
    expect((await route('robot')).status).toBe(400);
    expect((await t.dashboard('POST', '/dashboard/voice/app/numbers', { number: NUMBER })).status).toBe(409);
  });

  it('a new organization: phone calling off with no history, no number (400), and each change of the setting recorded', async () => {
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Fresh' })).body.id as string;
    const created = await t.createKey({ organizationId: org });
    const fresh = created.key;
    expect((await api('GET', '/v1/voice/app/settings', undefined, fresh)).body).toEqual({ pstnEnabled: false, history: [] });
    expect((await api('GET', '/v1/voice/app/numbers', undefined, fresh)).body).toEqual({ data: [] });
    expect((await api('POST', '/v1/voice/app/calls', { type: 'phone', from: 'a', to: '+14155550101' }, fresh)).status).toBe(403);
    await t.advance(1);
    await api('PATCH', '/v1/voice/app/settings', { pstnEnabled: true }, fresh);
    await api('PATCH', '/v1/voice/app/settings', { pstnEnabled: true }, fresh);
    await t.advance(1);
    await t.dashboard('PATCH', '/dashboard/voice/app/settings', { organizationId: org, pstnEnabled: false });
    await t.dashboard('PATCH', '/dashboard/voice/app/settings', { organizationId: org, pstnEnabled: true });
    const settings = voiceAppSettingsSchema.strict().parse((await api('GET', '/v1/voice/app/settings', undefined, fresh)).body);
    expect(settings.pstnEnabled).toBe(true);
    expect(settings.history.map((h) => [h.pstnEnabled, h.changedVia, h.apiKeyId])).toEqual([
      [true, 'dashboard', null], [false, 'dashboard', null], [true, 'api', created.id],
    ]);
    const noNumber = await api('POST', '/v1/voice/app/calls', { type: 'phone', from: 'a', to: '+14155550101' }, fresh);
    expect([noNumber.status, noNumber.body.message]).toEqual([400, 'No active number to call from: a call to a phone shows the business number, and this account has none']);
    // A person rung only on their phone cannot be rung without a number to show: not reachable, until there is one.
    await api('POST', '/v1/voice/app/identities', { externalId: 'phone_only', role: 'PRO', phone: '+14155550177' }, fresh);
    const reachable = async () => (await api('GET', '/v1/voice/app/identities/phone_only', undefined, fresh)).body.reachable as boolean;
    expect(await reachable()).toBe(false);
    expect((await t.dashboard('POST', '/sim/voice/inbound-call', { organizationId: org, from: '+14155550101' })).status).toBe(400);
    // An empty wallet: a call is refused until a minute of it can be paid.
    const broke = await api('POST', '/v1/voice/app/calls', { type: 'app', from: 'a', to: 'b' }, fresh);
    expect([broke.status, broke.body.code]).toEqual([400, 'INSUFFICIENT_BALANCE']);
    const got = await t.dashboard('POST', '/dashboard/voice/app/numbers', { organizationId: org });
    expect(got.status).toBe(201);
    expect(got.body).toMatchObject({ number: expect.stringMatching(/^\+1800555\d{4}$/), routeTo: 'app' });
    expect(got.body.number).not.toBe(NUMBER);
    expect(await reachable()).toBe(true);
    await t.dashboard('POST', '/dashboard/wallet/top-up', { organizationId: org, amountPaise: 1000 });
    expect((await api('POST', '/v1/voice/app/calls', { type: 'phone', from: 'a', to: '+14155550101' }, fresh)).status).toBe(201);
  });

  it('the phone calling setting off refuses calls to the business number', async () => {
    await api('PATCH', '/v1/voice/app/settings', { pstnEnabled: false });
    expect((await t.dashboard('POST', '/sim/voice/inbound-call', { from: '+14155550150' })).status).toBe(403);
    await api('PATCH', '/v1/voice/app/settings', { pstnEnabled: true });
  });
});

describe('the console stream', () => {
  it('hears voice:app.call for every change of a call in the organization\'s room', async () => {
    const socket = await joinedStream(t);
    const heard: Array<Record<string, unknown>> = [];
    socket.on('voice:app.call', (payload) => heard.push(payload));
    const id = await dial('+14155550160');
    await act(id, 'connect', { type: 'app', to: 'pro_stream' });
    await act(id, 'accept', { asExternalId: 'pro_stream' });
    await act(id, 'end', {});
    await t.advance(0.001);
    await socket.emitWithAck('leaveOrganization', t.organizationId);
    socket.disconnect();
    expect(heard.filter((e) => e.callId === id)).toEqual([
      { callId: id, event: 'inbound', status: 'RINGING' }, { callId: id, event: 'incoming', status: null },
      { callId: id, event: 'answered', status: 'ACCEPTED' }, { callId: id, event: 'completed', status: 'COMPLETED' },
    ]);
  });

  it('hears a call ringing the team when it starts (no webhook says so), then missed, so the console lists it ringing', async () => {
    await route('team');
    const socket = await joinedStream(t);
    const heard: Array<Record<string, unknown>> = [];
    socket.on('voice:app.call', (payload) => heard.push(payload));
    const id = await dial('+14155550161');
    await t.advance(45);
    await socket.emitWithAck('leaveOrganization', t.organizationId);
    socket.disconnect();
    await route('app');
    expect(heard.filter((e) => e.callId === id)).toEqual([
      { callId: id, event: 'ringing', status: 'RINGING' }, { callId: id, event: 'missed', status: 'MISSED' },
    ]);
    expect((await eventsOf(id)).map(([type]) => type)).toEqual(['voice.app.call.missed']);
  });
});
