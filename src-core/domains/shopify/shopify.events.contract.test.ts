// Shopify's order events over real HTTP: an order added to the simulated shop is `shopify.order.created` and its
// fulfillment `shopify.order.fulfilled` (with tracking when given), delivered to the webhooks of every organization
// connected to that shop, and to no other; the demo shop's history raises none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopifyOrderStatusSchema } from '../../contract/shopify.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';
import { settleDeliveries, startWebhookReceiver, startWebhookTestServer, type WebhookReceiver } from '../../testing/webhook-receiver.ts';

type Delivered = { id: string; type: string; accountId: string; data: Record<string, unknown> };
const delivered = (r: WebhookReceiver): Delivered[] => r.received.map((x) => JSON.parse(x.body) as Delivered);

let t: TestServer;
let key: string;
const receivers: WebhookReceiver[] = [];

/** A receiver subscribed (by `apiKey`'s organization) to `events`. */
async function subscribed(apiKey: string, events: string[] | '*'): Promise<WebhookReceiver> {
  const r = await startWebhookReceiver();
  receivers.push(r);
  const res = await t.request('POST', '/v1/webhooks', { token: apiKey, body: { url: r.url, events } });
  if (res.status !== 201) throw new Error(`webhook: ${res.status} ${res.text}`);
  return r;
}
const sim = async (path: string, body: Record<string, unknown>, expected = 201) => {
  const res = await t.dashboard('POST', `/sim/shopify/${path}`, body);
  if (res.status !== expected) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body;
};

beforeAll(async () => {
  ({ t, key } = await startWebhookTestServer());
  await t.dashboard('POST', '/dashboard/shopify/connection', { shopDomain: 'events-shop.myshopify.com', currency: 'INR' });
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t.close();
});

describe('shopify.order.created and shopify.order.fulfilled', () => {
  let orderId: string;

  it('an order added to the connected shop is delivered as shopify.order.created, its data the order status the API answers', async () => {
    const r = await subscribed(key, ['shopify.order.created']);
    const customer = await sim('customers', { firstName: 'Ana', email: 'ana@example.com' });
    const order = await sim('orders', { customerId: customer.id, lineItems: [{ title: 'Linen shirt', price: '49.9', quantity: 2 }] });
    orderId = order.id;
    await settleDeliveries(t);
    const [event, ...more] = delivered(r);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ type: 'shopify.order.created', accountId: t.organizationId });
    const status = (await t.request('GET', `/v1/shopify/orders/status?identifier=${order.orderNumber}`, { token: key })).body;
    expect(event?.data).toEqual(status);
    expect(shopifyOrderStatusSchema.strict().parse(event?.data)).toMatchObject({
      id: orderId, orderNumber: '1001', name: '#1001', email: 'ana@example.com', currency: 'INR', totalPrice: '99.80', fulfillmentStatus: null, tracking: null,
    });
    expect(r.received[0]?.headers['x-service-event-type']).toBe('shopify.order.created');
  });

  it('fulfilling it (POST /sim/shopify/orders/{id}/fulfill) answers the order and fires shopify.order.fulfilled with the tracking given', async () => {
    const r = await subscribed(key, ['shopify.order.fulfilled']);
    const tracking = { carrier: 'Blue Dart', number: '77312045981', url: 'https://www.bluedart.com/tracking?awb=77312045981' };
    const fulfilled = await sim(`orders/${orderId}/fulfill`, { tracking }, 200);
    expect(fulfilled).toMatchObject({ id: orderId, fulfillmentStatus: 'fulfilled', tracking });
    await settleDeliveries(t);
    expect(delivered(r).map((e) => [e.type, e.data.orderNumber, e.data.fulfillmentStatus, e.data.tracking])).toEqual([
      ['shopify.order.fulfilled', '1001', 'fulfilled', tracking],
    ]);
    const status = (await t.request('GET', '/v1/shopify/orders/status?identifier=1001', { token: key })).body;
    expect([status.fulfillmentStatus, status.tracking]).toEqual(['fulfilled', tracking]);
  });

  it('an order already fulfilled is 409, an unknown one 404, a bad tracking 400; each fires nothing', async () => {
    const r = await subscribed(key, '*');
    expect((await t.dashboard('POST', `/sim/shopify/orders/${orderId}/fulfill`, {})).body).toMatchObject({ statusCode: 409, message: 'Order #1001 is already fulfilled' });
    expect((await t.dashboard('POST', '/sim/shopify/orders/1234567890123/fulfill', {})).body).toMatchObject({ statusCode: 404, message: 'Order 1234567890123 not found' });
    expect((await t.dashboard('POST', `/sim/shopify/orders/${orderId}/fulfill`, { tracking: { carrier: 'UPS' } })).status).toBe(400);
    await settleDeliveries(t);
    expect(r.received).toEqual([]);
  });

  it('without tracking the event says null; a partial order keeps the tracking it had; one created fulfilled fires created only', async () => {
    const r = await subscribed(key, '*');
    const bare = await sim('orders', { email: 'guest@example.com', lineItems: [{ title: 'Mug', price: '5', quantity: 1 }] });
    const partialTracking = { carrier: 'UPS', number: '1Z999AA10123456784', url: null };
    const partial = await sim('orders', {
      email: 'guest@example.com', fulfillmentStatus: 'partial', tracking: { carrier: 'UPS', number: '1Z999AA10123456784' }, lineItems: [{ title: 'Tee', price: '9', quantity: 2 }],
    });
    await sim('orders', { email: 'pos@example.com', fulfillmentStatus: 'fulfilled', lineItems: [{ title: 'Candle', price: '7', quantity: 1 }] });
    await sim(`orders/${bare.id}/fulfill`, {}, 200);
    expect((await t.dashboard('POST', `/sim/shopify/orders/${partial.id}/fulfill`)).status).toBe(200);
    await settleDeliveries(t);
    expect(delivered(r).map((e) => [e.type, e.data.orderNumber, e.data.fulfillmentStatus, e.data.tracking])).toEqual([
      ['shopify.order.created', '1002', null, null],
      ['shopify.order.created', '1003', 'partial', partialTracking],
      ['shopify.order.created', '1004', 'fulfilled', null],
      ['shopify.order.fulfilled', '1002', 'fulfilled', null],
      ['shopify.order.fulfilled', '1003', 'fulfilled', partialTracking],
    ]);
  });
});

describe('who hears of an order', () => {
  it('every organization connected to the shop, each with its own event; a disconnected one and one on another shop get nothing', async () => {
    const orgOf = async (name: string, shopDomain: string | null) => {
      const organizationId = (await t.dashboard('POST', '/dashboard/organizations', { name })).body.id as string;
      if (shopDomain) await t.dashboard('POST', '/dashboard/shopify/connection', { organizationId, shopDomain });
      return { organizationId, key: (await t.createKey({ organizationId })).key };
    };
    const twin = await orgOf('Same shop', 'events-shop.myshopify.com');
    const gone = await orgOf('Disconnected', 'events-shop.myshopify.com');
    const other = await orgOf('Other shop', 'other-shop.myshopify.com');
    const none = await orgOf('No shop', null);
    expect((await t.dashboard('DELETE', `/dashboard/shopify/connection?organizationId=${gone.organizationId}`)).body.wasConnected).toBe(true);
    const [mine, twins, gones, others, nones] = await Promise.all([key, twin.key, gone.key, other.key, none.key].map((k) => subscribed(k, '*')));

    const order = await sim('orders', { lineItems: [{ title: 'Gift card', price: '500', quantity: 1 }] });
    await settleDeliveries(t);
    const [ours] = delivered(mine as WebhookReceiver);
    const [theirs] = delivered(twins as WebhookReceiver);
    expect([ours?.type, ours?.accountId, ours?.data.id]).toEqual(['shopify.order.created', t.organizationId, order.id]);
    expect([theirs?.type, theirs?.accountId, theirs?.data]).toEqual(['shopify.order.created', twin.organizationId, ours?.data]);
    expect(theirs?.id).not.toBe(ours?.id);
    for (const r of [gones, others, nones]) expect((r as WebhookReceiver).received).toEqual([]);
  });
});

describe('the demo shop', () => {
  it('its orders #1001-#1005 raise no events; fulfilling #1005 fires shopify.order.fulfilled alone', async () => {
    const demo = await createTestServer({ seed: 'demo', allowPrivateWebhooks: true, webhooks: { timeoutMs: 300 } });
    try {
      const seeded = demo.server.bus.recent(demo.organizationId, 100_000).map((row) => row.type);
      expect(seeded.length).toBeGreaterThan(0);
      expect(seeded.filter((type) => type.startsWith('shopify.'))).toEqual([]);
      const demoKey = (await demo.createKey({ rateLimitPerMinute: 10_000 })).key;
      const r = await startWebhookReceiver();
      receivers.push(r);
      await demo.request('POST', '/v1/webhooks', { token: demoKey, body: { url: r.url, events: ['shopify.order.created', 'shopify.order.fulfilled'] } });
      const latest = (await demo.request('GET', '/v1/shopify/orders/status?identifier=1005', { token: demoKey })).body;
      expect(latest.fulfillmentStatus).toBeNull();
      expect((await demo.dashboard('POST', `/sim/shopify/orders/${latest.id}/fulfill`, { tracking: { carrier: 'Delhivery', number: 'DL123' } })).status).toBe(200);
      await settleDeliveries(demo);
      expect(delivered(r).map((e) => [e.type, e.data.orderNumber, e.data.tracking])).toEqual([
        ['shopify.order.fulfilled', '1005', { carrier: 'Delhivery', number: 'DL123', url: null }],
      ]);
    } finally {
      await demo.close();
    }
  });
});
