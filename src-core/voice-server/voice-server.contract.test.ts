// The local voice server with real websocket clients (ws) on 127.0.0.1: through the real server (a call's own join
// token admits its caller until the call ends; a fake join-token check admits; Socket.IO still connects beside it),
// and on a bare HTTP server with Socket.IO attached, where joins and leaves reach the hooks.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketIoServer } from 'socket.io';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createClock } from '../kernel/clock.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { connectVoice, type VoiceClient } from '../testing/voice-client.ts';
import { createVoiceServer, VOICE_CLOSE, type JoinGrant, type VoiceServer } from './voice-server.ts';

const clients: WebSocket[] = [];
const connect = (url: string): VoiceClient => connectVoice(url, clients);
const send = (client: VoiceClient, message: unknown): void => client.send(message);
const realPause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterAll(() => {
  for (const ws of clients) ws.terminate();
});

describe('the voice server in the real server', () => {
  let t: TestServer;
  let plain: TestServer;
  const grants = (): Record<string, JoinGrant> => ({
    'tok-pro': { orgId: t.organizationId, callId: 'apc_voice1', participant: 'pro_7' },
    'tok-cust': { orgId: t.organizationId, callId: 'apc_voice1', participant: 'cust_1042' },
  });
  beforeAll(async () => {
    t = await createTestServer({ voiceJoinCheck: async (token) => grants()[token] ?? null });
    plain = await createTestServer();
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
  });
  const voiceUrl = (server: TestServer, token?: string) => `${server.server.voiceServerUrl()}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;

  it('is at ws://<host>:<port>/voice on the API\'s own port', () => {
    expect(t.server.voiceServerUrl()).toBe(`${t.url.replace('http://', 'ws://')}/voice`);
  });

  it("admits a caller with the join token the call's API gave; a made-up token is refused (4401), none is 4400; the call's end closes it (4410) and its token joins no more", async () => {
    const key = (await plain.createKey()).key;
    // A call is placed only with the balance to pay for it.
    await plain.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
    const placed = await plain.request('POST', '/v1/voice/app/calls', { token: key, body: { type: 'app', from: 'cust_ws', to: 'pro_ws' } });
    expect(placed.status).toBe(201);
    const { callId, token, voiceServerUrl } = placed.body as { callId: string; token: string; voiceServerUrl: string };
    expect(voiceServerUrl).toBe(plain.server.voiceServerUrl());
    const caller = connect(`${voiceServerUrl}?token=${encodeURIComponent(token)}`);
    expect(await caller.next()).toEqual({ type: 'joined', callId, participant: 'cust_ws' });
    expect(await connect(voiceUrl(plain, 'anything')).closed).toEqual(VOICE_CLOSE.tokenRefused);
    expect(await connect(voiceUrl(plain)).closed).toEqual(VOICE_CLOSE.tokenMissing);
    expect((await plain.request('POST', `/v1/voice/app/calls/${callId}/end`, { token: key, body: {} })).status).toBe(200);
    expect(await caller.closed).toEqual(VOICE_CLOSE.callEnded);
    expect(await connect(`${voiceServerUrl}?token=${encodeURIComponent(token)}`).closed).toEqual(VOICE_CLOSE.tokenRefused);
  });

  it('admits a valid token with `joined`, marks the identity seen, answers pings; a bad token is refused', async () => {
    const key = (await t.createKey()).key;
    await t.request('POST', '/v1/voice/app/identities', { token: key, body: { externalId: 'pro_7', role: 'PRO' } });
    await t.advance(30);
    const pro = connect(voiceUrl(t, 'tok-pro'));
    expect(await pro.next()).toEqual({ type: 'joined', callId: 'apc_voice1', participant: 'pro_7' });
    expect(t.server.voiceServer.participants(t.organizationId, 'apc_voice1')).toEqual(['pro_7']);
    expect((await t.request('GET', '/v1/voice/app/identities/pro_7', { token: key })).body.lastSeenAt).toBe('2026-01-15T09:00:30.000Z');
    send(pro, { type: 'ping' });
    expect(await pro.next()).toEqual({ type: 'pong' });
    // Audio frames are ignored (offline there is none); an unknown message is answered with an error, the call kept.
    pro.ws.send(Buffer.from([1, 2, 3]));
    send(pro, { type: 'dance' });
    expect(await pro.next()).toEqual({ type: 'error', message: 'unknown message type "dance": the server takes "ping" and "leave"' });
    expect(await connect(voiceUrl(t, 'tok-forged')).closed).toEqual(VOICE_CLOSE.tokenRefused);
    send(pro, { type: 'leave' });
    expect(await pro.closed).toEqual(VOICE_CLOSE.left);
    expect(t.server.voiceServer.participants(t.organizationId, 'apc_voice1')).toEqual([]);
  });

  it('leaves Socket.IO working beside it: a stream client connects while an app is joined, and the app stays joined', async () => {
    const app = connect(voiceUrl(t, 'tok-cust'));
    expect((await app.next()).type).toBe('joined');
    const socket = io(t.url, { auth: { token: t.dashboardToken }, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(await socket.emitWithAck('joinOrganization', t.organizationId)).toEqual({ ok: true });
    } finally {
      socket.disconnect();
    }
    // Socket.IO ends an upgrade it does not take after a second unless it was answered: ours was, so it lives on.
    await realPause(1_200);
    send(app, { type: 'ping' });
    expect(await app.next()).toEqual({ type: 'pong' });
    app.ws.close();
    await app.closed;
  });
});

describe('the voice server on a bare HTTP server', () => {
  let http: HttpServer;
  let socketIo: SocketIoServer;
  let voice: VoiceServer;
  let base: string;
  const events: string[] = [];
  let waiter: { count: number; resolve: () => void } | null = null;
  const record = (event: string): void => {
    events.push(event);
    if (waiter && events.length >= waiter.count) waiter.resolve();
  };
  /** Resolves once `count` events are recorded (the server notices a dropped connection in its own time). */
  const eventsReach = (count: number) => new Promise<void>((resolve) => {
    if (events.length >= count) resolve();
    else waiter = { count, resolve };
  });
  const grantOf = (token: string): JoinGrant | null =>
    /^(\w+):(\w+)$/.test(token) ? { orgId: 'org_1', callId: token.split(':')[0] as string, participant: token.split(':')[1] as string } : null;
  beforeAll(async () => {
    http = createHttpServer((_request, response) => response.writeHead(404).end());
    socketIo = new SocketIoServer(http, { path: '/socket.io', serveClient: false });
    voice = createVoiceServer({
      server: http, clock: createClock({ kind: 'manual', startMs: 0 }), log: (msg) => record(`log ${msg}`),
      hooks: {
        verify: async (token) => {
          if (token === 'explode') throw new Error('token store unavailable');
          return grantOf(token);
        },
        onJoin: (grant) => record(`join ${grant.callId} ${grant.participant}`),
        onLeave: (grant) => record(`leave ${grant.callId} ${grant.participant}`),
      },
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/voice`;
  });
  afterAll(async () => {
    await voice.close();
    socketIo.close();
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  });

  it('reports a join, and a leave when the app\'s connection ends (a drop is a leave, not a hang-up)', async () => {
    events.length = 0;
    const app = connect(`${base}?token=call1:alice`);
    await app.next();
    app.ws.terminate();
    await eventsReach(2);
    expect(events).toEqual(['join call1 alice', 'leave call1 alice']);
  });

  it('a second connection of the same participant replaces the first (4409) with no leave in between', async () => {
    events.length = 0;
    const first = connect(`${base}?token=call2:bob`);
    await first.next();
    const second = connect(`${base}?token=call2:bob`);
    await second.next();
    expect(await first.closed).toEqual(VOICE_CLOSE.replaced);
    expect(voice.participants('org_1', 'call2')).toEqual(['bob']);
    expect(events).toEqual(['join call2 bob', 'join call2 bob']);
    voice.endCall('org_1', 'call2');
    expect(await second.closed).toEqual(VOICE_CLOSE.callEnded);
    expect(events).toEqual(['join call2 bob', 'join call2 bob']);
  });

  it('a join-token check that fails closes with 1011; a refused token never reaches onJoin', async () => {
    events.length = 0;
    expect(await connect(`${base}?token=explode`).closed).toEqual(VOICE_CLOSE.checkFailed);
    expect(await connect(`${base}?token=nope`).closed).toEqual(VOICE_CLOSE.tokenRefused);
    expect(events).toEqual(['log voice server: verifying a join token failed: token store unavailable']);
  });

  it('stopping reports each app in a room gone, once, then closes every connection with 1001', async () => {
    const own = createVoiceServer({
      server: http, clock: createClock({ kind: 'manual', startMs: 0 }), log: () => {},
      hooks: { verify: async (token) => grantOf(token), onJoin: () => {}, onLeave: (grant) => events.push(`leave ${grant.participant}`) },
    });
    await voice.close();
    events.length = 0;
    const app = connect(`${base}?token=call3:carol`);
    await app.next();
    await own.close();
    expect(await app.closed).toEqual(VOICE_CLOSE.shuttingDown);
    expect(events).toEqual(['leave carol']);
    expect(own.participants('org_1', 'call3')).toEqual([]);
    voice = own;
  });
});
