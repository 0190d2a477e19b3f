// Contract tests over real HTTP: errors, API keys, scopes, IP allow-list, rate limits, request log, orgs.
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

describe('errors', () => {
  it('an unknown path answers the JSON 404 envelope', async () => {
    const res = await t.request('GET', '/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ...envelope(404), error: 'Not Found' });
    expect((await t.request('GET', '/definitely/not')).body).toMatchObject(envelope(404));
  });
  it('a path whose id is empty (a trailing slash) has no route either: the same 404, not a 400 about the empty id', async () => {
    const key = await t.createKey();
    for (const path of ['/v1/automations/', '/v1/webhooks/', '/v1/voice/app/identities/', '/v1/contacts/cnt_x/notes/']) {
      const res = await t.request('GET', path, { token: key.key });
      expect([res.status, res.body], path).toEqual([404, { ...envelope(404), error: 'Not Found', code: 'NOT_FOUND', message: `Route GET ${path} not found` }]);
    }
  });
  it('a path the router cannot take (an overlong id, bad percent-encoding) answers the 400 envelope', async () => {
    const key = await t.createKey();
    const long = await t.request('GET', `/v1/contacts/${'a'.repeat(5000)}`, { token: key.key });
    expect([long.status, long.body]).toEqual([400, { ...envelope(400), code: 'BAD_REQUEST', message: 'A path parameter is longer than 1024 characters' }]);
    const badUrl = await t.request('GET', '/v1/contacts/%E0%A4%A', { token: key.key });
    expect([badUrl.status, badUrl.body.message]).toEqual([400, 'The path is not a valid URL (bad percent-encoding)']);
  });
  it('a query value whose escapes are not UTF-8 is 400 naming the parameter, not searched with a replacement character', async () => {
    const key = await t.createKey();
    const get = (path: string) => t.request('GET', path, { token: key.key });
    const latin1 = await get('/v1/contacts?search=m%FCller');
    expect([latin1.status, latin1.body]).toEqual([400, { ...envelope(400), code: 'VALIDATION_FAILED',
      message: 'Invalid query: search: is not UTF-8 once percent-decoded: percent-encode the UTF-8 bytes of the text (ü is %C3%BC)' }]);
    // Cut short, or a lone surrogate's bytes; in the name as well as the value; on the console's routes too.
    expect((await get('/v1/contacts?page=1&search=%E0%A4')).body.message).toMatch(/^Invalid query: search: is not UTF-8/);
    expect((await get('/v1/contacts?search=%ED%A0%80')).status).toBe(400);
    expect((await get('/v1/contacts?se%FFarch=x')).body.message).toMatch(/^Invalid query: se%FFarch: is not UTF-8/);
    expect((await t.request('GET', '/dashboard/contacts?search=m%FCller', { token: t.dashboardToken })).body.message).toMatch(/^Invalid query: search: is not UTF-8/);
    // UTF-8 escapes, and a % that starts no escape (taken as itself, as browsers take it), are read as before.
    expect((await get('/v1/contacts?search=m%C3%BCller')).status).toBe(200);
    expect((await get('/v1/contacts?search=50%')).status).toBe(200);
    // The key is still checked first.
    expect((await t.request('GET', '/v1/contacts?search=m%FCller')).status).toBe(401);
  });
  it('checks the key before it reads the body: a bad key is 401 whatever the body, and a keyed refusal of a body is logged under its key', async () => {
    const bytes = Buffer.concat([Buffer.from('{"reason":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    for (const authorization of [undefined, 'Bearer sk_test_bogus']) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) };
      const res = await fetch(`${t.url}/v1/contacts/cnt_x/block`, { method: 'POST', headers, body: bytes });
      expect(res.status, authorization ?? 'no key').toBe(401);
      expect((await t.request('POST', '/v1/contacts/cnt_x/block', { body: '{"reason": ', headers: authorization ? { authorization } : {} })).status).toBe(401);
      expect((await t.request('POST', '/v1/contacts/cnt_x/block', { body: 'reason=x', headers: { 'content-type': 'text/plain', ...(authorization ? { authorization } : {}) } })).status).toBe(401);
    }
    const key = await t.createKey();
    expect((await t.request('POST', '/v1/contacts/cnt_x/block', { token: key.key, body: '{"reason": ' })).status).toBe(400);
    const logged = (await t.dashboard('GET', `/dashboard/request-log?keyId=${key.id}`)).body.data;
    expect(logged[0]).toMatchObject({ keyId: key.id, statusCode: 400, errorCode: 'MALFORMED_JSON' });
  });
  it('the unified send refuses a body it cannot read with {message} only, as it refuses everything else', async () => {
    const key = await t.createKey();
    const send = (body: string, headers: Record<string, string> = {}) => t.request('POST', '/v1/messages/send', { token: key.key, body, headers });
    for (const res of [await send('{"to":'), await send('to=x', { 'content-type': 'text/plain' }), await send(`{"to":"${'x'.repeat(3_000_000)}"}`)]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(Object.keys(res.body)).toEqual(['message']);
    }
  });
  it('says plainly what is wrong: a fraction is not a whole number; of two maximums, the tighter; an overlong URL is 431 in the envelope', async () => {
    const topUp = (amountPaise: number | string) => t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise });
    expect((await topUp(1.5)).body.message).toBe('Invalid body: amountPaise: must be a whole number');
    expect((await t.request('POST', '/dashboard/wallet/top-up', { token: t.dashboardToken, body: '{"amountPaise":99999999999999999999}' })).body.message)
      .toBe('Invalid body: amountPaise: must be at most 10000000000');
    // Any number of digits is a whole number: past the maximum it says the maximum (a limit is clamped, as any limit over it).
    const key = await t.createKey();
    expect((await t.request('GET', '/v1/contacts?page=9007199254740993', { token: key.key })).body.message).toBe('Invalid query: page: must be at most 1000000');
    expect((await t.request('GET', `/v1/contacts?limit=${'9'.repeat(400)}`, { token: key.key })).body.meta.limit).toBe(100);
    // A negative number is a whole number too: under the minimum, said as 0 is; a fraction or a word is not one.
    for (const [query, message] of [['limit=-1', 'limit: must be at least 1'], ['page=-3', 'page: must be at least 1'], ['limit=0', 'limit: must be at least 1'],
      [`page=-${'9'.repeat(400)}`, 'page: must be at least 1'], ['limit=1.5', 'limit: must be a whole number'], ['limit=abc', 'limit: must be a whole number']]) {
      const res = await t.request('GET', `/v1/contacts?${query}`, { token: key.key });
      expect([res.status, res.body.message]).toEqual([400, `Invalid query: ${message}`]);
    }
    // Valid JSON with a prototype key is not "malformed": the key is named and refused, never taken into an object.
    for (const [body, named] of [['{"__proto__":{},"email":"a@example.com"}', '"__proto__"'], ['{"tags":[{"constructor":{"prototype":{}}}]}', '"constructor" holding "prototype"']]) {
      const res = await t.request('POST', '/v1/email/contacts', { token: key.key, body });
      expect([res.status, res.body.code, res.body.message]).toEqual([400, 'VALIDATION_FAILED', `Invalid body: the key ${named} is not allowed`]);
    }
    const long = await t.request('GET', `/v1/contacts?search=${'x'.repeat(20_000)}`);
    expect([long.status, long.body]).toEqual([431, { ...envelope(431), code: 'HEADERS_TOO_LARGE', message: expect.stringContaining('too large') }]);
  });
  it('bad input never answers 500', async () => {
    const key = await t.createKey();
    const probes = [
      t.request('GET', '/v1/contacts?limit=-5', { token: key.key }),
      t.request('GET', '/v1/contacts?page=abc', { token: key.key }),
      t.request('GET', `/v1/contacts?search=${encodeURIComponent('"*(^ OR NEAR')}`, { token: key.key }),
      t.request('POST', '/v1/contacts/cnt_x/block', { token: key.key, body: '[1,2,3]' }),
      t.request('POST', '/v1/contacts/cnt_x/block', { token: key.key, body: '"just a string"' }),
      t.request('POST', '/v1/contacts/cnt_x/notes', { token: key.key, body: { content: 42 } }),
      t.request('POST', '/v1/contacts/%E0%A4%A/notes', { token: key.key, body: { content: 'x' } }),
    ];
    for (const res of await Promise.all(probes)) {
      expect(res.status).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400) expect(res.body).toMatchObject(envelope(res.status));
    }
  });
});

describe('API keys', () => {
  it('only the dashboard sees keys; the plaintext appears once and keys are prefixed by environment', async () => {
    const live = await t.createKey({ environment: 'live', name: 'prod' });
    const test = await t.createKey({ environment: 'test' });
    expect(live.key).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    expect(test.key).toMatch(/^sk_test_/);
    const list = await t.dashboard('GET', '/dashboard/api-keys');
    expect(list.status).toBe(200);
    const listed = list.body.data.find((k: { id: string }) => k.id === live.id);
    expect(listed).toMatchObject({ name: 'prod', environment: 'live', rateLimitPerMinute: 60 });
    expect(JSON.stringify(list.body)).not.toContain(live.key);
  });
  it('401 for a missing, malformed, unknown, environment-swapped, expired or revoked key', async () => {
    const key = await t.createKey();
    const swapped = key.key.replace('sk_test_', 'sk_live_');
    for (const token of [undefined, 'nope', 'sk_test_' + 'A'.repeat(32), swapped]) {
      const res = await t.request('GET', '/v1/contacts', { token });
      expect(res.status, String(token)).toBe(401);
      expect(res.body).toMatchObject(envelope(401));
    }
    // A header without the Bearer scheme (the key sent bare, or under another scheme) says so, not "Missing API key".
    const missing = await t.request('GET', '/v1/contacts');
    expect(missing.body.message).toBe('Missing API key: send Authorization: Bearer <API_KEY>');
    for (const authorization of [key.key, `Token ${key.key}`, 'Basic dXNlcjpwYXNz', 'Bearer']) {
      const res = await t.request('GET', '/v1/contacts', { headers: { authorization } });
      expect([res.status, res.body.message], authorization).toEqual([401,
        'The Authorization header is not of the form Bearer <API_KEY>: send the word Bearer, a space, then the key']);
    }
    const expiring = await t.createKey({ expiresAt: new Date(t.server.clock.now() + 60_000).toISOString() });
    expect((await t.request('GET', '/v1/contacts', { token: expiring.key })).status).toBe(200);
    await t.advance(61);
    const expired = await t.request('GET', '/v1/contacts', { token: expiring.key });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired/);
    const revoked = await t.dashboard('DELETE', `/dashboard/api-keys/${key.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    expect((await t.request('GET', '/v1/contacts', { token: key.key })).status).toBe(401);
  });
  it('refuses an unknown scope, an out-of-range rate limit and a past expiry with 400', async () => {
    const bad = [
      { name: 'x', environment: 'test', scopes: ['contacts:fly'] },
      { name: 'x', environment: 'test', scopes: ['contacts:read'], rateLimitPerMinute: 0 },
      { name: 'x', environment: 'test', scopes: ['contacts:read'], rateLimitPerMinute: 10_001 },
      { name: 'x', environment: 'prod', scopes: ['contacts:read'] },
      { name: 'x', environment: 'test', scopes: ['contacts:read'], expiresAt: '2001-01-01T00:00:00Z' },
    ];
    for (const body of bad) {
      const res = await t.dashboard('POST', '/dashboard/api-keys', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject(envelope(400));
    }
    // A past expiry says what time it is on the server's clock, which an advance may have moved past the wall's.
    await t.advance(3_600);
    const past = await t.dashboard('POST', '/dashboard/api-keys', { name: 'x', environment: 'test', scopes: ['contacts:read'], expiresAt: new Date(t.server.clock.now() - 1_000).toISOString() });
    expect(past.body.message).toBe(`expiresAt must be in the future: it is now ${new Date(t.server.clock.now()).toISOString()} on the server's clock `
      + '(the virtual clock, which POST /sim/clock/advance moves; keys expire by it)');
    // In words a user can act on, one per field.
    const words = await t.dashboard('POST', '/dashboard/api-keys', { name: '', environment: 'prod', scopes: ['contacts:read'], allowedIps: ['not-an-ip'] });
    expect(words.body.message).toBe('Invalid body: name: is required; environment: must be one of: live, test; allowedIps.0: must be an IP address (IPv4 or IPv6), e.g. 203.0.113.7');
  });
  it('403 names the missing scope', async () => {
    const key = await t.createKey({ scopes: ['contacts:read'] });
    const res = await t.request('POST', '/v1/contacts/cnt_x/block', { token: key.key, body: {} });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Insufficient scope. Required: contacts:block');
  });
  it('the IP allow-list reads the client IP from x-forwarded-for', async () => {
    const key = await t.createKey({ ipWhitelistEnabled: true, allowedIps: ['203.0.113.7'] });
    const allowed = await t.request('GET', '/v1/contacts', { token: key.key, headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' } });
    expect(allowed.status).toBe(200);
    const refused = await t.request('GET', '/v1/contacts', { token: key.key, headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Request from IP 198.51.100.1 is not allowed for this API key');
    const direct = await t.request('GET', '/v1/contacts', { token: key.key });
    expect(direct.body.message).toBe('Request from IP 127.0.0.1 is not allowed for this API key');
  });
  it('compares addresses, not text: canonical on store and on compare, a port or brackets stripped, garbage never echoed', async () => {
    const key = await t.createKey({ ipWhitelistEnabled: true, allowedIps: ['203.0.113.7', '0:0:0:0:0:0:0:1', '::FFFF:198.51.100.9', '::1'] });
    expect(key.allowedIps).toEqual(['203.0.113.7', '::1', '198.51.100.9']);
    const from = (forwarded: string) => t.request('GET', '/v1/contacts', { token: key.key, headers: { 'x-forwarded-for': forwarded } });
    for (const forwarded of ['0:0:0:0:0:0:0:1', '::1', '[::1]:4444', '[0::1]', '203.0.113.7:5555', '::ffff:203.0.113.7', ' 198.51.100.9 , 10.0.0.1']) {
      expect((await from(forwarded)).status, forwarded).toBe(200);
    }
    // A first entry that is no address counts as no header: the socket's address is judged, and named.
    for (const forwarded of ['<script>', 'unknown, 203.0.113.7', '203.0.113.7:port', '[203.0.113.7]:80']) {
      const refused = await from(forwarded);
      expect([refused.status, refused.body.message], forwarded).toEqual([403, 'Request from IP 127.0.0.1 is not allowed for this API key']);
    }
    const other = await from('2001:DB8:0:0:0:0:0:1');
    expect(other.body.message).toBe('Request from IP 2001:db8::1 is not allowed for this API key');
    const log = (await t.dashboard('GET', `/dashboard/request-log?keyId=${key.id}&limit=200`)).body.data as Array<{ sourceIp: string }>;
    expect(new Set(log.map((entry) => entry.sourceIp))).toEqual(new Set(['::1', '203.0.113.7', '198.51.100.9', '127.0.0.1', '2001:db8::1']));
  });
  it('takes an expiry with a fraction of a second of any precision, cut to the millisecond', async () => {
    const key = await t.createKey({ expiresAt: '2030-01-15T16:00:00.123999Z' });
    expect(key.expiresAt).toBe('2030-01-15T16:00:00.123Z');
    expect((await t.request('GET', '/v1/sms/logs?start=2026-01-01T00:00:00.000001Z&end=2026-01-16T00:00:00.999999%2B05:30', { token: key.key })).status).toBe(200);
    // Without its time zone an expiry is told so, through the validator's shared words for a date-time.
    const zoneless = await t.dashboard('POST', '/dashboard/api-keys', { name: 'zoneless', environment: 'test', scopes: ['contacts:read'], expiresAt: '2030-01-15T16:00:00' });
    expect([zoneless.status, zoneless.body.message]).toEqual([400, 'Invalid body: expiresAt: must give its time zone, such as Z or +05:30']);
  });
  it('refuses an allow-list switched on with no address (a key that would refuse every request)', async () => {
    for (const allowedIps of [[], undefined]) {
      const res = await t.dashboard('POST', '/dashboard/api-keys', { name: 'walled', environment: 'test', scopes: ['contacts:read'], ipWhitelistEnabled: true, allowedIps });
      expect([res.status, res.body.message]).toEqual([400, 'Invalid body: allowedIps: needs at least one IP address while ipWhitelistEnabled is true (an empty list would refuse every request)']);
    }
    expect((await t.dashboard('POST', '/dashboard/api-keys', { name: 'open', environment: 'test', scopes: ['contacts:read'], ipWhitelistEnabled: false, allowedIps: [] })).status).toBe(201);
  });
});

describe('dashboard token and API keys stay on their own surfaces', () => {
  it('an API key is refused on /dashboard and /sim; the dashboard token is refused on /v1', async () => {
    const key = await t.createKey();
    for (const path of ['/dashboard/api-keys', '/sim/clock']) {
      const res = await t.request('GET', path, { token: key.key });
      expect(res.status, path).toBe(401);
      expect(res.body).toMatchObject(envelope(401));
    }
    // Said so, on /v1 and the assistant endpoint alike: it answered "Invalid API key", as for a mistyped key.
    for (const [method, path] of [['GET', '/v1/contacts'], ['POST', '/mcp']] as const) {
      const refused = await t.request(method, path, { token: t.dashboardToken, body: method === 'POST' ? {} : undefined });
      expect([refused.status, refused.body.message], path).toEqual([401,
        "This is the dashboard token, which only /dashboard and /sim take: send an API key (sk_test_… or sk_live_…; npm run cli -- keys create, or the console's API keys page)"]);
    }
    expect((await t.request('GET', '/v1/contacts', { token: 'dsh_other' })).body.message).toBe('Invalid API key');
    expect((await t.request('GET', '/sim/clock')).status).toBe(401);
  });
});

describe('rate limits', () => {
  it('headers on every response, 429 with Retry-After and retryAfter, sliding on the virtual clock', async () => {
    const key = await t.createKey({ rateLimitPerMinute: 3 });
    const headers = { 'x-forwarded-for': '192.0.2.10' };
    const first = await t.request('GET', '/v1/contacts', { token: key.key, headers });
    expect(first.headers.get('x-ratelimit-limit')).toBe('3');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2');
    await t.advance(20);
    const unknownPath = await t.request('GET', '/v1/nope', { token: key.key, headers });
    expect([unknownPath.status, unknownPath.headers.get('x-ratelimit-remaining')]).toEqual([404, '1']);
    expect((await t.request('GET', '/v1/nope', { token: 'sk_test_not_a_key', headers })).headers.get('x-ratelimit-limit')).toBeNull();
    const scopeRefusal = await t.request('POST', '/v1/contacts/x/block', { token: key.key, headers, body: {} });
    expect(scopeRefusal.headers.get('x-ratelimit-remaining')).toBe('0');
    const limited = await t.request('GET', '/v1/contacts', { token: key.key, headers });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.body).toMatchObject({ ...envelope(429), retryAfter: 40 });
    expect(limited.body.message).toContain('40 seconds');
    const otherIp = await t.request('GET', '/v1/contacts', { token: key.key, headers: { 'x-forwarded-for': '192.0.2.11' } });
    expect(otherIp.status).toBe(200);
    await t.advance(40);
    const again = await t.request('GET', '/v1/contacts', { token: key.key, headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('0');
  });
  it('says a count of one in the singular: 1 request per minute, 1 second', async () => {
    const key = await t.createKey({ rateLimitPerMinute: 1 });
    const headers = { 'x-forwarded-for': '192.0.2.20' };
    expect((await t.request('GET', '/v1/contacts', { token: key.key, headers })).status).toBe(200);
    expect((await t.request('GET', '/v1/contacts', { token: key.key, headers })).body.message)
      .toBe('Rate limit of 1 request per minute exceeded. Retry after 60 seconds.');
    await t.advance(59.5);
    expect((await t.request('GET', '/v1/contacts', { token: key.key, headers })).body.message)
      .toBe('Rate limit of 1 request per minute exceeded. Retry after 1 second.');
  });
});

describe('request log', () => {
  it('records endpoint, status, source IP and duration per key, without blocking the request', async () => {
    const key = await t.createKey({ name: 'logged' });
    await t.request('GET', '/v1/contacts?limit=5', { token: key.key, headers: { 'x-forwarded-for': '198.51.100.77' } });
    await t.request('GET', '/v1/contacts/cnt_missing/notes', { token: key.key });
    const res = await t.dashboard('GET', `/dashboard/request-log?keyId=${key.id}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(2);
    const [notes, list] = res.body.data;
    expect(list).toMatchObject({ keyId: key.id, method: 'GET', endpoint: '/v1/contacts', statusCode: 200, sourceIp: '198.51.100.77' });
    expect(list.durationMs).toEqual(expect.any(Number));
    expect(notes).toMatchObject({ endpoint: '/v1/contacts/cnt_missing/notes', statusCode: 404 });
    await t.request('GET', '/v1/contacts', { token: 'sk_test_not_a_real_key' });
    const unkeyed = await t.dashboard('GET', '/dashboard/request-log?status=401&limit=1');
    expect(unkeyed.body.data[0]).toMatchObject({ keyId: null, endpoint: '/v1/contacts', statusCode: 401 });
    const filtered = await t.dashboard('GET', `/dashboard/request-log?keyId=${key.id}&status=404`);
    expect(filtered.body.data).toHaveLength(1);
    const keys = await t.dashboard('GET', '/dashboard/api-keys');
    expect(keys.body.data.find((k: { id: string }) => k.id === key.id).lastUsedAt).toEqual(expect.any(String));
  });
  it('records the query as sent, and for an error answer the code and message the server sent', async () => {
    const key = await t.createKey({ name: 'debugged', scopes: ['contacts:read', 'sms:send'] });
    const call = (method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
      t.request(method, path, { token: key.key, ...options });
    const logged = async () => (await t.dashboard('GET', `/dashboard/request-log?keyId=${key.id}`)).body.data[0];

    expect((await call('GET', '/v1/contacts?limit=5&search=al%20ice')).status).toBe(200);
    expect(await logged()).toMatchObject({ endpoint: '/v1/contacts', query: 'limit=5&search=al%20ice', statusCode: 200, errorCode: null, errorMessage: null });
    await call('GET', '/v1/contacts?');
    expect(await logged()).toMatchObject({ query: null, errorCode: null });

    const denied = await call('GET', '/v1/whatsapp/logs');
    expect(denied.status).toBe(403);
    expect(await logged()).toMatchObject({ query: null, statusCode: 403, errorCode: 'INSUFFICIENT_SCOPE', errorMessage: 'Insufficient scope. Required: whatsapp:logs:read' });

    const missing = await call('GET', `/v1/nothing-here?pad=${'q'.repeat(1_500)}`);
    expect(missing.status).toBe(404);
    const notFound = await logged();
    expect(notFound).toMatchObject({ endpoint: '/v1/nothing-here', errorCode: 'NOT_FOUND', errorMessage: 'Route GET /v1/nothing-here not found' });
    expect([notFound.query.length, notFound.query.slice(0, 8), notFound.query.at(-1)]).toEqual([1_000, 'pad=qqqq', '…']);
    await call('GET', `/v1/${'x'.repeat(600)}`);
    const longMessage = (await logged()).errorMessage;
    expect([longMessage.length, longMessage.slice(0, 14), longMessage.at(-1)]).toEqual([500, 'Route GET /v1/', '…']);

    const invalid = await call('GET', '/v1/contacts?limit=abc');
    expect(invalid.status).toBe(400);
    expect(await logged()).toMatchObject({ query: 'limit=abc', errorCode: 'VALIDATION_FAILED', errorMessage: invalid.body.message });

    // Unified send answers {message} only; the log still names the code the server refused with.
    const send = { body: { to: '+14155550101', channel: 'sms' }, headers: { 'idempotency-key': 'log-unified-1' } };
    const refused = await call('POST', '/v1/messages/send', send);
    expect([refused.status, Object.keys(refused.body)]).toEqual([400, ['message']]);
    expect(await logged()).toMatchObject({ endpoint: '/v1/messages/send', errorCode: 'VALIDATION_FAILED', errorMessage: refused.body.message });
    // Its replay answers the stored body, which has no code.
    const replayed = await call('POST', '/v1/messages/send', send);
    expect([replayed.status, replayed.headers.get('idempotent-replayed')]).toEqual([400, 'true']);
    expect(await logged()).toMatchObject({ statusCode: 400, errorCode: null, errorMessage: refused.body.message });

    const byCode = await t.dashboard('GET', `/dashboard/request-log?keyId=${key.id}&code=INSUFFICIENT_SCOPE`);
    expect(byCode.body.data.map((entry: { endpoint: string }) => entry.endpoint)).toEqual(['/v1/whatsapp/logs']);
    expect((await t.dashboard('GET', '/dashboard/request-log?code=NOT_A_CODE')).status).toBe(400);
  });
});

describe('organizations', () => {
  it('another organization\'s resources are 404, and its keys see only its own', async () => {
    const created = await t.dashboard('POST', '/dashboard/organizations', { name: 'Acme' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^org_/), name: 'Acme', createdAt: expect.any(String) });
    const acme = created.body.id as string;
    const contact = await t.dashboard('POST', '/dashboard/contacts', { name: 'Only In Default', phone: '+15551230000' });
    const acmeKey = await t.createKey({ organizationId: acme });
    const res = await t.request('POST', `/v1/contacts/${contact.body.id}/block`, { token: acmeKey.key, body: {} });
    expect(res.status).toBe(404);
    const list = await t.request('GET', '/v1/contacts', { token: acmeKey.key });
    expect(list.body.meta.total).toBe(0);
    const acmeKeys = await t.request('GET', `/dashboard/api-keys?organizationId=${acme}`, { token: t.dashboardToken });
    expect(acmeKeys.body.data.map((k: { id: string }) => k.id)).toEqual([acmeKey.id]);
    const unknown = await t.request('GET', '/dashboard/api-keys?organizationId=org_nope', { token: t.dashboardToken });
    expect(unknown.status).toBe(404);
  });
});

describe('simulator clock', () => {
  it('reads and advances the virtual clock', async () => {
    const before = (await t.dashboard('GET', '/sim/clock')).body.now as string;
    const moved = await t.advance(3600);
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.now) - Date.parse(before)).toBe(3_600_000);
    expect((await t.dashboard('POST', '/sim/clock/advance', { seconds: -1 })).status).toBe(400);
    expect((await t.dashboard('POST', '/sim/clock/advance', {})).status).toBe(400);
  });
});
