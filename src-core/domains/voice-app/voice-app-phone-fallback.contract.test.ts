// The phone fallback leg through real HTTP on the virtual clock: an app call (by externalId or the booking form) to a
// person with a phone and no device that can ring them rings that phone (PSTN, the fixture outcomes, the 40 s ring)
// while phone calling is on, and is 403 while it is off, `reachable` following the setting; a person with a device is
// rung in the app as before; and the phone is never shown whole (answers, webhooks, the stream, ledger, request log).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCallSchema } from '../../contract/voice-app.ts';
import { stoppedCopy, type TestServer } from '../../testing/test-server.ts';
import { appCallEvents, ledgerOf as ledgerLinesOf, joinedStream, startVoiceAppTest, type StreamSocket } from '../../testing/voice-app-calls.ts';
import { settleDeliveries, type WebhookReceiver } from '../../testing/webhook-receiver.ts';

let t: TestServer;
let key: string;
let hooks: WebhookReceiver;
let socket: StreamSocket;
/** Every answer's text and every stream payload, searched at the end for a whole phone. */
const answers: string[] = [];
const streamed: unknown[] = [];
/** The people's phones, as digits after the `+` (what must never show). */
const phones: string[] = [];
const api = async (method: string, path: string, body?: unknown) => {
  const res = await t.request(method, path, { token: key, body });
  answers.push(res.text);
  return res;
};
const place = (body: Record<string, unknown>) => api('POST', '/v1/voice/app/calls', body);
const call = async (id: string) => appCallSchema.strict().parse((await api('GET', `/v1/voice/app/calls/${id}`)).body);
const act = (id: string, action: string, body: Record<string, unknown> = {}) => api('POST', `/v1/voice/app/calls/${id}/${action}`, body);
const pstn = (pstnEnabled: boolean) => api('PATCH', '/v1/voice/app/settings', { pstnEnabled });
/** An active person; `phone` and a device as given. */
async function person(externalId: string, options: { phone?: string; role?: 'PRO' | 'CUSTOMER'; displayName?: string; device?: Record<string, unknown> } = {}) {
  const { phone, role = 'PRO', displayName, device } = options;
  if (phone) phones.push(phone.slice(1));
  expect((await api('POST', '/v1/voice/app/identities', { externalId, role, phone, displayName })).status).toBe(201);
  if (device) expect((await api('POST', `/v1/voice/app/identities/${externalId}/devices`, device)).status).toBe(201);
}
const reachable = async (externalId: string) => (await api('GET', `/v1/voice/app/identities/${externalId}`)).body.reachable as boolean;
const eventsOf = (id: string) => appCallEvents({ t, key, hooks }, id);
const ledgerOf = (id: string) => ledgerLinesOf(t, id);

beforeAll(async () => {
  ({ t, key, hooks } = await startVoiceAppTest());
  socket = await joinedStream(t);
  socket.onAny((_name: string, payload: unknown) => streamed.push(payload));
});
afterAll(async () => {
  socket.disconnect();
  await hooks.close();
  await t.close();
});

describe('an app call to a person who can be rung only on their phone', () => {
  it('rings their phone (PSTN) showing the person; it answers at 7 s and hangs up after 95 s: callee_hung_up, billed with a phone side', async () => {
    await person('pf_ans', { phone: '+14155550181', displayName: 'Pat Lee' });
    expect(await reachable('pf_ans')).toBe(true);
    const placed = await place({ type: 'app', from: 'cust_pf1', to: 'pf_ans' });
    expect([placed.status, placed.body.callee]).toEqual([201, { externalId: 'pf_ans', displayName: 'Pat Lee' }]);
    const id = placed.body.callId as string;
    expect(await call(id)).toMatchObject({
      status: 'RINGING', from: 'cust_pf1', to: 'pf_ans', callerLegTransport: 'WEBRTC', calleeLegTransport: 'PSTN', businessNumber: '+18005550142',
    });
    // Their phone is rung, not an app: nobody accepts, rejects or joins as them.
    expect((await act(id, 'accept', { asExternalId: 'pf_ans' })).status).toBe(403);
    expect((await act(id, 'token', { asExternalId: 'pf_ans' })).status).toBe(403);
    expect((await place({ type: 'app', from: 'pf_ans', to: 'cust_pf1' })).status).toBe(409);
    await t.advance(6);
    expect((await call(id)).status).toBe('RINGING');
    await t.advance(1);
    expect(await call(id)).toMatchObject({ status: 'ACCEPTED', answeredAt: '2026-01-15T09:00:07.000Z' });
    await t.advance(95);
    expect(await call(id)).toMatchObject({ status: 'COMPLETED', endReason: 'callee_hung_up', durationSeconds: 95, costPaise: 340, to: 'pf_ans' });
    expect((await ledgerOf(id)).map((l) => l.description)).toContainEqual('Voice app call · cust_pf1 → Pat Lee (pf_ans) · phone side +1******0181 (pf_ans) · 2 min × ₹0.50');
    const events = await eventsOf(id);
    expect(events.map(([type]) => type)).toEqual(['voice.app.call.answered', 'voice.app.call.completed']);
    expect(events[1]?.[1]).toMatchObject({ from: 'cust_pf1', to: 'pf_ans', callerLegTransport: 'WEBRTC', calleeLegTransport: 'PSTN', endReason: 'callee_hung_up' });
    // Their history has it; the transcript names them; the row keeps the person and the number sealed.
    expect((await api('GET', '/v1/voice/app/calls?identityExternalId=pf_ans')).body.data.map((c: { callId: string }) => c.callId)).toEqual([id]);
    await t.advance(10);
    const turns = (await api('GET', `/v1/voice/app/calls/${id}/transcript`)).body.turns as Array<{ speaker: string; party: string }>;
    expect(turns.find((turn) => turn.speaker === 'callee')?.party).toBe('pf_ans');
    const row = t.server.db.sql.prepare('SELECT to_party, callee_phone_sealed FROM voice_app_calls WHERE id = ?').get(id) as Record<string, string>;
    expect(row.to_party).toBe('pf_ans');
    expect(row.callee_phone_sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row.callee_phone_sealed).not.toContain('4155550181');
  });

  it('ends as the fixture numbers say when they are the person\'s phone: busy, declined, not answered in 40 s, dial_failed; none charged', async () => {
    const outcome = async (last: string, seconds: number) => {
      await person(`pf_${last}`, { phone: `+1500555${last}` });
      const id = (await place({ type: 'app', from: `cust_pf${last}`, to: `pf_${last}` })).body.callId as string;
      await t.advance(seconds - 1);
      const before = await call(id);
      await t.advance(1);
      const after = await call(id);
      const types = (await eventsOf(id)).map(([type]) => type).join();
      return [before.status, before.calleeLegTransport, after.status, after.endReason, after.costPaise, after.to, types];
    };
    expect(await outcome('0005', 3)).toEqual(['RINGING', 'PSTN', 'REJECTED', 'busy', 0, 'pf_0005', 'voice.app.call.rejected']);
    expect(await outcome('0006', 8)).toEqual(['RINGING', 'PSTN', 'REJECTED', 'declined', 0, 'pf_0006', 'voice.app.call.rejected']);
    expect(await outcome('0004', 40)).toEqual(['RINGING', 'PSTN', 'MISSED', 'no_answer', 0, 'pf_0004', 'voice.app.call.missed']);
    expect(await outcome('0007', 2)).toEqual(['RINGING', 'PSTN', 'FAILED', 'dial_failed', 0, 'pf_0007', 'voice.app.call.completed']);
  });

  it('the booking form rings the other party\'s phone the same way, echoing the session\'s metadata', async () => {
    await person('pf_pro', { phone: '+14155550182', displayName: 'Dr. Rao' });
    await person('pf_cust', { role: 'CUSTOMER', device: { token: 'pf-cust-voip', platform: 'ios' } });
    expect((await api('POST', '/v1/voice/app/sessions', { externalRef: 'pf_bk', proExternalId: 'pf_pro', customerExternalId: 'pf_cust', metadata: { slot: '10:00' } })).status).toBe(201);
    const placed = await place({ externalRef: 'pf_bk', fromExternalId: 'pf_cust' });
    expect([placed.status, placed.body.callee]).toEqual([201, { externalId: 'pf_pro', displayName: 'Dr. Rao' }]);
    const id = placed.body.callId as string;
    await t.advance(7);
    expect(await call(id)).toMatchObject({ status: 'ACCEPTED', to: 'pf_pro', sessionRef: 'pf_bk', calleeLegTransport: 'PSTN' });
    expect((await act(id, 'end', {})).body).toMatchObject({ status: 'COMPLETED', endReason: 'ended_by_server' });
    const events = await eventsOf(id);
    expect(events.map(([type, data]) => [type, data.to, data.metadata])).toEqual([
      ['voice.app.call.answered', 'pf_pro', { slot: '10:00' }], ['voice.app.call.completed', 'pf_pro', { slot: '10:00' }],
    ]);
    // The other way round, the customer's VoIP token rings their app.
    const back = (await place({ externalRef: 'pf_bk', fromExternalId: 'pf_pro' })).body.callId as string;
    expect((await call(back)).calleeLegTransport).toBe('WEBRTC');
    await act(back, 'end', {});
  });

  it('while phone calling is off, is 403 (the booking form too) and the person is not reachable; on again, reachable on the next read', async () => {
    await person('pf_off', { phone: '+14155550183' });
    await person('pf_off_cust', { role: 'CUSTOMER', device: { token: 'pf-off-voip', platform: 'ios' } });
    await api('POST', '/v1/voice/app/sessions', { externalRef: 'pf_off_bk', proExternalId: 'pf_off', customerExternalId: 'pf_off_cust' });
    expect((await pstn(false)).status).toBe(200);
    expect(await reachable('pf_off')).toBe(false);
    const listed = (await api('GET', '/v1/voice/app/identities?limit=100')).body.data as Array<{ externalId: string; reachable: boolean }>;
    expect(listed.filter((i) => ['pf_off', 'pf_off_cust'].includes(i.externalId)).map((i) => [i.externalId, i.reachable]).sort())
      .toEqual([['pf_off', false], ['pf_off_cust', true]]);
    const refused = await place({ type: 'app', from: 'cust_pf_off', to: 'pf_off' });
    expect([refused.status, refused.body.message]).toEqual([403, 'Phone calling is off: a call to pf_off, who has no device that can ring and is rung on their phone, needs it. '
      + 'Turn it on with PATCH /v1/voice/app/settings {"pstnEnabled": true} or in the dashboard']);
    expect((await place({ externalRef: 'pf_off_bk', fromExternalId: 'pf_off_cust' })).status).toBe(403);
    // Someone with a device is rung in the app whatever the setting.
    const app = await place({ externalRef: 'pf_off_bk', fromExternalId: 'pf_off' });
    expect([app.status, (await call(app.body.callId as string)).calleeLegTransport]).toEqual([201, 'WEBRTC']);
    await act(app.body.callId as string, 'end', {});
    expect((await pstn(true)).status).toBe(200);
    expect(await reachable('pf_off')).toBe(true);
    const rung = await place({ type: 'app', from: 'cust_pf_off', to: 'pf_off' });
    expect([rung.status, (await call(rung.body.callId as string)).calleeLegTransport]).toEqual([201, 'PSTN']);
    await act(rung.body.callId as string, 'end', {});
  });
});

describe('a person with a device that can ring them', () => {
  it('is rung in the app as before, phone or not; a plain notification token alone cannot ring, so their phone is rung', async () => {
    await person('pf_voip', { phone: '+14155550184', device: { token: 'pf-voip', platform: 'ios' } });
    const id = (await place({ type: 'app', from: 'cust_pf_voip', to: 'pf_voip' })).body.callId as string;
    expect(await call(id)).toMatchObject({ to: 'pf_voip', calleeLegTransport: 'WEBRTC', businessNumber: null });
    expect((await act(id, 'accept', { asExternalId: 'pf_voip' })).status).toBe(200);
    await act(id, 'end', {});
    expect((await eventsOf(id)).map(([type]) => type)).toEqual(['voice.app.call.incoming', 'voice.app.call.answered', 'voice.app.call.completed']);
    const row = t.server.db.sql.prepare('SELECT callee_phone_sealed FROM voice_app_calls WHERE id = ?').get(id) as Record<string, string | null>;
    expect(row.callee_phone_sealed).toBeNull();

    await person('pf_plain', { phone: '+14155550185', device: { token: 'pf-fcm', platform: 'android' } });
    const plain = (await place({ type: 'app', from: 'cust_pf_plain', to: 'pf_plain' })).body.callId as string;
    expect(await call(plain)).toMatchObject({ to: 'pf_plain', calleeLegTransport: 'PSTN' });
    await act(plain, 'end', {});
  });

  it('whose phone is the account\'s own business number is refused (400), nothing placed, and is not reachable: the number would ring itself', async () => {
    const number = (await api('GET', '/v1/voice/app/numbers')).body.data[0].number as string;
    // Not through person(): the business number is shown whole everywhere, as it should be.
    expect((await api('POST', '/v1/voice/app/identities', { externalId: 'pf_self', role: 'PRO', phone: number })).status).toBe(201);
    // `reachable` says what the call does: their phone would not be dialled.
    expect(await reachable('pf_self')).toBe(false);
    expect((await t.dashboard('GET', '/dashboard/voice/app/identities/pf_self')).body).toMatchObject({ reachable: false, phoneNotRung: 'own_business_number' });
    const refused = await place({ type: 'app', from: 'cust_pf_self', to: 'pf_self' });
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([400, 'BAD_REQUEST',
      'pf_self has no device that can ring them and is rung on their phone, which is this account\'s own business number: register their device, or give them their own phone (POST /v1/voice/app/identities)']);
    expect((await api('GET', '/v1/voice/app/calls?identityExternalId=pf_self')).body.meta.total).toBe(0);
  });
});

describe('a restart', () => {
  it('keeps a ringing phone leg: the restarted server opens the sealed number and the phone answers and hangs up', async () => {
    await person('pf_restart', { phone: '+14155550186' });
    const id = (await place({ type: 'app', from: 'cust_pf_restart', to: 'pf_restart' })).body.callId as string;
    const dir = mkdtempSync(join(tmpdir(), 'sb-phone-fallback-'));
    const again = await stoppedCopy(t, join(dir, 'copy.db')).restart();
    try {
      const restartedKey = (await again.createKey()).key;
      const read = async () => (await again.request('GET', `/v1/voice/app/calls/${id}`, { token: restartedKey })).body;
      await again.advance(7);
      expect(await read()).toMatchObject({ status: 'ACCEPTED', to: 'pf_restart', calleeLegTransport: 'PSTN' });
      await again.advance(95);
      expect(await read()).toMatchObject({ status: 'COMPLETED', endReason: 'callee_hung_up' });
    } finally {
      await again.close();
      rmSync(dir, { recursive: true, force: true });
    }
    await act(id, 'end', {});
  });
});

describe('the phone leg\'s number', () => {
  it('is never shown whole: not in any answer, webhook, stream event, ledger line or request log entry', async () => {
    await t.server.bus.flush();
    await settleDeliveries(t);
    const log = await t.dashboard('GET', '/dashboard/request-log?limit=200');
    // A refused request's bodies are kept: read each one's detail.
    const details = await Promise.all((log.body.data as Array<{ id: string; statusCode: number }>).filter((entry) => entry.statusCode >= 400)
      .map((entry) => t.dashboard('GET', `/dashboard/request-log/${entry.id}`)));
    const ledger = await t.dashboard('GET', '/dashboard/wallet/ledger?limit=100');
    const everything = [
      ...answers, ...hooks.received.map((r) => r.body), JSON.stringify(streamed), ledger.text, log.text, ...details.map((d) => d.text),
      (await t.dashboard('GET', '/dashboard/voice/app/calls?limit=100')).text,
    ].join('\n');
    expect(streamed.length).toBeGreaterThan(0);
    expect(hooks.received.length).toBeGreaterThan(0);
    // The people's phones are given in upsert requests only: their numbers never come back out.
    for (const digits of phones) expect(everything, digits).not.toContain(digits.slice(1));
  });
});
