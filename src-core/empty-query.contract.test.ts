// One rule for a query parameter given with an empty value (`?status=`), on every /v1, /dashboard and /sim route: it
// is the same as absent (what an HTML form sends for a field left blank). `?widgetId=` was no filter while `?status=`
// and `?limit=` were 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer;
let key: string;
const get = (path: string) => t.request('GET', path, { token: key });

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  for (const text of ['one', 'two', 'three']) await t.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+14155550123', text });
});
afterAll(async () => {
  await t.close();
});

describe('an empty query value', () => {
  it('is the same as absent on every route: an optional filter filters nothing, page and limit take their defaults', async () => {
    const whole = await get('/v1/sms/logs');
    expect(whole.status).toBe(200);
    for (const query of ['?status=', '?limit=', '?page=', '?status=&direction=&start=&end=&page=&limit=']) {
      const res = await get(`/v1/sms/logs${query}`);
      expect([res.status, res.body], query).toEqual([200, whole.body]);
    }
    expect((await get('/v1/sms/logs?limit=')).body.meta).toMatchObject({ page: 1, limit: 50 });
    // The filters widgetId= already skipped, and those that were 400 empty, alike.
    for (const path of ['/v1/otp/logs?widgetId=&status=', '/v1/otp/analytics?widgetId=', '/v1/automations?status=&limit=', '/v1/contacts?search=']) {
      expect((await get(path)).status, path).toBe(200);
    }
    // A parameter given twice keeps its non-empty value; one the route does not take filters nothing empty either.
    expect((await get('/v1/sms/logs?direction=inbound&direction=')).body.meta.total).toBe(3);
    expect((await get('/v1/rcs/logs?status=')).status).toBe(200);
  });

  it('is absent on console routes too: the request log\'s form sends every field, and an empty organizationId is the default organization', async () => {
    const log = await t.dashboard('GET', '/dashboard/request-log?keyId=&status=&path=&code=&upTo=&page=&limit=');
    expect([log.status, log.body.meta.limit]).toEqual([200, 50]);
    const wallet = await t.dashboard('GET', '/dashboard/wallet?organizationId=');
    expect([wallet.status, wallet.body.balancePaise]).toEqual([200, 100_000]);
  });

  it('leaves a required parameter missing (400 "is required"), and a value that is not empty is still checked', async () => {
    const missing = await get('/v1/voice/analytics?from=&to=2026-01-15');
    expect([missing.status, missing.body.code, missing.body.message]).toEqual([400, 'VALIDATION_FAILED', expect.stringMatching(/from.*required/)]);
    for (const query of ['?limit=abc', '?limit=%20', '?status=sent,']) {
      expect((await get(`/v1/sms/logs${query}`)).status, query).toBe(400);
    }
  });
});
