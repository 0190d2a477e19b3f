// App calls placed by the backend, through real HTTP on the virtual clock: app to app (ring, accept, reject, end,
// tokens, the 45 s ring timeout) and app to phone (every fixture number, the 40 s phone ring), billing lines,
// recording links, transcripts, errors and the webhook events' payloads.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCallSchema, createAppCallResultSchema, joinTokenResultSchema } from '../../contract/voice-app.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stoppedCopy, type TestServer } from '../../testing/test-server.ts';
import { appCallEvents, ledgerOf as ledgerLinesOf, startVoiceAppTest } from '../../testing/voice-app-calls.ts';
import { settleDeliveries, type WebhookReceiver } from '../../testing/webhook-receiver.ts';

let t: TestServer;
let key: string;
let hooks: WebhookReceiver;
const api = (method: string, path: string, body?: unknown, token = key) => t.request(method, path, { token, body });
const place = (body: Record<string, unknown>) => api('POST', '/v1/voice/app/calls', body);
const call = async (id: string) => appCallSchema.strict().parse((await api('GET', `/v1/voice/app/calls/${id}`)).body);
const act = (id: string, action: string, body: Record<string, unknown> = {}) => api('POST', `/v1/voice/app/calls/${id}/${action}`, body);
const ledgerOf = (id: string) => ledgerLinesOf(t, id);
const eventsOf = (id: string) => appCallEvents({ t, key, hooks }, id);

beforeAll(async () => {
  ({ t, key, hooks } = await startVoiceAppTest());
});
afterAll(async () => {
  await hooks.close();
  await t.close();
});

describe('an app-to-app call', () => {
  it('rings with a join token for the caller, is accepted with one for the callee, and ends COMPLETED, charged per started minute', async () => {
    const placed = await place({ type: 'app', from: 'cust_1', to: 'pro_1' });
    expect(placed.status).toBe(201);
    const result = createAppCallResultSchema.strict().parse(placed.body);
    expect(result).toMatchObject({
      callId: expect.stringMatching(/^apc_/), roomId: expect.stringMatching(/^room_/), status: 'RINGING', tokenExpiresIn: 300, ringTimeoutSeconds: 45,
      callee: { externalId: 'pro_1', displayName: null }, voiceServerUrl: `${t.url.replace(/^http/, 'ws')}/voice`,
    });
    const id = result.callId;
    const tokens = t.server.services.voiceApp.joinTokens;
    expect(await tokens.verify(result.token)).toEqual({ orgId: t.organizationId, callId: id, participant: 'cust_1' });
    expect(await call(id)).toMatchObject({
      status: 'RINGING', from: 'cust_1', to: 'pro_1', sessionRef: null, callerLegTransport: 'WEBRTC', calleeLegTransport: 'WEBRTC', costPaise: null,
      recordingReady: false, durationSeconds: 0, answeredAt: null, endedAt: null, startedAt: '2026-01-15T09:00:00.000Z', endReason: null,
    });
    expect((await act(id, 'accept', { asExternalId: 'cust_1' })).status).toBe(403);
    await t.advance(3);
    const accepted = await act(id, 'accept', { asExternalId: 'pro_1' });
    expect(accepted.status).toBe(200);
    const joined = joinTokenResultSchema.strict().parse(accepted.body);
    expect(await tokens.verify(joined.token)).toEqual({ orgId: t.organizationId, callId: id, participant: 'pro_1' });
    expect(joined.call).toMatchObject({ status: 'ACCEPTED', answeredAt: '2026-01-15T09:00:03.000Z' });
    // Safe to retry: the same answer, a token again, still answered at 3 s.
    const again = await act(id, 'accept', { asExternalId: 'pro_1' });
    expect([again.status, again.body.call.answeredAt]).toEqual([200, '2026-01-15T09:00:03.000Z']);
    await t.advance(92);
    const ended = await act(id, 'end', { asExternalId: 'cust_1' });
    expect(ended.status).toBe(200);
    expect(appCallSchema.strict().parse(ended.body)).toMatchObject({
      status: 'COMPLETED', endReason: 'completed', durationSeconds: 92, costPaise: 240, recordingReady: true, endedAt: '2026-01-15T09:01:35.000Z',
    });
    // Safe twice: the call as it ended, nothing charged again.
    expect((await act(id, 'end', {})).body).toMatchObject({ status: 'COMPLETED', endReason: 'completed', costPaise: 240 });
    expect((await ledgerOf(id)).map((l) => [l.amountPaise, l.channel, l.referenceType])).toEqual([
      [-40, 'voice_app', 'voice_app_call'], [-200, 'voice_app', 'voice_app_call'],
    ]);
    const events = await eventsOf(id);
    expect(events.map(([type]) => type)).toEqual(['voice.app.call.incoming', 'voice.app.call.answered', 'voice.app.call.completed']);
    expect(events[0]?.[1]).toEqual({
      callId: id, from: { externalId: 'cust_1', displayName: null, role: null }, to: { externalId: 'pro_1', displayName: null, role: null },
    });
    const fields = { callId: id, sessionRef: null, roomId: result.roomId, from: 'cust_1', to: 'pro_1', callerLegTransport: 'WEBRTC', calleeLegTransport: 'WEBRTC' };
    expect(events[1]?.[1]).toEqual({ ...fields, status: 'ACCEPTED', answeredAt: '2026-01-15T09:00:03.000Z' });
    expect(events[2]?.[1]).toEqual({ ...fields, status: 'COMPLETED', durationSeconds: 92, endReason: 'completed', endedAt: '2026-01-15T09:01:35.000Z' });
  });

  it('is MISSED with ring_timeout when 45 seconds pass, uncharged, with nothing to transcribe or fetch', async () => {
    const id = (await place({ type: 'app', from: 'cust_2', to: 'pro_2' })).body.callId as string;
    await t.advance(44);
    expect((await call(id)).status).toBe('RINGING');
    await t.advance(1);
    expect(await call(id)).toMatchObject({ status: 'MISSED', endReason: 'ring_timeout', costPaise: 0, durationSeconds: 0, recordingReady: false });
    expect((await api('GET', `/v1/voice/app/calls/${id}/transcript`)).body).toEqual({ callId: id, state: 'not_answered', turns: [] });
    const recording = await api('GET', `/v1/voice/app/calls/${id}/recording`);
    expect([recording.status, recording.body.code, recording.body.message]).toEqual([404, 'NOT_FOUND',
      `Call ${id} has no recording: only an answered call that has ended has one, and this one is MISSED`]);
    expect((await act(id, 'accept', { asExternalId: 'pro_2' })).status).toBe(409);
    expect(await ledgerOf(id)).toEqual([]);
    const events = await eventsOf(id);
    expect(events.map(([type]) => type)).toEqual(['voice.app.call.incoming', 'voice.app.call.missed']);
    expect(events[1]?.[1]).toMatchObject({ status: 'MISSED', endReason: 'ring_timeout', durationSeconds: 0 });
  });

  it('is REJECTED by the rung user, with callee_rejected or the reason given; only the rung user can reject', async () => {
    const first = (await place({ type: 'app', from: 'cust_3', to: 'pro_3' })).body.callId as string;
    expect((await act(first, 'reject', { asExternalId: 'cust_3' })).status).toBe(403);
    const rejected = await act(first, 'reject', { asExternalId: 'pro_3' });
    expect([rejected.status, rejected.body.status, rejected.body.endReason, rejected.body.costPaise]).toEqual([200, 'REJECTED', 'callee_rejected', 0]);
    expect((await eventsOf(first)).map(([type, data]) => [type, data.endReason])).toEqual([
      ['voice.app.call.incoming', undefined], ['voice.app.call.rejected', 'callee_rejected'],
    ]);
    const second = (await place({ type: 'app', from: 'cust_3', to: 'pro_3' })).body.callId as string;
    expect((await act(second, 'reject', { asExternalId: 'pro_3', reason: 'in_a_meeting' })).body.endReason).toBe('in_a_meeting');
  });

  it('ended while ringing is CANCELLED (caller_cancelled, callee_cancelled, ended_by_server); ended answered from the backend is COMPLETED ended_by_server', async () => {
    const endedBy = async (as: Record<string, unknown>) => {
      const id = (await place({ type: 'app', from: 'cust_4', to: 'pro_4' })).body.callId as string;
      const ended = (await act(id, 'end', as)).body;
      return [ended.status, ended.endReason, ended.costPaise];
    };
    expect(await endedBy({ asExternalId: 'cust_4' })).toEqual(['CANCELLED', 'caller_cancelled', 0]);
    expect(await endedBy({ asExternalId: 'pro_4' })).toEqual(['CANCELLED', 'callee_cancelled', 0]);
    expect(await endedBy({})).toEqual(['CANCELLED', 'ended_by_server', 0]);
    expect(await endedBy({ reason: 'booking_moved' })).toEqual(['CANCELLED', 'booking_moved', 0]);
    // No body at all (a plain POST from the backend, with or without a JSON content type) is the same as `{}`.
    for (const headers of [{}, { 'content-type': 'application/json' }] as Record<string, string>[]) {
      const idle = (await place({ type: 'app', from: 'cust_4', to: 'pro_4' })).body.callId as string;
      const bare = await t.request('POST', `/v1/voice/app/calls/${idle}/end`, { token: key, headers });
      expect([bare.status, bare.body.status, bare.body.endReason]).toEqual([200, 'CANCELLED', 'ended_by_server']);
    }
    const id = (await place({ type: 'app', from: 'cust_4', to: 'pro_4' })).body.callId as string;
    expect((await act(id, 'end', { asExternalId: 'someone_else' })).status).toBe(403);
    await act(id, 'accept', { asExternalId: 'pro_4' });
    await t.advance(3);
    expect((await act(id, 'end', {})).body).toMatchObject({ status: 'COMPLETED', endReason: 'ended_by_server', durationSeconds: 3, costPaise: 100 });
    // Three seconds of talk: no speech, so no transcription line; a minute at least.
    expect((await ledgerOf(id)).map((l) => l.amountPaise)).toEqual([-100]);
    await t.advance(10);
    expect((await api('GET', `/v1/voice/app/calls/${id}/transcript`)).body).toEqual({ callId: id, state: 'no_speech', turns: [] });
    expect((await eventsOf(id)).at(-1)).toEqual(['voice.app.call.completed', expect.objectContaining({ status: 'COMPLETED', endReason: 'ended_by_server' })]);
  });

  it('gives a party a new join token, valid 300 seconds on the clock; not to the callee before accepting, nor after the end', async () => {
    const id = (await place({ type: 'app', from: 'cust_5', to: 'pro_5' })).body.callId as string;
    expect((await act(id, 'token', { asExternalId: 'pro_5' })).status).toBe(409);
    expect((await act(id, 'token', { asExternalId: 'stranger' })).status).toBe(403);
    const fresh = await act(id, 'token', { asExternalId: 'cust_5' });
    expect(fresh.status).toBe(200);
    expect(joinTokenResultSchema.strict().parse(fresh.body)).toMatchObject({ callId: id, tokenExpiresIn: 300 });
    const tokens = t.server.services.voiceApp.joinTokens;
    await t.advance(299);
    expect(await tokens.verify(fresh.body.token)).toEqual({ orgId: t.organizationId, callId: id, participant: 'cust_5' });
    await t.advance(2);
    expect(await tokens.verify(fresh.body.token)).toBeNull();
    expect(await tokens.verify(`${fresh.body.token as string}x`)).toBeNull();
    await act(id, 'end', {});
    expect((await act(id, 'token', { asExternalId: 'cust_5' })).status).toBe(409);
  });

  it('gives a transcript some seconds after the end, and a recording link valid one hour, fresh on each request', async () => {
    const id = (await place({ type: 'app', from: 'cust_6', to: 'pro_6' })).body.callId as string;
    await act(id, 'accept', { asExternalId: 'pro_6' });
    await t.advance(12);
    expect((await api('GET', `/v1/voice/app/calls/${id}/transcript`)).body.state).toBe('processing');
    expect((await api('GET', `/v1/voice/app/calls/${id}/recording`)).status).toBe(404);
    await act(id, 'end', { asExternalId: 'pro_6' });
    expect((await api('GET', `/v1/voice/app/calls/${id}/transcript`)).body.state).toBe('processing');
    await t.advance(10);
    expect((await api('GET', `/v1/voice/app/calls/${id}/transcript`)).body).toEqual({
      callId: id, state: 'ready', turns: [
        { speaker: 'caller', party: 'cust_6', text: 'Hello, can you hear me?', startSeconds: 1, endSeconds: 3 },
        { speaker: 'callee', party: 'pro_6', text: 'Yes, loud and clear.', startSeconds: 3, endSeconds: 5 },
        { speaker: 'caller', party: 'cust_6', text: 'Great. I am calling about your appointment.', startSeconds: 6, endSeconds: 9 },
        { speaker: 'callee', party: 'pro_6', text: 'Sure, go ahead.', startSeconds: 10, endSeconds: 12 },
      ],
    });
    const link = (await api('GET', `/v1/voice/app/calls/${id}/recording`)).body.data as { url: string; expiresAt: string };
    const now = t.server.clock.now();
    expect(Date.parse(link.expiresAt)).toBe(Math.floor(now / 1000) * 1000 + 3_600_000);
    const audio = await fetch(link.url);
    expect([audio.status, audio.headers.get('content-type'), audio.headers.get('accept-ranges')]).toEqual([200, 'audio/wav', 'bytes']);
    const part = await fetch(link.url, { headers: { range: 'bytes=-4' } });
    expect([part.status, part.headers.get('content-range'), (await part.arrayBuffer()).byteLength]).toEqual([206, `bytes ${Number(audio.headers.get('content-length')) - 4}-${Number(audio.headers.get('content-length')) - 1}/${audio.headers.get('content-length')}`, 4]);
    // A link that does not verify is 403, a signature of another shape or none at all too (they were 400).
    for (const altered of [link.url.replace(/signature=\w+/, 'signature=abc'), link.url.replace(/&signature=\w+/, ''), link.url.replace(/expires=\d+/, 'expires=x')]) {
      expect((await fetch(altered)).status, altered).toBe(403);
    }
    await t.advance(1);
    expect((await api('GET', `/v1/voice/app/calls/${id}/recording`)).body.data.url).not.toBe(link.url);
    await t.advance(3600);
    expect((await fetch(link.url)).status).toBe(403);
    const renewed = await fetch((await api('GET', `/v1/voice/app/calls/${id}/recording`)).body.data.url as string);
    expect([renewed.status, Buffer.from(await renewed.arrayBuffer()).subarray(0, 4).toString()]).toEqual([200, 'RIFF']);
  });

  it('refuses missing fields, the same party twice, a booking call without a session, and a second live call between the same two (either way round)', async () => {
    expect((await place({ type: 'app', from: 'cust_7' })).status).toBe(400);
    expect((await place({ from: 'cust_7', to: 'pro_7' })).status).toBe(400);
    expect((await place({ type: 'video', from: 'cust_7', to: 'pro_7' })).status).toBe(400);
    // An id too long or not text is said so, not "required".
    for (const [from, problem] of [['c'.repeat(101), 'must be at most 100 characters'], [7, 'must be text, not a number'], [undefined, 'is required']] as const) {
      const refused = await place({ type: 'app', from, to: 'pro_7' });
      expect([refused.status, refused.body.message]).toEqual([400, `Invalid body: from: ${problem}`]);
    }
    // An app party follows an identity's externalId rule (no spaces or slashes, at most 100); a phone keeps its own.
    for (const [body, said] of [
      [{ type: 'app', from: 'cust 7', to: 'pro_7' }, 'from: must not contain spaces or slashes'],
      [{ type: 'phone', from: 'cust/7', to: '+14155550101' }, 'from: must not contain spaces or slashes'],
      [{ type: 'app', from: 'cust_7', to: 'pro/7' }, 'to: must not contain spaces or slashes'],
      [{ type: 'app', from: 'cust_7', to: 'p'.repeat(101) }, 'to: must be at most 100 characters'],
      [{ externalRef: 'bk', fromExternalId: 'cust 7' }, 'fromExternalId: must not contain spaces or slashes'],
    ] as const) {
      const refused = await place(body);
      expect([refused.status, refused.body.code, refused.body.message], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED', `Invalid body: ${said}`]);
    }
    expect((await api('GET', '/v1/voice/app/calls?identityExternalId=pro/7')).body.meta.total).toBe(0);
    const same = await place({ type: 'app', from: 'cust_7', to: 'cust_7' });
    expect([same.status, same.body.message]).toEqual([400, 'from and to are the same: a call needs two parties']);
    // The booking form needs an active session.
    const booking = await place({ externalRef: 'booking_none', fromExternalId: 'cust_7' });
    expect([booking.status, booking.body.message]).toEqual([404, 'Active booking session booking_none not found']);
    const id = (await place({ type: 'app', from: 'cust_7', to: 'pro_7' })).body.callId as string;
    expect((await place({ type: 'app', from: 'cust_7', to: 'pro_7' })).status).toBe(409);
    expect((await place({ type: 'app', from: 'pro_7', to: 'cust_7' })).status).toBe(409);
    expect((await place({ type: 'app', from: 'cust_7', to: 'pro_8' })).status).toBe(201);
    await act(id, 'end', {});
    expect((await place({ type: 'app', from: 'pro_7', to: 'cust_7' })).status).toBe(201);
    expect((await api('GET', '/v1/voice/app/calls/apc_nope')).status).toBe(404);
    expect((await act('apc_nope', 'end', {})).status).toBe(404);
  });

  it('needs voice:app:write to place and voice:app:read to read', async () => {
    const readOnly = (await t.createKey({ scopes: ['voice:app:read'] })).key;
    expect((await api('POST', '/v1/voice/app/calls', { type: 'app', from: 'a', to: 'b' }, readOnly)).status).toBe(403);
    expect((await api('GET', '/v1/voice/app/calls', undefined, readOnly)).status).toBe(200);
    const writeOnly = (await t.createKey({ scopes: ['voice:app:write'] })).key;
    expect((await api('GET', '/v1/voice/app/calls', undefined, writeOnly)).status).toBe(403);
  });
});

describe('an app-to-phone call', () => {
  it('rings the phone showing the business number; a phone that answers picks up at 7 s and hangs up after 95 s: callee_hung_up, billed with a phone side', async () => {
    const placed = await place({ type: 'phone', from: 'cust_10', to: '+1 415 555 0101' });
    expect(placed.status).toBe(201);
    expect(placed.body.callee).toEqual({ externalId: '+1******0101', displayName: null });
    const id = placed.body.callId as string;
    expect(await call(id)).toMatchObject({ to: '+1******0101', calleeLegTransport: 'PSTN', businessNumber: '+18005550142', status: 'RINGING' });
    expect((await place({ type: 'phone', from: 'cust_10', to: '+14155550101' })).status).toBe(409);
    await t.advance(6);
    expect((await call(id)).status).toBe('RINGING');
    await t.advance(1);
    expect((await call(id)).status).toBe('ACCEPTED');
    await t.advance(95);
    expect(await call(id)).toMatchObject({ status: 'COMPLETED', endReason: 'callee_hung_up', durationSeconds: 95, costPaise: 340 });
    expect((await ledgerOf(id)).map((l) => l.amountPaise).sort((a, b) => a - b)).toEqual([-200, -100, -40]);
    expect((await ledgerOf(id)).map((l) => l.description).sort()).toEqual([
      'Voice app call · cust_10 → +1******0101 · phone side +1******0101 · 2 min × ₹0.50',
      'Voice app call · cust_10 → +1******0101 · talk · 2 min × ₹1.00',
      'Voice app call · cust_10 → +1******0101 · transcription · 2 min × ₹0.20',
    ]);
    const events = await eventsOf(id);
    expect(events.map(([type]) => type)).toEqual(['voice.app.call.answered', 'voice.app.call.completed']);
    expect(events[0]?.[1]).toMatchObject({ from: 'cust_10', to: '+1******0101', callerLegTransport: 'WEBRTC', calleeLegTransport: 'PSTN' });
    expect(JSON.stringify(events)).not.toContain('4155550101');
  });

  it('ends as each fixture number says: not answered in 40 s, busy, declined, dial_failed; none charged', async () => {
    const outcome = async (to: string, seconds: number) => {
      const id = (await place({ type: 'phone', from: `cust_${to}`, to })).body.callId as string;
      await t.advance(seconds - 1);
      const before = (await call(id)).status;
      await t.advance(1);
      const after = await call(id);
      const events = await eventsOf(id);
      return [before, after.status, after.endReason, after.costPaise, events.map(([type]) => type).join()];
    };
    expect(await outcome('+15005550004', 40)).toEqual(['RINGING', 'MISSED', 'no_answer', 0, 'voice.app.call.missed']);
    expect(await outcome('+15005550005', 3)).toEqual(['RINGING', 'REJECTED', 'busy', 0, 'voice.app.call.rejected']);
    expect(await outcome('+15005550006', 8)).toEqual(['RINGING', 'REJECTED', 'declined', 0, 'voice.app.call.rejected']);
    expect(await outcome('+15005550007', 2)).toEqual(['RINGING', 'FAILED', 'dial_failed', 0, 'voice.app.call.completed']);
  });

  it('refuses an invalid number and its own business number (400), and any phone call while phone calling is off (403)', async () => {
    const invalid = await place({ type: 'phone', from: 'cust_11', to: '0044 20 7946 0000' });
    expect([invalid.status, invalid.body.message]).toEqual([400, 'Invalid phone number 0044 20 7946 0000: give it in international format, e.g. +14155550101']);
    expect((await place({ type: 'phone', from: 'cust_11', to: 'pro_1' })).status).toBe(400);
    // Its own business number is where calls come in, not a phone to ring.
    const own = await place({ type: 'phone', from: 'cust_11', to: '+1 800 555 0142' });
    expect([own.status, own.body.message]).toEqual([400, "+18005550142 is this account's own business number, which calls come in on: give the phone of the person to call"]);
    await api('PATCH', '/v1/voice/app/settings', { pstnEnabled: false });
    const off = await place({ type: 'phone', from: 'cust_11', to: '+14155550109' });
    expect([off.status, off.body.message]).toEqual([403, 'Phone calling is off: a call to a phone needs it. Turn it on with PATCH /v1/voice/app/settings {"pstnEnabled": true} or in the dashboard']);
    expect((await place({ type: 'app', from: 'cust_11', to: 'pro_11' })).status).toBe(201);
    await api('PATCH', '/v1/voice/app/settings', { pstnEnabled: true });
    expect((await place({ type: 'phone', from: 'cust_11', to: '+14155550109' })).status).toBe(201);
  });
});

describe('a phone number', () => {
  it('is taken with or without its +, as agent calls and OTP take it: one number either way, spaces and dashes ignored', async () => {
    const bare = await place({ type: 'phone', from: 'cust_13', to: '14155550113' });
    expect(bare.status).toBe(201);
    expect((await call(bare.body.callId as string)).to).toBe('+1******0113');
    // The same number written with its + and spaces is the call already live between the two.
    const again = await place({ type: 'phone', from: 'cust_13', to: '+1 415-555-0113' });
    expect([again.status, again.body.message]).toEqual([409, `cust_13 already has a live call with +1******0113 (${bare.body.callId as string}, RINGING): end it first`]);
    // The simulated network rings the number it names: the busy fixture without its + is busy.
    const busy = (await place({ type: 'phone', from: 'cust_14', to: '15005550005' })).body.callId as string;
    await t.advance(3);
    expect(await call(busy)).toMatchObject({ status: 'REJECTED', endReason: 'busy' });
    // A call that came in on the business number is connected to a phone written so too.
    const inbound = (await t.dashboard('POST', '/sim/voice/inbound-call', { from: '+14155550114' })).body.callId as string;
    const connected = await act(inbound, 'connect', { type: 'phone', to: '1 (415) 555-0115' });
    expect([connected.status, connected.body.to]).toEqual([200, '+1******0115']);
  });
});

describe('call history', () => {
  it('lists newest first, 20 a page, filtered by an app user on either side', async () => {
    const mine = [];
    for (let i = 0; i < 3; i++) {
      const id = (await place({ type: 'app', from: i === 1 ? 'hist_other' : 'hist_me', to: i === 1 ? 'hist_me' : `hist_${i}` })).body.callId as string;
      mine.push(id);
      await act(id, 'end', {});
      await t.advance(1);
    }
    const filtered = await api('GET', '/v1/voice/app/calls?identityExternalId=hist_me');
    expect(filtered.body.data.map((c: { callId: string }) => c.callId)).toEqual([...mine].reverse());
    expect(filtered.body.meta).toEqual({ total: 3, page: 1, limit: 20, totalPages: 1 });
    const page = await api('GET', '/v1/voice/app/calls?limit=2&page=2');
    expect(page.body.meta.limit).toBe(2);
    expect(page.body.data).toHaveLength(2);
    expect((await t.dashboard('GET', '/dashboard/voice/app/calls?identityExternalId=hist_me')).body.meta.total).toBe(3);
  });
});

describe('the assistant endpoint', () => {
  it('reads app calls, their transcript, the numbers and the settings with voice:app:read', async () => {
    const id = (await place({ type: 'app', from: 'mcp_a', to: 'mcp_b' })).body.callId as string;
    const client = new Client({ name: 'voice-app-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(t.mcpUrl), { requestInit: { headers: { authorization: `Bearer ${key}` } } });
    await client.connect(transport);
    const text = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      return JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? 'null') as Record<string, unknown>;
    };
    expect(await text('get_voice_app_call', { callId: id })).toMatchObject({ callId: id, status: 'RINGING' });
    expect(await text('list_voice_app_calls', { identityExternalId: 'mcp_b' })).toMatchObject({ meta: { total: 1 } });
    expect(await text('get_voice_app_call_transcript', { callId: id })).toEqual({ callId: id, state: 'processing', turns: [] });
    expect(await text('list_voice_app_numbers', {})).toMatchObject({ data: [{ number: '+18005550142' }] });
    expect(await text('get_voice_app_settings', {})).toMatchObject({ pstnEnabled: true });
    await transport.close();
  });
});

describe('a restart', () => {
  it('keeps a ringing call\'s timers and its join tokens: the call is MISSED on the restarted server, the token still valid', async () => {
    const placed = (await place({ type: 'app', from: 'restart_a', to: 'restart_b' })).body as { callId: string; token: string };
    const phone = (await place({ type: 'phone', from: 'restart_a', to: '+14155550177' })).body.callId as string;
    const dir = mkdtempSync(join(tmpdir(), 'sb-voice-app-'));
    const again = await stoppedCopy(t, join(dir, 'copy.db')).restart();
    try {
      const restartedKey = (await again.createKey()).key;
      expect(await again.server.services.voiceApp.joinTokens.verify(placed.token)).toMatchObject({ callId: placed.callId, participant: 'restart_a' });
      await again.advance(45);
      const read = async (id: string) => (await again.request('GET', `/v1/voice/app/calls/${id}`, { token: restartedKey })).body;
      expect(await read(placed.callId)).toMatchObject({ status: 'MISSED', endReason: 'ring_timeout' });
      expect(await read(phone)).toMatchObject({ status: 'ACCEPTED' });
    } finally {
      await again.close();
      rmSync(dir, { recursive: true, force: true });
    }
    await act(placed.callId, 'end', {});
    await act(phone, 'end', {});
  });
});

describe('a booking call', () => {
  it("rings the session's other party, names the session and echoes its metadata on every event; a stranger or a revoked session cannot call", async () => {
    for (const [externalId, role] of [['pro_bk', 'PRO'], ['cust_bk', 'CUSTOMER']]) {
      expect((await api('POST', '/v1/voice/app/identities', { externalId, role, displayName: externalId === 'pro_bk' ? 'Dr. Rao' : null })).status).toBe(201);
    }
    expect((await api('POST', '/v1/voice/app/sessions', { externalRef: 'bk_1', proExternalId: 'pro_bk', customerExternalId: 'cust_bk', metadata: { slot: '10:00' } })).status).toBe(201);
    const placed = await place({ externalRef: 'bk_1', fromExternalId: 'cust_bk' });
    expect([placed.status, placed.body.callee]).toEqual([201, { externalId: 'pro_bk', displayName: 'Dr. Rao' }]);
    const callId = placed.body.callId as string;
    expect(await call(callId)).toMatchObject({ from: 'cust_bk', to: 'pro_bk', sessionRef: 'bk_1', calleeLegTransport: 'WEBRTC' });
    expect((await act(callId, 'accept', { asExternalId: 'pro_bk' })).status).toBe(200);
    expect((await act(callId, 'end', {})).status).toBe(200);
    await t.server.bus.flush();
    await settleDeliveries(t);
    const events = hooks.received.map((r) => JSON.parse(r.body) as { type: string; data: { callId: string; sessionRef?: string; metadata?: unknown } })
      .filter((e) => e.data.callId === callId);
    expect(events.map((e) => e.type)).toEqual(['voice.app.call.incoming', 'voice.app.call.answered', 'voice.app.call.completed']);
    for (const event of events) expect(event.data.metadata).toEqual({ slot: '10:00' });
    // `incoming` names the registered parties with their roles.
    expect(events[0]?.data).toMatchObject({ from: { externalId: 'cust_bk', displayName: null, role: 'CUSTOMER' }, to: { externalId: 'pro_bk', displayName: 'Dr. Rao', role: 'PRO' } });
    expect(events.slice(1).map((e) => e.data.sessionRef)).toEqual(['bk_1', 'bk_1']);
    const stranger = await place({ externalRef: 'bk_1', fromExternalId: 'pro_7' });
    expect([stranger.status, stranger.body.message]).toEqual([403, 'pro_7 is not a party of booking bk_1']);
    expect((await api('DELETE', '/v1/voice/app/sessions/bk_1')).status).toBeLessThan(300);
    expect((await place({ externalRef: 'bk_1', fromExternalId: 'pro_bk' })).status).toBe(404);
  });
});
