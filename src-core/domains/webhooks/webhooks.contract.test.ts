// Webhooks over real HTTP to real receivers on 127.0.0.1: signatures checked by Stripe's verifier, the
// whole retry schedule on the clock, 410, auto-disable, the timeout, replay, rotation, the log.
import { createHmac, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_ENDPOINTS, PRIVATE_FLAG_LIFTS, privateFlagWouldLift } from '../../contract/webhooks.ts';
import { createTestServer, TEST_EPOCH_MS, type TestServer } from '../../testing/test-server.ts';
import { type Received, settleDeliveries, startWebhookReceiver, webhookSuite } from '../../testing/webhook-receiver.ts';
import { DELIVERY_TIMEOUT_MS, RETRY_DELAYS_MS } from './delivery.ts';
import { checkDestination } from './destination.ts';
import { createWebhooksStore, type EndpointRow } from './webhooks.store.ts';

const stripe = new Stripe('sk_test_unused');
const suite = webhookSuite();
const { api, receiver, settle } = suite;
let t: TestServer;
/** Stripe's verifier, as a receiver runs it: against its own (wall) clock, 300 s tolerance. */
const verify = (r: Received, secret: string) =>
  (stripe.webhooks.signature as NonNullable<typeof stripe.webhooks.signature>).verifyHeader(r.body, r.headers['x-service-signature'] as string, secret, 300);
/** The seed's check: `t` within 300 s of the receiver's clock, past or future, and a `v1` that matches. */
function verifiesAsTheSeedSays(r: Received, secret: string, receiverNowSeconds: number): boolean {
  const header = r.headers['x-service-signature'] as string;
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(header)?.[1]);
  const expected = Buffer.from(createHmac('sha256', secret).update(`${signedAt}.${r.body}`).digest('hex'));
  const matches = [...header.matchAll(/v1=([0-9a-f]+)/g)].some(([, hex]) => hex?.length === expected.length && timingSafeEqual(Buffer.from(hex), expected));
  return matches && Math.abs(receiverNowSeconds - signedAt) <= 300;
}
const signedAtOf = (r: Received): number => Number(/t=(\d+)/.exec(r.headers['x-service-signature'] as string)?.[1]);

beforeAll(() => {
  t = suite.server();
});

describe('endpoints', () => {
  it('creates with a secret shown once, lists and gets without it, and validates', async () => {
    const r = await receiver();
    const created = await api('POST', '/v1/webhooks', { url: r.url, events: ['contact.created'], description: 'CRM sync' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^whe_/), secret: expect.stringMatching(/^whsec_/), isActive: true, status: 'ACTIVE', createdVia: 'api', consecutiveFailures: 0 });
    expect((await api('GET', `/v1/webhooks/${created.body.id}`)).body.secret).toBeUndefined();
    expect((await api('GET', '/v1/webhooks')).body.data[0].secret).toBeUndefined();
    const unknown = await api('POST', '/v1/webhooks', { url: r.url, events: ['contact.created', 'nope.event'] });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Invalid body: events.1: unknown event type "nope.event": GET /v1/webhooks/events lists them all, or subscribe to "*"']);
    expect((await api('POST', '/v1/webhooks', { url: r.url, events: [] })).status).toBe(400);
    // Each refusal names its real problem: a missing list, a URL too long (not "not a URL"), a URL that is not one.
    expect((await api('POST', '/v1/webhooks', { url: r.url })).body.message).toBe('Invalid body: events: is required');
    for (const events of [null, 5, 'contact.created']) {
      expect((await api('POST', '/v1/webhooks', { url: r.url, events })).body.message, JSON.stringify(events)).toBe('Invalid body: events: is "*" or a list of event types');
    }
    // A list is held to the list's rule: the item of the wrong type is named at its own path, on create and update.
    expect((await api('POST', '/v1/webhooks', { url: r.url, events: ['contact.created', 5] })).body.message).toBe('Invalid body: events.1: must be text, not a number');
    expect((await api('POST', '/v1/webhooks', { url: r.url, events: [null] })).body.message).toBe('Invalid body: events.0: must be text, not null');
    expect((await api('PATCH', `/v1/webhooks/${created.body.id}`, { events: [{ type: 'contact.created' }] })).body.message).toBe('Invalid body: events.0: must be text, not an object');
    expect((await api('POST', '/v1/webhooks', { url: `https://example.com/${'a'.repeat(5000)}`, events: '*' })).body.message)
      .toBe('Invalid body: url: must be at most 2048 characters');
    expect((await api('POST', '/v1/webhooks', { url: 'example.com/hook', events: '*' })).body.message).toBe('Invalid body: url: must be an absolute URL');
    // The seed's 23, and the delivery receipts of SMS, RCS and Instagram.
    const catalogue = (await api('GET', '/v1/webhooks/events')).body.data as Array<{ type: string; emitted: boolean }>;
    expect(catalogue).toHaveLength(26);
    // Every one is fired (lifecycle stages and forms came), and each is subscribable.
    expect(catalogue.filter((e) => !e.emitted).map((e) => e.type)).toEqual([]);
    expect((await api('POST', '/v1/webhooks', { url: r.url, events: ['form.submitted', 'contact.lifecycle_changed'] })).status).toBe(201);
    expect(DELIVERY_TIMEOUT_MS).toBe(10_000);
    expect(RETRY_DELAYS_MS).toEqual([0, 10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000]);
  });
  it('refuses a url with a user name or password, on create and on update, without echoing it', async () => {
    const refusal = { statusCode: 400, error: 'Bad Request', message: 'Invalid url: url must not include a user name or password; receivers verify deliveries by their signature' };
    for (const url of ['https://user:pass@example.com/h', 'https://user@example.com/h', 'https://:s3cret@example.com/h']) {
      const res = await api('POST', '/v1/webhooks', { url, events: '*' });
      expect(res.body, url).toMatchObject(refusal);
      expect(res.status, url).toBe(400);
    }
    const r = await receiver();
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body;
    const withCredentials = r.url.replace('http://', 'http://user:pass@');
    const patched = await api('PATCH', `/v1/webhooks/${endpoint.id}`, { url: withCredentials });
    expect([patched.status, patched.body]).toEqual([400, expect.objectContaining(refusal)]);
    expect((await api('GET', `/v1/webhooks/${endpoint.id}`)).body.url).toBe(r.url);
    expect((await api('GET', '/v1/webhooks?limit=100')).text).not.toContain('user:pass');
    // One stored by an earlier build, which took such URLs: its deliveries are refused with the reason, none is sent.
    const store = createWebhooksStore(t.server.db.sql);
    store.updateEndpoint({ ...(store.endpointById(endpoint.id) as EndpointRow), url: withCredentials });
    const test = (await api('POST', `/v1/webhooks/${endpoint.id}/test`, {})).body;
    await settle();
    const detail = (await api('GET', `/v1/webhooks/deliveries/${test.deliveryId}`)).body;
    expect([detail.status, detail.attemptLog[0].error]).toEqual(['FAILED', `destination refused: ${refusal.message.replace('Invalid url: ', '')}`]);
    expect(r.received).toHaveLength(0);
  });
  it(`keeps at most ${MAX_ENDPOINTS} per organization: the next is refused with 400 BAD_REQUEST, room made by a delete`, async () => {
    const r = await receiver();
    const orgId = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Many Hooks' })).body.id as string;
    const { key } = await t.createKey({ organizationId: orgId, scopes: ['webhooks:write'], rateLimitPerMinute: 10_000 });
    const create = () => t.request('POST', '/v1/webhooks', { token: key, body: { url: r.url, events: '*' } });
    const ids: string[] = [];
    for (let i = 0; i < MAX_ENDPOINTS; i++) {
      const created = await create();
      expect(created.status).toBe(201);
      ids.push(created.body.id as string);
    }
    const over = await create();
    expect([over.status, over.body]).toEqual([400, {
      statusCode: 400, error: 'Bad Request', code: 'BAD_REQUEST',
      message: `The organization has reached its limit of ${MAX_ENDPOINTS} webhook endpoints: delete one to add another`,
    }]);
    // Another organization is not limited by this one's.
    expect((await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).status).toBe(201);
    expect((await t.request('DELETE', `/v1/webhooks/${ids[0]}`, { token: key })).status).toBe(204);
    expect((await create()).status).toBe(201);
  });
});

describe('delivery', () => {
  it('fans an event out to every subscribed endpoint with one event id, signed, with the headers of the seed', async () => {
    const a = await receiver();
    const b = await receiver();
    const ea = (await api('POST', '/v1/webhooks', { url: a.url, events: '*' })).body;
    const eb = (await api('POST', '/v1/webhooks', { url: b.url, events: ['contact.updated', 'contact.created'] })).body;
    await t.dashboard('POST', '/dashboard/contacts', { name: 'Hook Person', email: 'hook@example.com' });
    await settle();
    const [ra] = a.received;
    const [rb] = b.received;
    expect(ra && rb).toBeTruthy();
    expect(verify(ra as Received, ea.secret)).toBe(true);
    expect(verify(rb as Received, eb.secret)).toBe(true);
    expect(() => verify(ra as Received, eb.secret)).toThrow();
    const body = JSON.parse((ra as Received).body);
    expect(body).toMatchObject({ id: expect.stringMatching(/^evt_/), type: 'contact.created', accountId: t.organizationId, livemode: false, data: { contact: { name: 'Hook Person' } } });
    expect((ra as Received).headers).toMatchObject({ 'x-service-event-id': body.id, 'x-service-event-type': 'contact.created', 'x-service-webhook-id': ea.id, 'x-service-delivery-attempt': '1' });
    expect((rb as Received).headers['x-service-event-id']).toBe(body.id);
    expect((await api('GET', `/v1/webhooks/${ea.id}`)).body.lastSuccessAt).toEqual(expect.any(String));
  });

  it('signs with wall-clock time: after the virtual clock jumps hours ahead, t is within 300 s of real time and verifies', async () => {
    const r = await receiver();
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body;
    await t.advance(6 * 3600);
    const virtualNow = t.server.clock.now();
    await api('POST', `/v1/webhooks/${endpoint.id}/test`, { eventType: 'contact.created' });
    await settle();
    const received = r.received[0] as Received;
    const realNowSeconds = Date.now() / 1000;
    expect(Math.abs(signedAtOf(received) - realNowSeconds)).toBeLessThanOrEqual(300);
    expect(verifiesAsTheSeedSays(received, endpoint.secret, Math.floor(realNowSeconds))).toBe(true);
    expect(verify(received, endpoint.secret)).toBe(true);
    // Against the virtual clock the same delivery would be refused: hours apart. The envelope stays virtual.
    expect(verifiesAsTheSeedSays(received, endpoint.secret, Math.floor(virtualNow / 1000))).toBe(false);
    expect(Date.parse(JSON.parse(received.body).createdAt)).toBeGreaterThanOrEqual(virtualNow);
  });

  it('takes t from the clock\'s wall reading (pinned here), at each attempt, while retries follow virtual time', async () => {
    let wallMs = Date.parse('2030-03-01T12:00:00.000Z');
    const pinned = await createTestServer({ allowPrivateWebhooks: true, clock: { kind: 'manual', startMs: TEST_EPOCH_MS, wallNow: () => wallMs } });
    const r = await startWebhookReceiver();
    r.status = 500;
    try {
      const k = (await pinned.createKey()).key;
      const endpoint = (await pinned.request('POST', '/v1/webhooks', { token: k, body: { url: r.url, events: '*' } })).body;
      await pinned.request('POST', `/v1/webhooks/${endpoint.id}/test`, { token: k, body: {} });
      await settleDeliveries(pinned);
      wallMs += 3_000;
      await pinned.advance(10);
      expect(r.received.map(signedAtOf)).toEqual([Date.parse('2030-03-01T12:00:00Z') / 1000, Date.parse('2030-03-01T12:00:03Z') / 1000]);
      expect(verifiesAsTheSeedSays(r.received[1] as Received, endpoint.secret, wallMs / 1000)).toBe(true);
      expect(JSON.parse((r.received[0] as Received).body).createdAt).toBe(new Date(TEST_EPOCH_MS).toISOString());
    } finally {
      await r.close();
      await pinned.close();
    }
  });

  it('delivers the SMS, RCS and Instagram delivery receipts to an endpoint subscribed to them', async () => {
    const r = await receiver();
    await api('POST', '/v1/webhooks', { url: r.url, events: ['sms.message.status'] });
    await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 10_000 });
    await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'HOOKIN', entityId: '1201160000000000009' });
    await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Hook', dltTemplateId: '1207160000000000009', body: 'Code {#var#} - HOOK' });
    await t.advance(60);
    expect((await api('POST', '/v1/sms/send', { senderId: 'HOOKIN', to: ['+14155550530'], message: 'Code 1234 - HOOK' })).status).toBe(200);
    await settle();
    await t.advance(2);
    await settle();
    const statuses = r.received.map((x) => JSON.parse(x.body)).map((e) => [e.type, e.data.status]);
    expect(statuses).toEqual([['sms.message.status', 'sent'], ['sms.message.status', 'delivered']]);
  });
  it('retries on the whole schedule (none, 10 s, 1 min, 5 min, 30 min, 2 h, 6 h), then exhausts', async () => {
    const r = await receiver();
    r.status = 500;
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: ['contact.lifecycle_changed'] })).body;
    const test = await api('POST', `/v1/webhooks/${endpoint.id}/test`, {});
    expect(test.status).toBe(202);
    await settle();
    expect(r.received).toHaveLength(1);
    for (const [index, delay] of RETRY_DELAYS_MS.slice(1).entries()) {
      await t.advance(delay / 1000 - 0.5);
      expect(r.received, `before attempt ${index + 2}`).toHaveLength(index + 1);
      await t.advance(0.5);
      expect(r.received, `attempt ${index + 2}`).toHaveLength(index + 2);
      expect(r.received[index + 1]?.headers['x-service-delivery-attempt']).toBe(String(index + 2));
    }
    const detail = await api('GET', `/v1/webhooks/deliveries/${test.body.deliveryId}`);
    expect(detail.body).toMatchObject({ status: 'EXHAUSTED', attempts: 7, nextAttemptAt: null, lastResponseStatus: 500 });
    expect(detail.body.attemptLog).toHaveLength(7);
    expect(detail.body.attemptLog[0]).toMatchObject({ attempt: 1, responseStatus: 500, responseBody: 'answer 500', requestHeaders: { 'x-service-webhook-id': endpoint.id } });
    expect(detail.body.payload).toMatchObject({ type: 'webhook.test', id: test.body.eventId });
    await t.advance(86_400);
    expect(r.received).toHaveLength(7);
    expect((await api('GET', `/v1/webhooks/${endpoint.id}/deliveries?status=EXHAUSTED`)).body.meta.total).toBe(1);
  });

  it('filters deliveries by a comma list of statuses, any of which matches, as the logs do; one it does not know is 400 naming it', async () => {
    const r = await receiver();
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body;
    const ok = (await api('POST', `/v1/webhooks/${endpoint.id}/test`, {})).body.deliveryId as string;
    await settle();
    r.status = 500;
    const failed = (await api('POST', `/v1/webhooks/${endpoint.id}/test`, {})).body.deliveryId as string;
    await settle();
    const ids = async (query: string) => (await api('GET', `/v1/webhooks/${endpoint.id}/deliveries?${query}`)).body.data.map((d: { id: string }) => d.id);
    expect(await ids('status=FAILED')).toEqual([failed]);
    expect(await ids('status=SUCCEEDED,FAILED')).toEqual([failed, ok]);
    expect(await ids('status=EXHAUSTED,HELD')).toEqual([]);
    const console = await suite.server().dashboard('GET', `/dashboard/webhook-deliveries?status=${encodeURIComponent('SUCCEEDED, FAILED')}`);
    expect(console.body.data.map((d: { id: string }) => d.id).slice(0, 2)).toEqual([failed, ok]);
    const refused = await api('GET', `/v1/webhooks/${endpoint.id}/deliveries?status=FAILED,DONE`);
    expect([refused.status, refused.body.message]).toEqual([400, 'Invalid query: status: must be one of: PENDING, SUCCEEDED, FAILED, EXHAUSTED, HELD, or several of them separated by commas (status=FAILED,EXHAUSTED): "DONE" is not']);
  });

  it('a 410 deletes the endpoint at once, with no retry', async () => {
    const r = await receiver();
    r.status = 410;
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body;
    await api('POST', `/v1/webhooks/${endpoint.id}/test`, { eventType: 'shopify.order.created' });
    await settle();
    expect(JSON.parse((r.received[0] as Received).body).data).toMatchObject({ orderNumber: '1001' });
    expect((await api('GET', `/v1/webhooks/${endpoint.id}`)).status).toBe(404);
    await t.advance(3600);
    expect(r.received).toHaveLength(1);
  });

  it('15 consecutive failed deliveries disable the endpoint; re-enabling clears the count', async () => {
    const { r, endpointId } = await suite.failingFifteenTimes();
    const endpoint = { id: endpointId };
    expect(r.received).toHaveLength(15);
    const disabled = (await api('GET', `/v1/webhooks/${endpoint.id}`)).body;
    expect(disabled).toMatchObject({ isActive: false, status: 'DISABLED', consecutiveFailures: 15 });
    await t.advance(300);
    expect(r.received).toHaveLength(15);
    const enabled = await api('PATCH', `/v1/webhooks/${endpoint.id}`, { isActive: true });
    expect(enabled.body).toMatchObject({ isActive: true, consecutiveFailures: 0, disabledReason: null });
  });

  it('stores a blank description as none (null), on create and on update, as automations do', async () => {
    const r = await receiver();
    const created = await api('POST', '/v1/webhooks', { url: r.url, events: '*', description: '   ' });
    expect([created.status, created.body.description]).toEqual([201, null]);
    expect((await api('PATCH', `/v1/webhooks/${created.body.id}`, { description: ' Orders ' })).body.description).toBe('Orders');
    expect((await api('PATCH', `/v1/webhooks/${created.body.id}`, { description: '' })).body.description).toBeNull();
    expect((await api('GET', `/v1/webhooks/${created.body.id}`)).body.description).toBeNull();
  });

  it('a test with eventType null is the generic ping, as one without it', async () => {
    const r = await receiver();
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body;
    const test = await api('POST', `/v1/webhooks/${endpoint.id}/test`, { eventType: null });
    expect([test.status, test.body.eventType]).toEqual([202, 'webhook.test']);
    await settle();
    expect(JSON.parse((r.received[0] as Received).body)).toMatchObject({ id: test.body.eventId, type: 'webhook.test', data: { endpointId: endpoint.id } });
    // Any other value still names the event types it takes.
    expect((await api('POST', `/v1/webhooks/${endpoint.id}/test`, { eventType: 'nope' })).body.message).toMatch(/^Invalid body: eventType: must be one of: contact\.created, /);
  });

  it('a receiver that never answers times out and is retried', async () => {
    const r = await receiver();
    r.hang = true;
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body;
    const test = (await api('POST', `/v1/webhooks/${endpoint.id}/test`, {})).body;
    await settle();
    const detail = await api('GET', `/v1/webhooks/deliveries/${test.deliveryId}`);
    expect(detail.body).toMatchObject({ status: 'FAILED', attempts: 1, nextAttemptAt: expect.any(String) });
    expect(detail.body.attemptLog[0].error).toContain('timed out');
  });

  it('replays with the original event id; rotation makes the old secret fail at once', async () => {
    const r = await receiver();
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body;
    const test = (await api('POST', `/v1/webhooks/${endpoint.id}/test`, { eventType: 'email.message.clicked' })).body;
    await settle();
    const rotated = await api('POST', `/v1/webhooks/${endpoint.id}/rotate-secret`, {});
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    const replay = await api('POST', `/v1/webhooks/deliveries/${test.deliveryId}/replay`, {});
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ eventId: test.eventId, status: 'PENDING' });
    await settle();
    expect(r.received).toHaveLength(2);
    const [first, second] = r.received as [Received, Received];
    expect(second.headers['x-service-event-id']).toBe(first.headers['x-service-event-id']);
    expect(verify(second, rotated.body.secret)).toBe(true);
    expect(() => verify(second, endpoint.secret)).toThrow();
    expect((await api('DELETE', `/v1/webhooks/${endpoint.id}`)).status).toBe(204);
    expect((await api('GET', `/v1/webhooks/${endpoint.id}`)).status).toBe(404);
  });
});

describe('destination safety', () => {
  it('refuses http, internal addresses and names that resolve inside; re-checks at every delivery', async () => {
    let inside = false;
    const resolved: Record<string, string[]> = { 'inside.example.test': ['192.168.1.20'], 'six.example.test': ['2606:4700::1111', '2002:a00:7::1'] };
    const later: Record<string, string[]> = { 'rebind.example.test': ['10.0.0.7'], 'rebind6.example.test': ['::7f00:1'], 'rebind6to4.example.test': ['2002:a9fe:a9fe::'] };
    const guarded = await createTestServer({ webhooks: { resolve: async (host) => (inside ? later[host] : undefined) ?? resolved[host] ?? ['93.184.216.34'] } });
    try {
      const k = (await guarded.createKey()).key;
      const create = (url: string) => guarded.request('POST', '/v1/webhooks', { token: k, body: { url, events: '*' } });
      for (const url of ['http://hooks.example.test/x', 'https://127.0.0.1/x', 'https://[::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://169.254.169.254/latest', 'https://10.1.2.3/x', 'https://inside.example.test/x', 'https://localhost/x', 'https://metadata.google.internal/x', 'https://[fd00::1]/x', 'https://0.0.0.0/x']) {
        const res = await create(url);
        expect(res.status, url).toBe(400);
      }
      // IPv6 forms that carry an internal IPv4: compatible (::/96), translated, 6to4 (2002::/16), and a name resolving to one.
      for (const url of ['https://[::127.0.0.1]/x', 'https://[::7f00:1]/x', 'https://[::a9fe:a9fe]/x', 'https://[::ffff:0:7f00:1]/x', 'https://[2002:7f00:1::]/x',
        'https://[2002:a9fe:a9fe::1]/x', 'https://[2002:c0a8:114::]/x', 'https://six.example.test/x']) {
        const res = await create(url);
        expect([res.status, res.body.message], url).toEqual([400, expect.stringMatching(/\(IPv4 (127|169\.254|192\.168|10)\.[\d.]+\).* otherwise internal address \(a server started with --allow-private-webhooks accepts/)]);
      }
      // Those carrying a public IPv4 are judged as it: accepted.
      for (const url of ['https://[2002:5db8:d822::1]/x', 'https://[::5db8:d822]/x']) expect((await create(url)).status, url).toBe(201);
      // IPv6 ranges that are not public: local-use NAT64, site-local, discard, documentation, Teredo.
      for (const url of ['https://[64:ff9b:1::a00:1]/x', 'https://[fec0::1]/x', 'https://[100::1]/x', 'https://[2001:db8::1]/x', 'https://[2001:0:4136:e378::1]/x']) {
        expect((await create(url)).status, url).toBe(400);
      }
      // IPv6's own loopback and unspecified addresses are named as they are, not as the IPv4 they would be.
      expect((await create('https://[::1]/x')).body.message).toBe(`Invalid url: ::1 is a private, loopback, link-local or otherwise internal address${PRIVATE_FLAG_LIFTS}`);
      expect((await create('https://[::]/x')).body.message).toBe(`Invalid url: :: is a private, loopback, link-local or otherwise internal address${PRIVATE_FLAG_LIFTS}`);
      // The refusal names the address once, and reads as a sentence.
      expect((await create('https://10.0.0.5/x')).body.message).toBe(`Invalid url: 10.0.0.5 is a private, loopback, link-local or otherwise internal address${PRIVATE_FLAG_LIFTS}`);
      expect((await create('https://inside.example.test/x')).body.message)
        .toBe(`Invalid url: inside.example.test resolves to 192.168.1.20, a private, loopback, link-local or otherwise internal address${PRIVATE_FLAG_LIFTS}`);
      expect((await create('https://[2002:7f00:1::]/x')).body.message)
        .toBe(`Invalid url: 2002:7f00:1:: (IPv4 127.0.0.1) is a private, loopback, link-local or otherwise internal address${PRIVATE_FLAG_LIFTS}`);
      expect((await create('https://six.example.test/x')).body.message)
        .toBe(`Invalid url: six.example.test resolves to 2002:a00:7::1 (IPv4 10.0.0.7), a private, loopback, link-local or otherwise internal address${PRIVATE_FLAG_LIFTS}`);
      // The flag is named where it would lift the refusal (http, an internal name), in the contract's envelope; not for another scheme or credentials.
      const http = await create('http://hooks.example.test/x');
      expect(http.body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED', message: `Invalid url: url must use https${PRIVATE_FLAG_LIFTS}` });
      expect(privateFlagWouldLift(http.body.message)).toBe(true);
      expect((await create('https://localhost/x')).body.message).toBe(`Invalid url: localhost is an internal host name${PRIVATE_FLAG_LIFTS}`);
      expect((await create('ftp://hooks.example.test/x')).body.message).toBe('Invalid url: url must use https');
      expect((await create('https://u:p@hooks.example.test/x')).body.message).toBe('Invalid url: url must not include a user name or password; receivers verify deliveries by their signature');
      // Nor where the flag would lift one reason but not all: with it, http with credentials is still refused for them.
      for (const url of ['http://u:p@hooks.example.test/x', 'http://u@localhost/x', 'http://:p@10.0.0.5/x']) {
        const message = (await create(url)).body.message as string;
        expect(message, url).toBe('Invalid url: url must use https');
        expect(privateFlagWouldLift(message), url).toBe(false);
      }
      const withFlag = await checkDestination('http://u:p@localhost/x', { allowPrivate: true, resolve: async () => [] });
      expect(withFlag).toBe('url must not include a user name or password; receivers verify deliveries by their signature');
      for (const url of ['https://u:p@localhost/x', 'https://u:p@10.0.0.5/x']) {
        expect((await create(url)).body.message, url).toBe('Invalid url: url must not include a user name or password; receivers verify deliveries by their signature');
      }
      const rebinding = { 'rebind.example.test': '10.0.0.7', 'rebind6.example.test': '::7f00:1 (IPv4 127.0.0.1)', 'rebind6to4.example.test': '2002:a9fe:a9fe:: (IPv4 169.254.169.254)' };
      const endpoints: Record<string, string> = {};
      for (const host of Object.keys(rebinding)) {
        const ok = await create(`https://${host}/hooks`);
        expect(ok.status, host).toBe(201);
        endpoints[host] = ok.body.id;
      }
      inside = true;
      for (const [host, address] of Object.entries(rebinding)) {
        const test = (await guarded.request('POST', `/v1/webhooks/${endpoints[host]}/test`, { token: k, body: {} })).body;
        await guarded.advance(0.001);
        const detail = await guarded.request('GET', `/v1/webhooks/deliveries/${test.deliveryId}`, { token: k });
        expect(detail.body.attemptLog[0].error, host).toBe(`destination refused: ${host} resolves to ${address}, a private, loopback, link-local or otherwise internal address`);
        expect(detail.body.status, host).toBe('FAILED');
      }
    } finally {
      await guarded.close();
    }
  });
});
