// A query parameter a route takes once, given several times (`?limit=5&limit=6`, as many clients write a list): refused
// as given more than once. Its value's own check answered `limit: must be a whole number` and `direction: must be one
// of: inbound, outbound` of whole numbers and directions, which sent an integrator looking at the values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer;
let key: string;
const get = (path: string) => t.request('GET', path, { token: key });

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
});
afterAll(async () => {
  await t.close();
});

describe('a query parameter given more than once', () => {
  it('is refused as repeated, on whole numbers and on choices alike, naming each', async () => {
    const cases: Array<[string, string]> = [
      ['/v1/whatsapp/logs?limit=5&limit=6', 'Invalid query: limit: is given 2 times: give it once'],
      ['/v1/whatsapp/logs?direction=inbound&direction=outbound&page=1&page=2&page=3', 'Invalid query: direction: is given 2 times: give it once; page: is given 3 times: give it once'],
      ['/v1/whatsapp/templates?status=APPROVED&status=PENDING', 'Invalid query: status: is given 2 times: give it once'],
      // Checked before the integration is looked up, as every query is.
      ['/v1/instagram/conversations?limit=20&limit=20', 'Invalid query: limit: is given 2 times: give it once'],
    ];
    for (const [path, message] of cases) {
      const res = await get(path);
      expect([res.status, res.body.code, res.body.message], path).toEqual([400, 'VALIDATION_FAILED', message]);
    }
    const console = await t.dashboard('GET', '/dashboard/wallet/ledger?limit=5&limit=6');
    expect([console.status, console.body.message]).toEqual([400, 'Invalid query: limit: is given 2 times: give it once']);
  });

  it('keeps the words of a check that names the repetition, and a value given once or once beside empties is taken', async () => {
    const status = await get('/v1/whatsapp/logs?status=delivered&status=read');
    expect(status.body.message).toMatch(/separated by commas \(status=delivered,read\), not a repeated parameter$/);
    expect((await get('/v1/whatsapp/logs?limit=5&limit=')).body.meta).toMatchObject({ limit: 5 });
    expect((await get('/v1/whatsapp/logs?limit=abc')).body.message).toBe('Invalid query: limit: must be a whole number');
  });
});
