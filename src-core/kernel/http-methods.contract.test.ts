// Contract tests over real HTTP: a path asked with a method it does not take is 405 with Allow (HEAD listed beside
// GET, as the server answers it), from the route table (kernel/path-methods.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../testing/envelope.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('methods a path takes', () => {
  it('a known path asked with another method is 405 naming the methods it takes, in Allow too (PUT where PATCH is meant)', async () => {
    const key = await t.createKey();
    const put = await t.request('PUT', '/v1/webhooks/whe_missing', { token: key.key, body: { isActive: false } });
    expect([put.status, put.headers.get('allow'), put.body]).toEqual([405, 'GET, HEAD, PATCH, DELETE', { ...envelope(405), error: 'Method Not Allowed', code: 'METHOD_NOT_ALLOWED',
      message: 'Method PUT is not allowed on /v1/webhooks/whe_missing: this path takes GET, HEAD, PATCH, DELETE' }]);
    const post = await t.request('POST', '/v1/contacts?page=2', { token: key.key, body: { name: 'x' } });
    expect([post.status, post.headers.get('allow'), post.body.message]).toEqual([405, 'GET, HEAD', 'Method POST is not allowed on /v1/contacts: this path takes GET, HEAD']);
    // The console's twin of a route is a path too; a path no route has is the 404, saying nothing more.
    const console = await t.request('PUT', '/dashboard/webhooks/whe_missing', { token: t.dashboardToken });
    expect([console.status, console.headers.get('allow')]).toEqual([405, 'GET, HEAD, PATCH, DELETE']);
    const unknown = await t.request('PUT', '/v1/nothing-here', { token: key.key });
    expect([unknown.status, unknown.headers.get('allow'), unknown.body.message]).toEqual([404, null, 'Route PUT /v1/nothing-here not found']);
  });
  it('HEAD is answered wherever GET is, so Allow lists it beside GET; a HEAD where only POST is taken is the 405', async () => {
    const key = await t.createKey();
    // What HEAD to a GET route answers: the GET's status and headers, no body.
    const get = await t.request('GET', '/v1/webhooks/events', { token: key.key });
    const head = await t.request('HEAD', '/v1/webhooks/events', { token: key.key });
    expect([head.status, head.headers.get('content-type'), head.headers.get('content-length'), head.text])
      .toEqual([200, get.headers.get('content-type'), String(Buffer.byteLength(get.text)), '']);
    const missing = await t.request('HEAD', '/v1/webhooks/whe_missing', { token: key.key });
    expect([missing.status, missing.text]).toEqual([404, '']);
    // A 405 where GET is taken lists HEAD too, after GET; where GET is not taken, HEAD is not listed.
    const patch = await t.request('PATCH', '/v1/webhooks/events', { token: key.key, body: { isActive: false } });
    expect([patch.status, patch.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    for (const path of ['/v1/messages/send', '/v1/voice/calls/outbound', '/sim/clock/advance']) {
      const res = await t.request('HEAD', path, { token: path.startsWith('/v1') ? key.key : t.dashboardToken });
      expect([res.status, res.headers.get('allow'), res.text], `HEAD ${path}`).toEqual([405, 'POST', '']);
      const put = await t.request('PUT', path, { token: path.startsWith('/v1') ? key.key : t.dashboardToken });
      expect([put.status, put.headers.get('allow')], `PUT ${path}`).toEqual([405, 'POST']);
    }
  });
  it('a path a route names itself is no id of the route beside it: PATCH /v1/webhooks/events is 405 (GET only), not "endpoint events not found"', async () => {
    const key = await t.createKey();
    for (const [method, path, allow] of [
      ['PATCH', '/v1/webhooks/events', 'GET, HEAD'], ['DELETE', '/v1/webhooks/events', 'GET, HEAD'], ['PATCH', '/dashboard/webhooks/events', 'GET, HEAD'],
      ['DELETE', '/v1/automations/node-catalog', 'GET, HEAD'], ['GET', '/v1/voice/calls/outbound', 'POST'],
    ] as const) {
      const res = await t.request(method, path, { token: path.startsWith('/v1') ? key.key : t.dashboardToken, body: method === 'PATCH' ? { isActive: false } : undefined });
      expect([res.status, res.headers.get('allow'), res.body.code, res.body.message], `${method} ${path}`)
        .toEqual([405, allow, 'METHOD_NOT_ALLOWED', `Method ${method} is not allowed on ${path}: this path takes ${allow}`]);
    }
    // Its own method and a real id's are as ever.
    expect((await t.request('GET', '/v1/webhooks/events', { token: key.key })).status).toBe(200);
    expect((await t.request('PATCH', '/v1/webhooks/whe_missing', { token: key.key, body: { isActive: false } })).status).toBe(404);
  });
  it('a method a path refuses with its own 405 (GET /mcp: no server streams) is not listed in Allow there', async () => {
    const key = await t.createKey();
    const put = await t.request('PUT', '/mcp', { token: key.key });
    expect([put.status, put.headers.get('allow'), put.body.message]).toEqual([405, 'POST, DELETE', 'Method PUT is not allowed on /mcp: this path takes POST, DELETE']);
    const get = await t.request('GET', '/mcp', { token: key.key });
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST, DELETE']);
  });
});
