// The voice app calls' contract tests share their set-up and read-backs: a test server with a key, a funded wallet, a
// webhook receiver on the calls' events, the business number +18005550142 and phone calling on; the webhook events and
// ledger lines of one call; and a console stream socket in the organization's room.
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../contract/stream.ts';
import { createTestServer, type TestServer } from './test-server.ts';
import { settleDeliveries, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

export const BUSINESS_NUMBER = '+18005550142';
export type VoiceAppTest = { t: TestServer; key: string; hooks: WebhookReceiver };
export type StreamSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A test server set up for app calls; `events` is the receiver's subscription (every event unless given). */
export async function startVoiceAppTest(events: '*' | string[] = '*'): Promise<VoiceAppTest> {
  // No receiver here hangs: a timeout well above a loaded machine's loopback answer, so attempts are not sent twice.
  const t = await createTestServer({ allowPrivateWebhooks: true, webhooks: { timeoutMs: 5_000 } });
  const { key } = await t.createKey({ rateLimitPerMinute: 10_000 });
  const hooks = await startWebhookReceiver();
  const steps = [
    await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 1_000_000 }),
    await t.request('POST', '/v1/webhooks', { token: key, body: { url: hooks.url, events } }),
    await t.dashboard('POST', '/dashboard/voice/app/numbers', { number: BUSINESS_NUMBER }),
    await t.request('PATCH', '/v1/voice/app/settings', { token: key, body: { pstnEnabled: true } }),
  ];
  const failed = steps.find((res) => res.status >= 300);
  if (failed) throw new Error(`voice app test set-up answered ${failed.status}: ${failed.text}`);
  return { t, key, hooks };
}

/** The webhook events received about call `id`, in order: [type, data]. */
export async function appCallEvents({ t, hooks }: VoiceAppTest, id: string): Promise<Array<[string, Record<string, unknown>]>> {
  await settleDeliveries(t);
  // Each event once, as a receiver takes them (delivery is at least once: an attempt the server gave up waiting on
  // while the receiver had it is sent again, and came twice in a loaded full run).
  const seen = new Set<string>();
  return hooks.received.map((r) => JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> })
    .filter((e) => e.data.callId === id && !seen.has(e.id) && Boolean(seen.add(e.id))).map((e) => [e.type, e.data]);
}

export type LedgerLine = { referenceId: string; amountPaise: number; channel: string; referenceType: string; description: string };
/** The wallet's ledger lines that reference `id` (among the latest 100). */
export async function ledgerOf(t: TestServer, id: string): Promise<LedgerLine[]> {
  return ((await t.dashboard('GET', '/dashboard/wallet/ledger?limit=100')).body.data as LedgerLine[]).filter((line) => line.referenceId === id);
}

/** A console stream socket, connected and in the organization's room. */
export async function joinedStream(t: TestServer): Promise<StreamSocket> {
  const socket: StreamSocket = io(t.url, { auth: { token: t.dashboardToken }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await socket.emitWithAck('joinOrganization', t.organizationId);
  return socket;
}
