// Shopify's orders, customers and discount codes over real HTTP: an order by number or email, a customer's
// orders by phone (E.164 or local) or email, and discount validation against the virtual clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const get = (path: string) => t.request('GET', path, { token: key });
const add = async (kind: string, body: Record<string, unknown>) => {
  const res = await t.dashboard('POST', `/sim/shopify/${kind}`, body);
  if (res.status !== 201) throw new Error(`${kind}: ${res.status} ${res.text}`);
  return res.body;
};
const numbers = (orders: Array<{ orderNumber: string }>) => orders.map((o) => Number(o.orderNumber));

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/shopify/connection', { shopDomain: 'orders.myshopify.com', currency: 'INR' });
  const tee = await add('products', { title: 'Tee', options: [{ name: 'Size', values: ['M'] }], variants: [{ title: 'M', price: '899' }] });
  const ana = await add('customers', { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', phone: '+14155550101' });
  const raj = await add('customers', { firstName: 'Raj', email: 'raj@example.com', phone: '+919812345678' });
  const line = [{ variantId: tee.variants[0].id, quantity: 1 }];
  await add('orders', {
    customerId: ana.id, lineItems: [{ variantId: tee.variants[0].id, quantity: 2 }], fulfillmentStatus: 'fulfilled', createdAt: '2026-01-10T10:00:00Z',
    tracking: { carrier: 'UPS', number: '1Z999', url: 'https://www.ups.com/track?tracknum=1Z999' },
  }); // 1001
  await add('orders', { customerId: raj.id, lineItems: line, createdAt: '2026-01-11T10:00:00Z' }); // 1002
  await add('orders', { customerId: ana.id, lineItems: line, financialStatus: 'refunded', createdAt: '2026-01-14T10:00:00Z' }); // 1003
  await add('orders', { customerId: ana.id, lineItems: line, createdAt: '2026-01-12T10:00:00Z' }); // 1004: placed before 1003
  await add('orders', { email: 'guest@example.com', lineItems: [{ title: 'Sticker', price: '20', quantity: 5 }], createdAt: '2026-01-13T10:00:00Z' }); // 1005
});
afterAll(async () => {
  await t.close();
});

describe('GET /v1/shopify/orders/status', () => {
  it('finds an order by its number, with or without #, with the seed\'s fields', async () => {
    const res = await get('/v1/shopify/orders/status?identifier=1001');
    expect(res.body).toEqual({
      id: expect.stringMatching(/^\d{13}$/), orderNumber: '1001', name: '#1001', email: 'ana@example.com', financialStatus: 'paid', fulfillmentStatus: 'fulfilled',
      totalPrice: '1798.00', currency: 'INR', lineItems: [{ title: 'Tee - M', quantity: 2, price: '899.00' }],
      tracking: { carrier: 'UPS', number: '1Z999', url: 'https://www.ups.com/track?tracknum=1Z999' }, createdAt: '2026-01-10T10:00:00.000Z',
    });
    expect((await get('/v1/shopify/orders/status?identifier=%231002')).body.orderNumber).toBe('1002');
    expect((await get('/v1/shopify/orders/status?identifier=%20%231005%20')).body).toMatchObject({ orderNumber: '1005', totalPrice: '100.00', fulfillmentStatus: null, tracking: null });
  });

  it('an email answers that customer\'s most recent order (by when placed, not by number), in any case; a guest\'s by the order\'s email', async () => {
    expect((await get('/v1/shopify/orders/status?identifier=ANA@example.com')).body.orderNumber).toBe('1003');
    expect((await get('/v1/shopify/orders/status?identifier=guest@example.com')).body.orderNumber).toBe('1005');
  });

  it('no such order is 404; an identifier that is neither a number nor an email, or none, is 400', async () => {
    expect((await get('/v1/shopify/orders/status?identifier=9999')).body).toMatchObject({ statusCode: 404, message: 'Order #9999 not found' });
    expect((await get('/v1/shopify/orders/status?identifier=nobody@example.com')).body).toMatchObject({ statusCode: 404, message: 'Order for nobody@example.com not found' });
    for (const query of ['', '?identifier=', '?identifier=order-1001', '?identifier=%2314a']) {
      const res = await get(`/v1/shopify/orders/status${query}`);
      expect([res.status, res.body.code], query).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await get('/v1/shopify/orders/status?identifier=abc')).body.message).toMatch(/identifier: must be an order number \(1001 or #1001\) or a customer email/);
  });
});

describe('GET /v1/shopify/customers/orders', () => {
  const ana = (identifier: string) => get(`/v1/shopify/customers/orders?identifier=${encodeURIComponent(identifier)}`);

  it('answers {customer, orders}: every order newest first, ordersCount and totalSpent (refunded orders not counted)', async () => {
    const res = await ana('+14155550101');
    expect(res.body.customer).toEqual({
      id: expect.stringMatching(/^\d{13}$/), firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', phone: '+14155550101',
      ordersCount: 3, totalSpent: '2697.00', currency: 'INR', createdAt: '2026-01-15T09:00:00.000Z',
    });
    expect(numbers(res.body.orders)).toEqual([1003, 1004, 1001]);
    expect(res.body.orders[2]).toMatchObject({ orderNumber: '1001', tracking: { carrier: 'UPS' }, currency: 'INR' });
  });

  it('finds the customer by E.164, by local digits (spaces, dashes, a trunk 0) or by email in any case', async () => {
    for (const identifier of ['+14155550101', '14155550101', '4155550101', '(415) 555-0101', '415-555-0101', '04155550101', 'Ana@Example.com']) {
      expect(numbers((await ana(identifier)).body.orders), identifier).toEqual([1003, 1004, 1001]);
    }
    expect((await ana('09812345678')).body.customer.firstName).toBe('Raj');
  });

  it('a number that is not the customer\'s is 404 (E.164 of another country, a partial number); a malformed identifier is 400', async () => {
    expect([(await ana('+44155550101')).status, (await ana('+44155550101')).body.message]).toEqual([404, 'Customer with phone +44155550101 not found']);
    expect([(await ana('5550101')).status, (await ana('5550101')).body.message]).toEqual([404, 'Customer with phone 5550101 not found']);
    expect([(await ana('guest@example.com')).status, (await ana('guest@example.com')).body.message]).toEqual([404, 'Customer with email guest@example.com not found']);
    for (const identifier of ['', 'abc', '12345', '+1 415 555 0101 ext 2']) expect((await ana(identifier)).status, identifier).toBe(400);
  });
});

describe('GET /v1/shopify/discounts/validate', () => {
  beforeAll(async () => {
    await add('discounts', { code: 'Welcome10', type: 'percentage', value: 10, minimumOrderAmount: '499', usageCount: 3 });
    await add('discounts', { code: 'SOON', type: 'fixed_amount', value: 100, startsAt: '2026-01-15T10:00:00Z' });
    await add('discounts', { code: 'ENDING', type: 'percentage', value: 15, expiresAt: '2026-01-15T09:30:00Z' });
    await add('discounts', { code: 'USEDUP', type: 'free_shipping', value: 0, usageLimit: 5, usageCount: 5 });
    await add('discounts', { code: 'ONCE', type: 'fixed_amount', value: 50, usageLimit: 1, usageCount: 1 });
  });
  const validate = async (code: string) => (await get(`/v1/shopify/discounts/validate?code=${encodeURIComponent(code)}`)).body;

  it('a valid code answers the seed\'s fields, matched in any case', async () => {
    expect(await validate('WELCOME10')).toEqual({
      valid: true, code: 'Welcome10', type: 'percentage', value: 10, minimumOrderAmount: '499.00', startsAt: null, expiresAt: null,
      usageCount: 3, usageLimit: null, reason: null, message: 'Welcome10 is valid',
    });
  });

  it('not started, used up and unknown codes are valid: false with the reason (an unknown code is 200, not 404)', async () => {
    expect(await validate('SOON')).toMatchObject({ valid: false, reason: 'not_started', startsAt: '2026-01-15T10:00:00.000Z' });
    expect(await validate('USEDUP')).toMatchObject({ valid: false, reason: 'usage_limit_reached', usageCount: 5, usageLimit: 5 });
    expect(await validate('USEDUP')).toMatchObject({ message: 'USEDUP has been used 5 times, its limit' });
    expect(await validate('ONCE')).toMatchObject({ reason: 'usage_limit_reached', message: 'ONCE has been used 1 time, its limit' });
    const unknown = await get('/v1/shopify/discounts/validate?code=NOPE');
    expect([unknown.status, unknown.body]).toEqual([200, {
      valid: false, code: 'NOPE', type: null, value: null, minimumOrderAmount: null, startsAt: null, expiresAt: null, usageCount: null, usageLimit: null,
      reason: 'not_found', message: 'The shop has no discount code NOPE',
    }]);
  });

  it('expiry is read on the virtual clock: advancing past expiresAt expires the code, and reaching startsAt starts one', async () => {
    expect(await validate('ENDING')).toMatchObject({ valid: true, reason: null });
    await t.advance(30 * 60);
    expect(await validate('ENDING')).toMatchObject({ valid: false, reason: 'expired', expiresAt: '2026-01-15T09:30:00.000Z', message: 'ENDING expired at 2026-01-15T09:30:00.000Z' });
    await t.advance(30 * 60);
    expect(await validate('SOON')).toMatchObject({ valid: true, reason: null });
  });

  it('code is required (400)', async () => {
    for (const query of ['', '?code=', '?code=%20']) expect((await get(`/v1/shopify/discounts/validate${query}`)).status, query).toBe(400);
  });
});
