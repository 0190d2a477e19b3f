// `room_closed` through real HTTP, the real websocket voice server and the virtual clock: an answered call whose
// apps have all left (a leave, a drop, or the server's stop) ends COMPLETED 30 s later unless someone is back; a phone
// on the call keeps the room open; a ringing call is not closed; the pending close survives a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { appCallSchema, VOICE_APP_LIMITS } from '../../contract/voice-app.ts';
import { toIso } from '../../kernel/clock.ts';
import { createServer } from '../../server.ts';
import { createTestServer, stoppedCopy, type TestServer } from '../../testing/test-server.ts';
import { appCallEvents, joinedStream, startVoiceAppTest } from '../../testing/voice-app-calls.ts';
import { connectVoice, type VoiceClient } from '../../testing/voice-client.ts';
import type { WebhookReceiver } from '../../testing/webhook-receiver.ts';

const GRACE = VOICE_APP_LIMITS.roomClosedAfterSeconds;
let t: TestServer;
let key: string;
let hooks: WebhookReceiver;
const opened: WebSocket[] = [];
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });
const call = async (id: string) => appCallSchema.strict().parse((await api('GET', `/v1/voice/app/calls/${id}`)).body);
const act = (id: string, action: string, body: Record<string, unknown> = {}) => api('POST', `/v1/voice/app/calls/${id}/${action}`, body);
const now = (): number => t.server.clock.now();

/** An app joins the call with its join token: `joined` is its answer. */
async function joinWith(token: string): Promise<VoiceClient> {
  const app = connectVoice(`${t.server.voiceServerUrl()}?token=${encodeURIComponent(token)}`, opened);
  expect((await app.next()).type).toBe('joined');
  return app;
}
/** The app says it leaves: the server has reported the leave by the time it closes the connection. */
async function leave(app: VoiceClient): Promise<void> {
  app.send({ type: 'leave' });
  expect((await app.closed).code).toBe(1000);
}
/** The app's connection drops: the server notices in its own time (polled; the leave is reported as it does). */
async function drop(app: VoiceClient, callId: string, participant: string): Promise<void> {
  app.ws.terminate();
  while (t.server.voiceServer.participants(t.organizationId, callId).includes(participant)) await new Promise((resolve) => setTimeout(resolve, 5));
}
/** An app-to-app call, answered, with both apps in the room: [callId, caller, callee, the callee's token]. */
async function answeredCall(from: string, to: string): Promise<{ id: string; caller: VoiceClient; callee: VoiceClient; calleeToken: string }> {
  const placed = await api('POST', '/v1/voice/app/calls', { type: 'app', from, to });
  expect(placed.status).toBe(201);
  const id = placed.body.callId as string;
  const caller = await joinWith(placed.body.token as string);
  const accepted = await act(id, 'accept', { asExternalId: to });
  expect(accepted.status).toBe(200);
  const calleeToken = accepted.body.token as string;
  return { id, caller, callee: await joinWith(calleeToken), calleeToken };
}
const eventsOf = (id: string) => appCallEvents({ t, key, hooks }, id);

beforeAll(async () => {
  ({ t, key, hooks } = await startVoiceAppTest());
});
afterAll(async () => {
  for (const ws of opened) ws.terminate();
  await hooks.close();
  await t.close();
});

describe('an answered call whose room is left empty', () => {
  it('ends COMPLETED room_closed 30 s after the last app left (one said so, one dropped), ended then and charged for the talk, `completed` on webhooks and the stream', async () => {
    const socket = await joinedStream(t);
    const heard: Array<Record<string, unknown>> = [];
    socket.on('voice:app.call', (payload) => heard.push(payload));

    const { id, caller, callee, calleeToken } = await answeredCall('cust_r1', 'pro_r1');
    const answeredAt = now();
    await t.advance(60);
    await leave(caller);
    await t.advance(10);
    // One app still in the room: nothing is pending.
    expect((await call(id)).status).toBe('ACCEPTED');
    await drop(callee, id, 'pro_r1');
    const lastOut = now();
    await t.advance(GRACE - 1);
    expect((await call(id)).status).toBe('ACCEPTED');
    await t.advance(1);
    expect(await call(id)).toMatchObject({
      status: 'COMPLETED', endReason: 'room_closed', durationSeconds: 70, endedAt: toIso(lastOut), answeredAt: toIso(answeredAt),
      costPaise: 240, recordingReady: true,
    });
    expect(lastOut - answeredAt).toBe(70_000);
    // Billed as any completed call: two started minutes of talk and of transcription, nothing for the grace.
    const ledger = (await t.dashboard('GET', '/dashboard/wallet/ledger?limit=100')).body.data as Array<{ referenceId: string; amountPaise: number }>;
    expect(ledger.filter((l) => l.referenceId === id).map((l) => l.amountPaise).sort((a, b) => a - b)).toEqual([-200, -40]);
    const events = await eventsOf(id);
    expect(events.map(([type]) => type)).toEqual(['voice.app.call.incoming', 'voice.app.call.answered', 'voice.app.call.completed']);
    expect(events[2]?.[1]).toEqual({
      callId: id, sessionRef: null, roomId: expect.stringMatching(/^room_/), status: 'COMPLETED', from: 'cust_r1', to: 'pro_r1', callerLegTransport: 'WEBRTC',
      calleeLegTransport: 'WEBRTC', durationSeconds: 70, endReason: 'room_closed', endedAt: toIso(lastOut),
    });
    await socket.emitWithAck('leaveOrganization', t.organizationId);
    socket.disconnect();
    expect(heard.filter((e) => e.callId === id).at(-1)).toEqual({ callId: id, event: 'completed', status: 'COMPLETED' });
    // Over: the room takes nobody back, and ending it again answers it as it ended.
    expect((await connectVoice(`${t.server.voiceServerUrl()}?token=${encodeURIComponent(calleeToken)}`, opened).closed).code).toBe(4401);
    expect((await act(id, 'end', { asExternalId: 'cust_r1' })).body).toMatchObject({ status: 'COMPLETED', endReason: 'room_closed', costPaise: 240 });
  });

  it('stays ACCEPTED while one app is in the room, and when someone is back within the grace; the grace starts again at the next emptying', async () => {
    const { id, caller, callee } = await answeredCall('cust_r2', 'pro_r2');
    await leave(caller);
    await t.advance(GRACE + 10);
    expect((await call(id)).status).toBe('ACCEPTED');
    await leave(callee);
    await t.advance(20);
    const back = await joinWith((await act(id, 'token', { asExternalId: 'cust_r2' })).body.token as string);
    await t.advance(5);
    await drop(back, id, 'cust_r2');
    const lastOut = now();
    // Past the first emptying's grace (due 5 s after this drop): it was called off by the join, and this one's runs on.
    await t.advance(GRACE - 1);
    expect((await call(id)).status).toBe('ACCEPTED');
    await t.advance(1);
    expect(await call(id)).toMatchObject({ status: 'COMPLETED', endReason: 'room_closed', endedAt: toIso(lastOut) });
  });

  it('is not closed while a phone is on it: the app side leaving an app-to-phone or a phone-to-app call leaves it talking until the phone hangs up', async () => {
    const placed = await api('POST', '/v1/voice/app/calls', { type: 'phone', from: 'cust_r3', to: '+14155550133' });
    const toPhone = placed.body.callId as string;
    const caller = await joinWith(placed.body.token as string);
    await t.advance(7);
    expect((await call(toPhone)).status).toBe('ACCEPTED');
    await leave(caller);

    const dialled = await t.dashboard('POST', '/sim/voice/inbound-call', { from: '+14155550134' });
    const fromPhone = dialled.body.callId as string;
    expect((await act(fromPhone, 'connect', { type: 'app', to: 'pro_r3' })).status).toBe(200);
    const callee = await joinWith((await act(fromPhone, 'accept', { asExternalId: 'pro_r3' })).body.token as string);
    await drop(callee, fromPhone, 'pro_r3');

    await t.advance(GRACE + 30);
    expect(await call(toPhone)).toMatchObject({ status: 'ACCEPTED', endReason: null });
    expect(await call(fromPhone)).toMatchObject({ status: 'ACCEPTED', endReason: null });
    await t.advance(95);
    expect(await call(toPhone)).toMatchObject({ status: 'COMPLETED', endReason: 'callee_hung_up' });
    expect(await call(fromPhone)).toMatchObject({ status: 'COMPLETED', endReason: 'caller_hung_up' });
  });

  it('a ringing call whose caller leaves is not closed: it rings on and is MISSED ring_timeout', async () => {
    const placed = await api('POST', '/v1/voice/app/calls', { type: 'app', from: 'cust_r4', to: 'pro_r4' });
    const id = placed.body.callId as string;
    await leave(await joinWith(placed.body.token as string));
    await t.advance(GRACE + 1);
    expect((await call(id)).status).toBe('RINGING');
    await t.advance(VOICE_APP_LIMITS.ringTimeoutSeconds - GRACE - 1);
    expect(await call(id)).toMatchObject({ status: 'MISSED', endReason: 'ring_timeout', costPaise: 0 });
  });

  it('keeps a pending close across a restart: the restarted server closes the room when the grace is over', async () => {
    const { id, caller, callee } = await answeredCall('cust_r5', 'pro_r5');
    await leave(caller);
    await leave(callee);
    const lastOut = now();
    await t.advance(10);
    const dir = mkdtempSync(join(tmpdir(), 'sb-voice-room-'));
    const again = await stoppedCopy(t, join(dir, 'copy.db')).restart();
    try {
      const restartedKey = (await again.createKey()).key;
      const read = async () => (await again.request('GET', `/v1/voice/app/calls/${id}`, { token: restartedKey })).body;
      await again.advance(GRACE - 11);
      expect((await read()).status).toBe('ACCEPTED');
      await again.advance(1);
      expect(await read()).toMatchObject({ status: 'COMPLETED', endReason: 'room_closed', endedAt: toIso(lastOut) });
    } finally {
      await again.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a kill with apps in the room is everyone leaving too: restarted, the room closes, ended when the killed server was last known up', async () => {
    const { id } = await answeredCall('cust_k1', 'pro_k1');
    // Answered with no app ever in its room (as the Simulator's accept does): nothing to close after the kill either.
    const unjoined = (await api('POST', '/v1/voice/app/calls', { type: 'app', from: 'cust_k2', to: 'pro_k2' })).body.callId as string;
    expect((await act(unjoined, 'accept', { asExternalId: 'pro_k2' })).status).toBe(200);
    await t.advance(20);
    // The server notes the time at every advance (and every 5 s of real time): the last it is known to have been up.
    const lastUp = now();
    // A kill: what is committed, the apps still in the room (nobody said they left).
    const dir = mkdtempSync(join(tmpdir(), 'sb-voice-kill-'));
    // Down for 20 s: the grace counts from the kill, so 10 s after the start it is over.
    const again = await stoppedCopy(t, join(dir, 'copy.db')).restart(20_000);
    try {
      const restartedKey = (await again.createKey()).key;
      const read = async () => (await again.request('GET', `/v1/voice/app/calls/${id}`, { token: restartedKey })).body;
      await again.advance(GRACE - 21);
      expect((await read()).status).toBe('ACCEPTED');
      await again.advance(1);
      expect(await read()).toMatchObject({ status: 'COMPLETED', endReason: 'room_closed', endedAt: toIso(lastUp), durationSeconds: 20 });
      expect((await again.request('GET', `/v1/voice/app/calls/${unjoined}`, { token: restartedKey })).body.status).toBe('ACCEPTED');
    } finally {
      await again.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a CLI command opening the database beside the running server (keys create) leaves its rooms alone', async () => {
    const { id } = await answeredCall('cust_c1', 'pro_c1');
    // What `npm run cli -- keys create` does: a core on the same file, never listening, closed again.
    const command = await createServer({ dataFile: t.dataFile, clock: { kind: 'manual', startMs: now() + 3_600_000 }, seed: 'none', log: () => undefined });
    await command.close();
    // Nor does it note itself as the server being up (an hour ahead, here): the note is still the running server's.
    expect(Number(t.server.services.orgs.getSetting('clock_last_up_ms'))).toBe(now());
    await t.advance(GRACE + 1);
    expect((await call(id)).status).toBe('ACCEPTED');
  });

  it('counts a stop as everyone leaving: restarted, a room nobody came back to closes when the grace is over, ended at the stop; a rejoin keeps its call', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-voice-stop-'));
    const dataFile = join(dir, 'stop.db');
    let own = await createTestServer({ dataFile });
    try {
      const { key: ownKey } = await own.createKey();
      expect((await own.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 })).status).toBe(200);
      const ownApi = (method: string, path: string, body?: unknown) => own.request(method, path, { token: ownKey, body });
      const join = async (token: string) => {
        const app = connectVoice(`${own.server.voiceServerUrl()}?token=${encodeURIComponent(token)}`, opened);
        expect((await app.next()).type).toBe('joined');
        return app;
      };
      const tokens: string[] = [];
      const ids: string[] = [];
      for (const [from, to] of [['cust_s1', 'pro_s1'], ['cust_s2', 'pro_s2']] as const) {
        const placed = await ownApi('POST', '/v1/voice/app/calls', { type: 'app', from, to });
        await join(placed.body.token as string);
        const accepted = await ownApi('POST', `/v1/voice/app/calls/${placed.body.callId as string}/accept`, { asExternalId: to });
        await join(accepted.body.token as string);
        ids.push(placed.body.callId as string);
        tokens.push(placed.body.token as string);
      }
      await own.advance(20);
      const stoppedAt = own.server.clock.now();
      await own.close();
      own = await createTestServer({ dataFile, clock: { kind: 'manual', startMs: stoppedAt } });
      const read = async (id: string) => (await ownApi('GET', `/v1/voice/app/calls/${id}`)).body;
      expect((await read(ids[0] as string)).status).toBe('ACCEPTED');
      // The second call's caller is back within the grace: its call goes on.
      await join(tokens[1] as string);
      await own.advance(GRACE);
      expect(await read(ids[0] as string)).toMatchObject({ status: 'COMPLETED', endReason: 'room_closed', endedAt: toIso(stoppedAt), durationSeconds: 20 });
      expect((await read(ids[1] as string)).status).toBe('ACCEPTED');
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
