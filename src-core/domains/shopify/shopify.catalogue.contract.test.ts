// Shopify's catalogue over real HTTP: product search (fields, case, limits, validation), types, a product's
// detail, collections (custom and smart, sorted) and a collection's products (limits).
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
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/shopify/connection', { shopDomain: 'catalogue.myshopify.com', currency: 'USD' });
  const products = [
    { title: 'linen Tote', vendor: 'Example Store', productType: 'Bags', tags: ['eco'] },
    { title: 'Canvas Weekender', vendor: 'Example Store', productType: 'Bags', tags: ['travel', 'Sale'] },
    { title: 'Pour-Over Set', vendor: 'Clay & Co.', productType: 'Kitchen', tags: ['coffee'] },
    { title: 'Mug', vendor: 'clay & co.', productType: 'Kitchen', tags: ['COFFEE', 'sale'] },
    { title: 'Tee', vendor: 'Example Store', productType: 'apparel', tags: [] },
    { title: 'Voucher', vendor: 'Example Store', productType: '', tags: [] },
  ];
  for (const product of products) {
    ids[product.title] = (await add('products', { ...product, description: `About ${product.title}.`, variants: [{ title: 'One', price: '10', inventoryQuantity: 3 }] })).id;
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /v1/shopify/products/search', () => {
  it('finds q in the title, a tag, the vendor or the type, in any case, sorted by title, with {data, meta: {count, query}}', async () => {
    const titles = async (q: string) => (await get(`/v1/shopify/products/search?q=${encodeURIComponent(q)}`)).body.data.map((p: { title: string }) => p.title);
    expect(await titles('TOTE')).toEqual(['linen Tote']);
    expect(await titles('coffee')).toEqual(['Mug', 'Pour-Over Set']);
    expect(await titles('Clay')).toEqual(['Mug', 'Pour-Over Set']);
    expect(await titles('bags')).toEqual(['Canvas Weekender', 'linen Tote']);
    expect(await titles('sale')).toEqual(['Canvas Weekender', 'Mug']);
    expect(await titles('nothing like it')).toEqual([]);
    const res = await get('/v1/shopify/products/search?q=%20mug%20');
    expect(res.body).toEqual({
      data: [{ id: ids.Mug, title: 'Mug', vendor: 'clay & co.', productType: 'Kitchen', tags: ['COFFEE', 'sale'], variants: [{ id: expect.any(String), title: 'One', price: '10.00', inventoryQuantity: 3 }] }],
      meta: { count: 1, query: 'mug' },
    });
  });

  it('q is required and not blank; limit is a whole number of at least 1 (400 in the envelope)', async () => {
    for (const path of ['/v1/shopify/products/search', '/v1/shopify/products/search?q=', '/v1/shopify/products/search?q=%20%20',
      '/v1/shopify/products/search?q=a&limit=0', '/v1/shopify/products/search?q=a&limit=abc', '/v1/shopify/products/search?q=a&page=2']) {
      const res = await get(path);
      expect([res.status, res.body.statusCode, res.body.error, res.body.code], path).toEqual([400, 400, 'Bad Request', 'VALIDATION_FAILED']);
    }
    expect((await get('/v1/shopify/products/search')).body.message).toMatch(/q: is required/);
  });
});

describe('GET /v1/shopify/products/types', () => {
  it('answers the distinct non-empty types sorted ascending (any case), with meta.count', async () => {
    expect((await get('/v1/shopify/products/types')).body).toEqual({ data: ['apparel', 'Bags', 'Kitchen'], meta: { count: 3 } });
  });
});

describe('GET /v1/shopify/products/{id}', () => {
  it('answers the full product: variants, options, description, handle, currency', async () => {
    const res = await get(`/v1/shopify/products/${ids['linen Tote']}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: ids['linen Tote'], title: 'linen Tote', handle: 'linen-tote', description: 'About linen Tote.', vendor: 'Example Store', productType: 'Bags', tags: ['eco'],
      options: [{ name: 'Title', values: ['Default Title'] }],
      variants: [{ id: expect.stringMatching(/^\d{13}$/), title: 'One', sku: null, price: '10.00', compareAtPrice: null, inventoryQuantity: 3 }],
      currency: 'USD', createdAt: '2026-01-15T09:00:00.000Z', updatedAt: '2026-01-15T09:00:00.000Z',
    });
  });

  it('an unknown id is 404 in the envelope', async () => {
    const res = await get('/v1/shopify/products/1234567890123');
    expect([res.status, res.body.code, res.body.message]).toEqual([404, 'NOT_FOUND', 'Product 1234567890123 not found']);
  });
});

describe('collections', () => {
  let smart: string;
  let custom: string;
  beforeAll(async () => {
    custom = (await add('collections', { title: 'staff picks', productIds: [ids.Tee, ids['linen Tote'], ids.Tee] })).id;
    smart = (await add('collections', { title: 'Coffee Corner', rules: [{ column: 'tag', relation: 'equals', condition: 'coffee' }] })).id;
    await add('collections', { title: 'Amazing Bags', rules: [{ column: 'product_type', relation: 'equals', condition: 'bags' }, { column: 'title', relation: 'contains', condition: 'tote' }] });
  });

  it('GET /v1/shopify/collections lists custom and smart ones sorted by title (any case) with productsCount', async () => {
    const res = await get('/v1/shopify/collections');
    expect(res.body).toEqual({
      data: [
        { id: expect.any(String), title: 'Amazing Bags', handle: 'amazing-bags', productsCount: 1, collectionType: 'smart' },
        { id: smart, title: 'Coffee Corner', handle: 'coffee-corner', productsCount: 2, collectionType: 'smart' },
        { id: custom, title: 'staff picks', handle: 'staff-picks', productsCount: 2, collectionType: 'custom' },
      ],
      meta: { count: 3 },
    });
  });

  it('a smart collection follows the catalogue: a product added later that meets its rules is in it', async () => {
    ids.Beans = (await add('products', { title: 'Beans', tags: ['coffee'], variants: [{ price: '7.5' }] })).id;
    const res = await get(`/v1/shopify/collections/${smart}/products`);
    expect(res.body.data.map((p: { title: string }) => p.title)).toEqual(['Beans', 'Mug', 'Pour-Over Set']);
    expect(res.body.meta).toEqual({ count: 3, total: 3, limit: 50, collection: expect.objectContaining({ id: smart, productsCount: 3 }) });
    expect(res.body.data[0]).toEqual({ id: ids.Beans, title: 'Beans', vendor: '', productType: '', tags: ['coffee'], variants: [expect.objectContaining({ price: '7.50' })] });
  });

  it('an unknown collection is 404; a bad limit is 400', async () => {
    expect((await get('/v1/shopify/collections/42/products')).status).toBe(404);
    expect((await get(`/v1/shopify/collections/${smart}/products?limit=-1`)).status).toBe(400);
  });

  it('a blank id is an id like any other route\'s, not found (404); an empty one is no route', async () => {
    // It was 400 `id: must not be empty`: the id was trimmed, where every other route looks a blank id up as sent
    // (`/v1/automations/%20` is `Automation   not found`) and an empty one gets the route's 404.
    const blank = await get('/v1/shopify/collections/%20/products');
    expect([blank.status, blank.body.code, blank.body.message]).toEqual([404, 'NOT_FOUND', 'Collection   not found']);
    const product = await get('/v1/shopify/products/%20');
    expect([product.status, product.body.code, product.body.message]).toEqual([404, 'NOT_FOUND', 'Product   not found']);
    const empty = await get('/v1/shopify/collections//products');
    expect([empty.status, empty.body.code, empty.body.message]).toEqual([404, 'NOT_FOUND', 'Route GET /v1/shopify/collections//products not found']);
  });
});

describe('limits', () => {
  let bulk: string;
  beforeAll(async () => {
    await t.dashboard('POST', '/dashboard/shopify/connection', { shopDomain: 'bulk.myshopify.com' });
    const made: string[] = [];
    for (let start = 0; start < 260; start += 20) {
      const batch = Array.from({ length: 20 }, (_, i) => `Widget ${String(start + i).padStart(3, '0')}`);
      made.push(...(await Promise.all(batch.map(async (title) => (await add('products', { title, tags: ['widget'], variants: [{ price: '1' }] })).id as string))));
    }
    bulk = (await add('collections', { title: 'Everything', productIds: made })).id;
  });

  it('search answers 10 by default, up to 50, and a larger limit is clamped to 50', async () => {
    expect((await get('/v1/shopify/products/search?q=widget')).body.meta.count).toBe(10);
    expect((await get('/v1/shopify/products/search?q=widget&limit=50')).body.data).toHaveLength(50);
    const clamped = await get('/v1/shopify/products/search?q=widget&limit=51');
    expect([clamped.status, clamped.body.data.length, clamped.body.data[49].title]).toEqual([200, 50, 'Widget 049']);
  });

  it('a collection answers 50 products by default, up to 250, a larger limit clamped to 250; meta.total counts them all', async () => {
    const first = await get(`/v1/shopify/collections/${bulk}/products`);
    expect([first.body.data.length, first.body.meta.count, first.body.meta.total, first.body.meta.limit]).toEqual([50, 50, 260, 50]);
    expect((await get(`/v1/shopify/collections/${bulk}/products?limit=250`)).body.data).toHaveLength(250);
    const clamped = await get(`/v1/shopify/collections/${bulk}/products?limit=1000`);
    expect([clamped.body.data.length, clamped.body.meta.limit, clamped.body.data[249].title]).toEqual([250, 250, 'Widget 249']);
  });
});
