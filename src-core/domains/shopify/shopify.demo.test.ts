// The Shopify demo fixtures of INTERFACES.md over real HTTP: a connected shop with products, collections,
// customers, orders and discount codes (WELCOME10 valid, EXPIRED20 expired, Alice with order 1001).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const get = async (path: string) => {
  const res = await t.request('GET', path, { token: key });
  expect(res.status, path).toBe(200);
  return res.body;
};

beforeAll(async () => {
  t = await createTestServer({ seed: 'demo' });
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
});
afterAll(async () => {
  await t.close();
});

describe('the demo shop', () => {
  it('is connected: example-store.myshopify.com in INR, with a dozen products, 4 collections, customers, 5 orders and 4 codes', async () => {
    expect((await t.dashboard('GET', '/dashboard/shopify/connection')).body).toEqual({
      connected: true,
      connection: {
        shopDomain: 'example-store.myshopify.com', shopName: 'Example Store', currency: 'INR', connectedAt: '2026-01-15T09:00:00.000Z',
        counts: { products: 12, collections: 4, customers: 4, orders: 5, discounts: 4 },
      },
    });
    expect((await get('/v1/shopify/products/types')).data).toEqual(['Apparel', 'Bags', 'Gift Cards', 'Home', 'Kitchen']);
    const collections = (await get('/v1/shopify/collections')).data;
    expect(collections.map((c: { title: string; productsCount: number }) => [c.title, c.productsCount]))
      .toEqual([['Bags', 3], ['Bestsellers', 3], ['Kitchen & Coffee', 3], ['Sale', 2]]);
  });

  it('has products with variants and options: the linen tote in three colours', async () => {
    const [tote] = (await get('/v1/shopify/products/search?q=linen%20tote')).data;
    const detail = await get(`/v1/shopify/products/${tote.id}`);
    expect(detail).toMatchObject({
      title: 'Linen Tote Bag', handle: 'linen-tote-bag', productType: 'Bags', options: [{ name: 'Color', values: ['Sand', 'Olive', 'Charcoal'] }], currency: 'INR',
    });
    expect(detail.variants.map((v: { title: string; price: string }) => [v.title, v.price])).toEqual([['Sand', '1299.00'], ['Olive', '1299.00'], ['Charcoal', '1299.00']]);
  });

  it('has alice@example.com, +14155550101, whose orders include 1001, fulfilled with tracking', async () => {
    for (const identifier of ['alice@example.com', '%2B14155550101', '4155550101']) {
      const { customer, orders } = await get(`/v1/shopify/customers/orders?identifier=${identifier}`);
      expect(customer, identifier).toMatchObject({ firstName: 'Alice', lastName: 'Johnson', email: 'alice@example.com', phone: '+14155550101' });
      expect(orders.map((o: { orderNumber: string }) => o.orderNumber), identifier).toEqual(['1004', '1001']);
    }
    expect(await get('/v1/shopify/orders/status?identifier=%231001')).toMatchObject({
      orderNumber: '1001', financialStatus: 'paid', fulfillmentStatus: 'fulfilled', totalPrice: '2597.00', currency: 'INR',
      lineItems: [{ title: 'Linen Tote Bag - Sand', quantity: 1, price: '1299.00' }, { title: 'Stoneware Mug - 350 ml', quantity: 2, price: '649.00' }],
      tracking: { carrier: 'UPS', number: '1Z999AA10123456784' },
    });
    // Her most recent order is the one an email answers.
    expect((await get('/v1/shopify/orders/status?identifier=alice@example.com')).orderNumber).toBe('1004');
    // Leo's #1002, which he asks about on Instagram, was delivered.
    expect(await get('/v1/shopify/orders/status?identifier=1002')).toMatchObject({ fulfillmentStatus: 'fulfilled', tracking: { carrier: 'DHL Express' } });
  });

  it('WELCOME10 is valid and EXPIRED20 is expired', async () => {
    expect(await get('/v1/shopify/discounts/validate?code=WELCOME10')).toMatchObject({ valid: true, code: 'WELCOME10', type: 'percentage', value: 10, minimumOrderAmount: '499.00' });
    expect(await get('/v1/shopify/discounts/validate?code=EXPIRED20')).toMatchObject({ valid: false, code: 'EXPIRED20', reason: 'expired', value: 20 });
  });

  it('a new organization has none of it: 404', async () => {
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Fresh' })).body.id as string;
    const fresh = (await t.createKey({ organizationId: org })).key;
    const res = await t.request('GET', '/v1/shopify/discounts/validate?code=WELCOME10', { token: fresh });
    expect([res.status, res.body.code]).toEqual([404, 'INTEGRATION_NOT_CONNECTED']);
  });
});
