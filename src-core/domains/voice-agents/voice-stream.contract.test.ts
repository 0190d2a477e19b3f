// An agent call as the console's socket and a webhook receiver hear it: voice:call.* to the organization's room,
// voice:transcript.chunk to the call's room after joinCall (until leaveCall), and voice.call.completed by webhook
// for every ending, answered or not; only the seed's catalogued events reach webhooks.
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contract/stream.ts';
import { settleDeliveries, startWebhookReceiver, startWebhookTestServer, type WebhookReceiver } from '../../testing/webhook-receiver.ts';
import type { TestServer } from '../../testing/test-server.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let t: TestServer;
let key: string;
let agentId: string;
let receiver: WebhookReceiver;
const clients: Client[] = [];
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });

async function connect(): Promise<Client> {
  const socket: Client = io(t.url, { auth: { token: t.dashboardToken }, transports: ['websocket'], reconnection: false, forceNew: true });
  clients.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
/** Every event the socket hears in order, as [name, payload], but the clock's moves (every socket hears them). */
function record(socket: Client): Array<[string, Record<string, unknown>]> {
  const heard: Array<[string, Record<string, unknown>]> = [];
  socket.onAny((name: string, payload: Record<string, unknown>) => {
    if (name !== 'clock:changed') heard.push([name, payload]);
  });
  return heard;
}

beforeAll(async () => {
  ({ t, key } = await startWebhookTestServer());
  receiver = await startWebhookReceiver();
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  agentId = (await api('POST', '/v1/voice/agents', { name: 'Asha', greeting: 'Hello {{name}}.', instructions: 'Confirm.' })).body.id;
  await api('POST', '/v1/webhooks', { url: receiver.url, events: '*' });
});
afterAll(async () => {
  for (const socket of clients) socket.disconnect();
  await receiver.close();
  await t.close();
});

describe('agent calls on the stream', () => {
  it('streams the lifecycle to the organization and each utterance to the call\'s room after joinCall, until leaveCall', async () => {
    const watcher = await connect();
    await watcher.emitWithAck('joinOrganization', t.organizationId);
    const lifecycle = record(watcher);
    const listener = await connect();
    const call = (await api('POST', '/v1/voice/calls/outbound', { agentId, toNumber: '+14155550101', callContext: { name: 'Alice' } })).body;
    // A call's room is joined through its organization's; the listener then leaves that, to hear the call's room alone.
    await listener.emitWithAck('joinOrganization', t.organizationId);
    expect(await listener.emitWithAck('joinCall', call.id)).toEqual({ ok: true });
    await listener.emitWithAck('leaveOrganization', t.organizationId);
    const chunks = record(listener);
    await t.advance(30);
    await listener.emitWithAck('leaveCall', call.id);
    const heardInRoom = chunks.length;
    await t.advance(100);
    await watcher.emitWithAck('leaveOrganization', t.organizationId);

    const voice = lifecycle.filter(([name]) => name.startsWith('voice:'));
    expect(voice).toEqual([
      ['voice:call.initiated', { callId: call.id, agentId, direction: 'OUTBOUND', calledNumber: '+14155550101', status: 'INITIATED' }],
      ['voice:call.ringing', { callId: call.id, status: 'RINGING' }],
      ['voice:call.answered', { callId: call.id, status: 'ANSWERED', answeredAt: '2026-01-15T09:00:07.000Z' }],
      ['voice:call.ended', { callId: call.id, status: 'COMPLETED', durationSeconds: 95, sentiment: 'POSITIVE', summary: expect.any(String) }],
    ]);
    // The organization's room hears no transcript; the call's room only the transcript, one utterance each.
    expect(lifecycle.some(([name]) => name === 'voice:transcript.chunk')).toBe(false);
    expect(chunks.every(([name]) => name === 'voice:transcript.chunk')).toBe(true);
    expect(chunks[0]).toEqual(['voice:transcript.chunk', { callId: call.id, role: 'agent', content: 'Hello Alice.', timestamp: '2026-01-15T09:00:08.000Z' }]);
    expect(chunks[1]?.[1]).toMatchObject({ role: 'user', content: 'Hello, yes, speaking.' });
    expect(heardInRoom).toBeGreaterThan(2);
    // Nothing after leaveCall, though the call talked on; the detail has the whole transcript.
    expect(chunks).toHaveLength(heardInRoom);
    const detail = (await api('GET', `/v1/voice/calls/${call.id}`)).body;
    expect(detail.transcription.length).toBeGreaterThan(heardInRoom);
    expect(detail.transcription.slice(0, heardInRoom)).toEqual(chunks.map(([, { callId: _callId, ...turn }]) => turn));
  });

  it('delivers voice.call.completed by webhook for every ending, and none of the stream-only call events', async () => {
    await settleDeliveries(t);
    receiver.received.length = 0;
    const answered = (await api('POST', '/v1/voice/calls/outbound', { agentId, toNumber: '+14155550102' })).body.id;
    const busy = (await api('POST', '/v1/voice/calls/outbound', { agentId, toNumber: '+15005550005' })).body.id;
    await t.advance(120);
    await settleDeliveries(t);
    const events = receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(events.map((e) => e.type)).toEqual(['voice.call.completed', 'voice.call.completed']);
    const byCall = Object.fromEntries(events.map((e) => [e.data.callId, e.data]));
    expect(byCall[busy]).toEqual({
      callId: busy, agentId, direction: 'OUTBOUND', callerNumber: '+18005550100', calledNumber: '+15005550005', status: 'BUSY', durationSeconds: 0,
      sentiment: null, summary: null, wasConfirmed: false, wasBooked: false, billedAmountPaise: 0, endReason: 'busy', startedAt: expect.any(String),
      answeredAt: null, endedAt: expect.any(String),
    });
    expect(byCall[answered]).toMatchObject({ status: 'COMPLETED', durationSeconds: 95, sentiment: 'POSITIVE', wasConfirmed: true, billedAmountPaise: 400 });
    const catalogue = (await api('GET', '/v1/webhooks/events')).body.data as Array<{ type: string; emitted: boolean; sample: Record<string, unknown> }>;
    const entry = catalogue.find((e) => e.type === 'voice.call.completed');
    expect(entry?.emitted).toBe(true);
    expect(Object.keys(entry?.sample ?? {}).sort()).toEqual(Object.keys(byCall[answered] as object).sort());
  });
});
