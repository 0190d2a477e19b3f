// Shopify over real HTTP: the connection (404 on every route without it, and for a new organization), scopes
// checked first, the console's connection routes, and filling the simulated shop through /sim/shopify.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '../../contract/scopes.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const V1_ROUTES: Array<[string, Scope]> = [
  ['/v1/shopify/products/search?q=tote', 'shopify:products:read'],
  ['/v1/shopify/products/types', 'shopify:products:read'],
  ['/v1/shopify/products/8000000000001', 'shopify:products:read'],
  ['/v1/shopify/collections', 'shopify:products:read'],
  ['/v1/shopify/collections/8000000000001/products', 'shopify:products:read'],
  ['/v1/shopify/orders/status?identifier=1001', 'shopify:orders:read'],
  ['/v1/shopify/customers/orders?identifier=alice@example.com', 'shopify:orders:read'],
  ['/v1/shopify/discounts/validate?code=WELCOME10', 'shopify:discounts:read'],
];
const connect = (body: Record<string, unknown>) => t.dashboard('POST', '/dashboard/shopify/connection', body);

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
});
afterAll(async () => {
  await t.close();
});

describe('without a connection', () => {
  it('every /v1/shopify route and its console twin answers 404 saying the integration is not connected', async () => {
    for (const [path] of V1_ROUTES) {
      const res = await t.request('GET', path, { token: key });
      expect(res.status, path).toBe(404);
      expect(res.body, path).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'INTEGRATION_NOT_CONNECTED', integration: 'shopify' });
      expect(res.body.message, path).toMatch(/Shopify integration is not connected/);
      const twin = await t.request('GET', path.replace('/v1/', '/dashboard/'), { token: t.dashboardToken });
      expect([twin.status, twin.body.code], `console ${path}`).toEqual([404, 'INTEGRATION_NOT_CONNECTED']);
    }
    // Nor can the simulated shop be filled: the organization has none.
    const add = await t.dashboard('POST', '/sim/shopify/discounts', { code: 'X1', type: 'percentage', value: 5 });
    expect([add.status, add.body.code]).toEqual([404, 'INTEGRATION_NOT_CONNECTED']);
  });

  it('checks the key (401) and each route\'s scope (403) before the connection', async () => {
    for (const [path, scope] of V1_ROUTES) {
      const narrow = (await t.createKey({ scopes: SCOPES.filter((s) => s !== scope) })).key;
      const res = await t.request('GET', path, { token: narrow });
      expect([res.status, res.body.message], path).toEqual([403, `Insufficient scope. Required: ${scope}`]);
    }
    expect((await t.request('GET', '/v1/shopify/collections')).status).toBe(401);
  });

  it('the console sees connected: false', async () => {
    expect((await t.dashboard('GET', '/dashboard/shopify/connection')).body).toEqual({ connected: false, connection: null });
  });
});

describe('the connection (console)', () => {
  it('connects a shop by domain with 201 (an empty store), reconnects with 200 keeping connectedAt, refuses a bad domain with 400', async () => {
    const created = await connect({ shopDomain: 'https://Acme-Goods.myshopify.com/', currency: 'INR' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      shopDomain: 'acme-goods.myshopify.com', shopName: 'Acme Goods', currency: 'INR', connectedAt: '2026-01-15T09:00:00.000Z',
      counts: { products: 0, collections: 0, customers: 0, orders: 0, discounts: 0 },
    });
    await t.advance(60);
    const again = await connect({ shopDomain: 'acme-goods.myshopify.com', shopName: 'Ignored', currency: 'USD' });
    // The shop's name and currency are the shop's own: given again, they change nothing.
    expect([again.status, again.body.connectedAt, again.body.shopName, again.body.currency]).toEqual([200, created.body.connectedAt, 'Acme Goods', 'INR']);
    for (const shopDomain of ['acme.com', 'acme goods.myshopify.com', '', 'x'.repeat(70) + '.myshopify.com']) {
      const bad = await connect({ shopDomain });
      expect([bad.status, bad.body.code], shopDomain).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await connect({ shopDomain: 'acme-goods.myshopify.com', currency: 'EUR' })).status).toBe(400);
    expect((await t.dashboard('GET', '/dashboard/shopify/connection')).body).toMatchObject({ connected: true, connection: { shopDomain: 'acme-goods.myshopify.com' } });
  });

  it('an empty store answers empty lists, and 404 for any id', async () => {
    expect((await t.request('GET', '/v1/shopify/collections', { token: key })).body).toEqual({ data: [], meta: { count: 0 } });
    expect((await t.request('GET', '/v1/shopify/products/types', { token: key })).body).toEqual({ data: [], meta: { count: 0 } });
    expect((await t.request('GET', '/v1/shopify/products/search?q=a', { token: key })).body).toEqual({ data: [], meta: { count: 0, query: 'a' } });
    expect((await t.request('GET', '/v1/shopify/products/8000000000001', { token: key })).status).toBe(404);
  });

  it('fills the shop through /sim/shopify (201 with the record as the shop holds it), and the counts follow', async () => {
    const product = await t.dashboard('POST', '/sim/shopify/products', { title: 'Mug', variants: [{ price: '5' }] });
    expect(product.status).toBe(201);
    expect(product.body).toMatchObject({
      id: expect.stringMatching(/^\d{13}$/), handle: 'mug', description: '', vendor: '', productType: '', tags: [],
      options: [{ name: 'Title', values: ['Default Title'] }],
      variants: [{ id: expect.stringMatching(/^\d{13}$/), title: 'Default Title', price: '5.00', compareAtPrice: null, sku: null, inventoryQuantity: 0 }],
    });
    const customer = await t.dashboard('POST', '/sim/shopify/customers', { firstName: 'Bo', email: 'BO@example.com' });
    expect(customer.body).toMatchObject({ email: 'bo@example.com', phone: null, lastName: null });
    expect((await t.dashboard('POST', '/sim/shopify/customers', { firstName: 'Bo again', email: 'bo@example.com' })).status).toBe(409);
    const order = await t.dashboard('POST', '/sim/shopify/orders', {
      customerId: customer.body.id, lineItems: [{ variantId: product.body.variants[0].id, quantity: 3 }, { title: 'Gift wrap', price: '1.5', quantity: 1 }],
    });
    expect(order.body).toMatchObject({
      orderNumber: '1001', name: '#1001', email: 'bo@example.com', financialStatus: 'paid', fulfillmentStatus: null, totalPrice: '16.50', tracking: null,
      lineItems: [{ title: 'Mug', quantity: 3, price: '5.00' }, { title: 'Gift wrap', quantity: 1, price: '1.50' }], createdAt: '2026-01-15T09:01:00.000Z',
    });
    expect((await t.dashboard('POST', '/sim/shopify/discounts', { code: 'SAVE5', type: 'fixed_amount', value: 5 })).status).toBe(201);
    expect((await t.dashboard('POST', '/sim/shopify/discounts', { code: 'save5', type: 'percentage', value: 5 })).status).toBe(409);
    expect((await t.dashboard('GET', '/dashboard/shopify/connection')).body.connection.counts).toEqual({ products: 1, collections: 0, customers: 1, orders: 1, discounts: 1 });
  });

  it('refuses records that do not hold together with 400', async () => {
    const bad: Array<[string, unknown]> = [
      ['products', { title: 'No variants', variants: [] }],
      ['products', { title: 'Bad price', variants: [{ price: '1.999' }] }],
      ['products', { title: 'Number price', variants: [{ price: 19.99 }] }],
      ['collections', { title: 'Both', productIds: [], rules: [{ column: 'tag', relation: 'equals', condition: 'x' }] }],
      ['collections', { title: 'Unknown product', productIds: ['123'] }],
      ['customers', { firstName: 'Nobody' }],
      ['customers', { firstName: 'Local phone', phone: '4155550101' }],
      ['orders', { lineItems: [{ quantity: 1 }] }],
      ['orders', { lineItems: [{ variantId: '1', quantity: 1 }] }],
      ['orders', { customerId: '1', lineItems: [{ title: 'A', price: '1', quantity: 1 }] }],
      ['discounts', { code: 'BIG', type: 'percentage', value: 150 }],
      ['discounts', { code: 'has space', type: 'percentage', value: 5 }],
      ['discounts', { code: 'BACKWARDS', type: 'percentage', value: 5, startsAt: '2026-02-01T00:00:00Z', expiresAt: '2026-01-01T00:00:00Z' }],
    ];
    for (const [kind, body] of bad) expect((await t.dashboard('POST', `/sim/shopify/${kind}`, body)).status, JSON.stringify(body)).toBe(400);
  });

  it('is a console route: an API key is refused with 401', async () => {
    expect((await t.request('POST', '/dashboard/shopify/connection', { token: key, body: { shopDomain: 'a.myshopify.com' } })).status).toBe(401);
    expect((await t.request('POST', '/sim/shopify/products', { token: key, body: { title: 'A', variants: [{ price: '1' }] } })).status).toBe(401);
  });

  it('a new organization has no integration: 404, while the default one answers', async () => {
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Other' })).body.id as string;
    const otherKey = (await t.createKey({ organizationId: org })).key;
    expect((await t.request('GET', '/v1/shopify/collections', { token: otherKey })).body.code).toBe('INTEGRATION_NOT_CONNECTED');
    expect((await t.dashboard('GET', `/dashboard/shopify/connection?organizationId=${org}`)).body.connected).toBe(false);
    expect((await t.request('GET', '/v1/shopify/collections', { token: key })).status).toBe(200);
  });

  it('disconnects (every route 404 again); reconnecting shows the shop\'s data, connected anew', async () => {
    expect((await t.dashboard('DELETE', '/dashboard/shopify/connection')).body).toEqual({ success: true, connected: false, wasConnected: true });
    expect((await t.request('GET', '/v1/shopify/products/search?q=mug', { token: key })).status).toBe(404);
    expect((await t.dashboard('DELETE', '/dashboard/shopify/connection')).body.wasConnected).toBe(false);
    await t.advance(60);
    const back = await connect({ shopDomain: 'acme-goods.myshopify.com' });
    expect([back.status, back.body.connectedAt, back.body.counts.products]).toEqual([201, '2026-01-15T09:02:00.000Z', 1]);
    expect((await t.request('GET', '/v1/shopify/products/search?q=mug', { token: key })).body.meta.count).toBe(1);
  });

  it('connecting another shop replaces the connection: the first shop\'s data is no longer read', async () => {
    const other = await connect({ shopDomain: 'second-shop.myshopify.com' });
    expect(other.body).toMatchObject({ shopName: 'Second Shop', currency: 'USD', counts: { products: 0 } });
    expect((await t.request('GET', '/v1/shopify/products/search?q=mug', { token: key })).body.meta.count).toBe(0);
  });
});
