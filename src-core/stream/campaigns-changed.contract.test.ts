// `campaigns:changed` on the console's stream, with a real client: every change of a campaign's figures names it (made,
// launched, dispatched, each receipt, a click, a reply, a conversion, a cancel, a draft deleted), only once committed,
// and gathered per turn, so a dispatch of thousands of recipients and their receipts are a handful of events.
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignsChange, ClientToServerEvents, ServerToClientEvents } from '../contract/stream.ts';
import { CHUNK, SLICE_MIN } from '../domains/campaigns/campaigns.service.ts';
import { bucketOf, repliesTo } from '../sim/fixtures.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let t: TestServer;
let socket: Client;
let key: string;
let templateId: string;
/** Every `campaigns:changed` heard so far, in order. */
const heard: CampaignsChange[] = [];
const phones = (n: number, from: number) => Array.from({ length: n }, (_, i) => `+9198200${String(from + i).padStart(5, '0')}`);

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 10_000_000 });
  templateId = (await t.dashboard('POST', '/dashboard/whatsapp/templates', {
    name: 'stream_offer', category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'Hi, 20% off today!' }],
  })).body.id as string;
  await t.advance(60);
  socket = io(t.url, { auth: { token: t.dashboardToken }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  expect(await socket.emitWithAck('joinOrganization', t.organizationId)).toEqual({ ok: true });
  socket.on('campaigns:changed', (change) => heard.push(change));
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

/**
 * The events heard while `act` ran and up to an acknowledged round trip after it: the server publishes a turn's notice
 * before it answers the request that caused it, and the socket delivers in order, so the ack comes after the notice.
 */
async function during(act: () => unknown): Promise<CampaignsChange[]> {
  const from = heard.length;
  await act();
  await new Promise((resolve) => setImmediate(resolve));
  await socket.emitWithAck('joinOrganization', t.organizationId);
  return heard.slice(from);
}
/** A new draft, its own notice heard before what comes next. */
async function create(name: string, phonesOf: string[], extra: Record<string, unknown> = {}): Promise<string> {
  let id = '';
  const changes = await during(async () => {
    const res = await t.request('POST', '/v1/whatsapp/campaigns', { token: key, body: { name, templateId, phones: phonesOf, ...extra } });
    expect(res.status).toBe(201);
    id = res.body.id as string;
  });
  expect(changes).toEqual([{ campaignIds: [id] }]);
  return id;
}
const launch = (id: string) => t.request('POST', `/v1/whatsapp/campaigns/${id}/launch`, { token: key });
const analytics = async (id: string) => (await t.request('GET', `/v1/whatsapp/campaigns/${id}/analytics`, { token: key })).body;
const naming = (id: string) => ({ campaignIds: [id] });

describe('campaigns:changed', () => {
  it('names the campaign when it is made, launched and dispatched, at each receipt, click, reply and conversion', async () => {
    const name = 'Stream sale';
    const numbers = phones(40, 100);
    const clickers = numbers.filter((n) => bucketOf(n) < 40).length;
    const converters = numbers.filter((n) => bucketOf(n) < 15).length;
    const repliers = numbers.filter((n) => repliesTo(n, name)).length;
    expect([clickers > 0, converters > 0, repliers > 0]).toEqual([true, true, true]);
    const id = await create(name, numbers);
    expect(await during(() => launch(id))).toContainEqual(naming(id));
    expect(await during(() => t.advance(1))).toContainEqual(naming(id));
    expect(await analytics(id)).toMatchObject({ sent: 40, delivered: 0 });
    expect(await during(() => t.advance(2))).toContainEqual(naming(id));
    expect(await analytics(id)).toMatchObject({ delivered: 40, read: 0 });
    expect(await during(() => t.advance(10))).toContainEqual(naming(id));
    expect(await analytics(id)).toMatchObject({ read: 40, clicked: 0 });
    // Clicks, at 30 s: no message event says so.
    expect(await during(() => t.advance(20))).toContainEqual(naming(id));
    expect(await analytics(id)).toMatchObject({ clicked: clickers, replied: 0 });
    // Replies, at 60 s, and conversions, at 5 minutes.
    expect(await during(() => t.advance(30))).toContainEqual(naming(id));
    expect(await analytics(id)).toMatchObject({ replied: repliers, converted: 0 });
    expect(await during(() => t.advance(240))).toContainEqual(naming(id));
    expect(await analytics(id)).toMatchObject({ converted: converters });
    // Nothing changed, nothing said.
    expect(await during(() => t.advance(60))).not.toContainEqual(naming(id));
  });

  it('says nothing of a change rolled back, and names the campaign once a reply credited to it commits', async () => {
    const numbers = phones(4, 300);
    const id = await create('Stream quiet', numbers);
    await launch(id);
    await t.advance(1);
    const from = numbers[0] as string;
    const replyUndone = () => t.server.db.tx(() => {
      t.server.services.messaging.receive({ orgId: t.organizationId, channel: 'whatsapp', from, text: 'Never mind' });
      throw new Error('undone');
    });
    expect(await during(() => expect(replyUndone).toThrow('undone'))).toEqual([]);
    expect(await analytics(id)).toMatchObject({ replied: 0 });
    expect(await during(() => t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from, text: 'Tell me more' }))).toEqual([naming(id)]);
    expect(await analytics(id)).toMatchObject({ replied: 1 });
    // Its receipts and its customers done with before the next test counts its own campaigns' events.
    await during(() => t.advance(600));
  });

  it('names a campaign scheduled, cancelled, and a draft deleted', async () => {
    const scheduled = await create('Stream later', phones(3, 400), { scheduledAt: '2030-01-01T10:00:00Z' });
    expect(await during(() => launch(scheduled))).toEqual([naming(scheduled)]);
    expect(await during(() => t.request('POST', `/v1/whatsapp/campaigns/${scheduled}/cancel`, { token: key }))).toEqual([naming(scheduled)]);
    const draft = await create('Stream draft', phones(2, 500));
    expect(await during(() => t.dashboard('DELETE', `/dashboard/whatsapp/campaigns/${draft}`))).toEqual([naming(draft)]);
  });

  it('gathers a dispatch of thousands of recipients into one event a chunk, and their receipts into one a provider batch, not one a recipient', async () => {
    const recipients = 2_000;
    const id = await create('Stream crowd', phones(recipients, 1_000));
    const dispatched = await during(async () => {
      await launch(id);
      await t.advance(1);
    });
    expect(await analytics(id)).toMatchObject({ sent: recipients });
    // The launch, then at most one a chunk: each chunk's figures move together.
    expect(dispatched.every((change) => change.campaignIds.length === 1 && change.campaignIds[0] === id)).toBe(true);
    expect(dispatched.length).toBeGreaterThanOrEqual(2);
    expect(dispatched.length).toBeLessThanOrEqual(Math.ceil(recipients / CHUNK) + 1);
    const delivered = await during(() => t.advance(2));
    expect(await analytics(id)).toMatchObject({ delivered: recipients });
    // Receipts come in the provider's batches, a slice's each (5 to 200 recipients, as the machine's load sizes them):
    // at most one event a batch, where a notice of each receipt would be one a recipient.
    expect(delivered.every((change) => change.campaignIds.length === 1 && change.campaignIds[0] === id)).toBe(true);
    expect(delivered.length).toBeGreaterThanOrEqual(1);
    expect(delivered.length).toBeLessThanOrEqual(recipients / SLICE_MIN);
  });
});
