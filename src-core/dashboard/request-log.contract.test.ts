// The console's request log over real HTTP: a status filter that takes a class (4xx) as well as a code, and pages
// that stay put while new requests are logged (upTo: an entry and those before it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type Entry = { id: string; endpoint: string; statusCode: number };
let t: TestServer;
let key: { id: string; key: string };

beforeAll(async () => {
  t = await createTestServer();
  key = await t.createKey({ name: 'paged', scopes: ['contacts:read'] });
});
afterAll(async () => {
  await t.close();
});

const call = (path: string) => t.request('GET', path, { token: key.key });
const log = async (query: string) => {
  const res = await t.dashboard('GET', `/dashboard/request-log?keyId=${key.id}&${query}`);
  return res as { status: number; body: { data: Entry[]; meta: { total: number; totalPages: number }; message: string } };
};

describe('the status filter', () => {
  it('takes a status class (4xx, any case) as well as an exact code, and refuses anything else by name', async () => {
    expect((await call('/v1/contacts')).status).toBe(200);
    expect((await call('/v1/whatsapp/logs')).status).toBe(403);
    expect((await call('/v1/nothing-here')).status).toBe(404);
    expect((await call('/v1/contacts?limit=abc')).status).toBe(400);

    const statuses = async (status: string) => (await log(`status=${status}`)).body.data.map((entry) => entry.statusCode).sort();
    expect(await statuses('4xx')).toEqual([400, 403, 404]);
    expect(await statuses('4XX')).toEqual([400, 403, 404]);
    expect(await statuses('2xx')).toEqual([200]);
    expect(await statuses('5xx')).toEqual([]);
    expect(await statuses('403')).toEqual([403]);
    for (const bad of ['abc', '4x', '40', '600', '6xx', '0xx', '4xxx']) {
      const refused = await log(`status=${bad}`);
      expect([bad, refused.status]).toEqual([bad, 400]);
      expect(refused.body.message).toBe('Invalid query: status: must be a status code from 100 to 599 (e.g. 403) or a class from 1xx to 5xx (e.g. 4xx)');
    }
  });
});

describe('pages anchored with upTo', () => {
  it('keep their entries and total while new requests are logged, also within the same millisecond', async () => {
    for (let i = 0; i < 7; i++) expect((await call(`/v1/contacts?page=${i + 1}`)).status).toBe(200);
    const first = await log('limit=3');
    const anchor = first.body.data[0]?.id ?? '';
    const before = await Promise.all([1, 2, 3].map((page) => log(`limit=3&page=${page}&upTo=${anchor}`)));
    expect(before[0]?.body.data).toEqual(first.body.data);

    // The test server's clock is manual: these are logged in the very millisecond of the anchor.
    for (let i = 0; i < 4; i++) expect((await call('/v1/contacts?search=late')).status).toBe(200);
    const live = await log('limit=3');
    expect(live.body.meta.total).toBe(first.body.meta.total + 4);
    expect(live.body.data[0]?.id).not.toBe(anchor);
    const after = await Promise.all([1, 2, 3].map((page) => log(`limit=3&page=${page}&upTo=${anchor}`)));
    expect(after.map((res) => res.body)).toEqual(before.map((res) => res.body));
    expect(after[0]?.body.meta.total).toBe(first.body.meta.total);

    // A later time, too; and the other filters apply as usual.
    expect((await t.advance(60)).status).toBe(200);
    expect((await call('/v1/whatsapp/logs')).status).toBe(403);
    expect((await log(`limit=3&page=2&upTo=${anchor}`)).body).toEqual(before[1]?.body);
    expect((await log(`status=4xx&upTo=${anchor}`)).body.meta.total).toBe((await log('status=4xx')).body.meta.total - 1);
  });

  it('answer 404 for an entry the organization does not have', async () => {
    const unknown = await log('upTo=req_nothing');
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Request-log entry req_nothing not found (entries are kept for 30 days)']);
    const other = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Elsewhere' })).body.id as string;
    const theirs = await t.createKey({ organizationId: other, scopes: ['contacts:read'] });
    expect((await t.request('GET', '/v1/contacts', { token: theirs.key })).status).toBe(200);
    const entry = (await t.dashboard('GET', `/dashboard/request-log?organizationId=${other}`)).body.data[0] as Entry;
    expect((await t.dashboard('GET', `/dashboard/request-log?organizationId=${other}&upTo=${entry.id}`)).status).toBe(200);
    expect((await log(`upTo=${entry.id}`)).status).toBe(404);
  });
});
