// OTP over real HTTP: dashboard widgets, send → code on the simulated handset → verify → single-use JWT,
// wrong attempts and blocking, expiry on the clock, retry rules, the hourly cap, scopes (logs and analytics: otp-logs).
import { createHash } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handsetOf, lastCode as lastCodeOf } from '../../testing/otp-codes.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let [key, widgetId, bothId] = ['', '', ''];
const post = (path: string, body: unknown, token = key) => t.request('POST', path, { token, body });
const send = (identifier: string, widget = widgetId) => post('/v1/otp/send', { widgetId: widget, identifier });
const retry = (requestId: string, channel?: string) => post('/v1/otp/retry', { requestId, ...(channel ? { channel } : {}) });
const verify = (requestId: string, otp: string) => post('/v1/otp/verify', { requestId, otp });
const logs = (query = '') => t.request('GET', `/v1/otp/logs${query}`, { token: key });

const inbox = (phone: string, org?: string) => handsetOf(t, phone, org);
const lastCode = (phone: string, org?: string) => lastCodeOf(t, phone, org);
const logOf = async (requestId: string) => ((await logs('?limit=100')).body.data as Array<{ id: string }>).find((l) => l.id === requestId);

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  widgetId = (await t.dashboard('POST', '/dashboard/otp-widgets', { name: 'Acme Login' })).body.id;
  bothId = (await t.dashboard('POST', '/dashboard/otp-widgets', {
    name: 'Two channels', channels: ['sms', 'whatsapp'], resendCooldownSeconds: 30, maxResends: 2, maxSendsPerHour: 10,
  })).body.id;
});
afterAll(async () => {
  await t.close();
});

describe('widgets in the dashboard', () => {
  it('are created with the defaults, listed in the pinned shape and updated partially', async () => {
    const list = await t.dashboard('GET', '/dashboard/otp-widgets');
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toEqual({
      id: widgetId, name: 'Acme Login', otpLength: 6, expirySeconds: 300, resendCooldownSeconds: 30, maxResends: 3, maxSendsPerHour: 5,
      maxVerifyAttempts: 3, channels: ['sms'],
    });
    const created = await t.dashboard('POST', '/dashboard/otp-widgets', { name: 'Short', otpLength: 4, expirySeconds: 60, channels: ['whatsapp'] });
    expect(created.status).toBe(201);
    const patched = await t.dashboard('PATCH', `/dashboard/otp-widgets/${created.body.id}`, { otpLength: 8, channels: ['whatsapp', 'sms'] });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Short', otpLength: 8, expirySeconds: 60, channels: ['whatsapp', 'sms'] });
    expect((await t.dashboard('GET', '/dashboard/otp-widgets')).body.data).toHaveLength(3);
  });
  it('refuse a resend cooldown that outlasts the code while resends are allowed, on create and on a change', async () => {
    const slow = await t.dashboard('POST', '/dashboard/otp-widgets', { name: 'Slow', expirySeconds: 60, resendCooldownSeconds: 60 });
    expect([slow.status, slow.body.message]).toEqual([400, expect.stringContaining('must be shorter than expirySeconds (60)')]);
    expect((await t.dashboard('POST', '/dashboard/otp-widgets', { name: 'No resends', expirySeconds: 60, resendCooldownSeconds: 60, maxResends: 0 })).status).toBe(201);
    const ok = (await t.dashboard('POST', '/dashboard/otp-widgets', { name: 'Quick', expirySeconds: 60, resendCooldownSeconds: 30 })).body.id as string;
    const change = await t.dashboard('PATCH', `/dashboard/otp-widgets/${ok}`, { expirySeconds: 30 });
    expect(change.status).toBe(400);
    expect((await t.dashboard('GET', '/dashboard/otp-widgets')).body.data.find((w: { id: string }) => w.id === ok)).toMatchObject({ expirySeconds: 60 });
  });
  it('refuse invalid settings with 400 and an unknown widget with 404', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'name'], [{ name: ' ' }, 'name'], [{ name: 'x', otpLength: 3 }, 'otpLength'], [{ name: 'x', otpLength: 11 }, 'otpLength'],
      [{ name: 'x', expirySeconds: 10 }, 'expirySeconds'], [{ name: 'x', expirySeconds: 3601 }, 'expirySeconds'], [{ name: 'x', channels: [] }, 'channels'],
      [{ name: 'x', channels: ['sms', 'sms'] }, 'repeat'], [{ name: 'x', channels: ['email'] }, 'channel'], [{ name: 'x', maxVerifyAttempts: 0 }, 'maxVerifyAttempts'],
    ];
    for (const [body, message] of cases) {
      const res = await t.dashboard('POST', '/dashboard/otp-widgets', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await t.dashboard('PATCH', `/dashboard/otp-widgets/${widgetId}`, { otpLength: 2 })).status).toBe(400);
    expect((await t.dashboard('PATCH', '/dashboard/otp-widgets/otpw_nope', { name: 'x' })).status).toBe(404);
    const nothing = await t.dashboard('PATCH', `/dashboard/otp-widgets/${widgetId}`, {}); // as every PATCH refuses {}
    expect([nothing.status, nothing.body.message]).toEqual([400, expect.stringContaining('give at least one of name, otpLength, expirySeconds')]);
  });
});

describe('send, verify and verify-token', () => {
  it('sends a code to the handset over the first channel, verifies it and issues a single-use HS256 JWT', async () => {
    const sent = await send('+14155550601');
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ requestId: expect.stringMatching(/^otp_/) });
    const { code, channel, from } = await lastCode('+14155550601');
    expect(code).toMatch(/^\d{6}$/);
    expect([channel, from]).toEqual(['sms', 'SWBOTP']);
    expect((await inbox('14155550601'))[0]?.text).toBe(`${code} is your verification code for Acme Login. It expires in 5 minutes.`);
    const stored = t.server.db.sql.prepare('SELECT code_hash FROM otp_requests WHERE id = ?').get(sent.body.requestId) as { code_hash: string };
    expect(stored.code_hash).toBe(createHash('sha256').update(`${code}${sent.body.requestId}`).digest('hex'));

    const verified = await verify(sent.body.requestId, code);
    expect(verified.status).toBe(200);
    const token = verified.body.accessToken as string;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: '+14155550601', rid: sent.body.requestId, wid: widgetId, iss: 'switchboard-otp', jti: expect.any(String) });
    expect((claims.exp as number) - (claims.iat as number)).toBe(600);
    expect(claims.iat).toBe(Math.floor(Date.parse((await t.dashboard('GET', '/sim/clock')).body.now) / 1000));

    const first = await post('/v1/otp/verify-token', { accessToken: token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ verified: true, identifier: '+14155550601', verifiedAt: expect.any(String) });
    const second = await post('/v1/otp/verify-token', { accessToken: token });
    expect(second.status).toBe(400);
    expect([second.body.code, second.body.message]).toEqual(['BAD_REQUEST', expect.stringContaining('already been used')]);
    const again = await verify(sent.body.requestId, code);
    expect(again.status).toBe(400);
    expect([again.body.code, again.body.message]).toEqual(['BAD_REQUEST', expect.stringContaining('already verified')]);
    expect(await logOf(sent.body.requestId)).toMatchObject({ status: 'verified', verifiedAt: first.body.verifiedAt, attempts: 0, resends: 0, channel: 'sms' });
  });
  it('refuses a tampered, foreign, or expired token with 400', async () => {
    const sent = await send('14155550602');
    const token = (await verify(sent.body.requestId, (await lastCode('14155550602')).code)).body.accessToken as string;
    const [head, body, sig] = token.split('.') as [string, string, string];
    expect((await post('/v1/otp/verify-token', { accessToken: `${head}.${body}.${sig.slice(0, -2)}xx` })).status).toBe(400);
    expect((await post('/v1/otp/verify-token', { accessToken: 'not-a-jwt' })).status).toBe(400);

    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Other' })).body.id as string;
    const otherKey = (await t.createKey({ organizationId: org, rateLimitPerMinute: 10_000 })).key;
    const foreign = await post('/v1/otp/verify-token', { accessToken: token }, otherKey);
    expect(foreign.status).toBe(400);
    expect((await post('/v1/otp/send', { widgetId, identifier: '14155550602' }, otherKey)).status).toBe(404);

    await t.advance(601);
    const expired = await post('/v1/otp/verify-token', { accessToken: token });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toContain('expired');
  });
  it('counts wrong codes and blocks the request at the widget maximum', async () => {
    const sent = await send('14155550603');
    const { code } = await lastCode('14155550603');
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await verify(sent.body.requestId, wrong);
    expect(first.status).toBe(400);
    expect([first.body.code, first.body.message]).toEqual(['VALIDATION_FAILED', expect.stringContaining('2 attempts left')]);
    expect((await verify(sent.body.requestId, wrong)).body.message).toContain('1 attempt left');
    const third = await verify(sent.body.requestId, wrong);
    expect(third.body.message).toBe(`Invalid OTP; 3 wrong attempts: OTP request ${sent.body.requestId} is now blocked; send a new OTP`);
    const right = await verify(sent.body.requestId, code);
    expect(right.status).toBe(400);
    expect([right.body.code, right.body.message]).toEqual(['BAD_REQUEST', expect.stringContaining('blocked')]);
    expect(await logOf(sent.body.requestId)).toMatchObject({ status: 'blocked', attempts: 3 });
    // A retry says what the verify says, as a retry of one that expired does: it read "…; send a new OTP; only a request
    // still waiting for its code can be retried".
    const blocked = `OTP request ${sent.body.requestId} is blocked after too many wrong attempts; send a new OTP`;
    expect([right.body.message, (await retry(sent.body.requestId)).body.message]).toEqual([blocked, blocked]);
    // A widget that allows one attempt says it in the singular.
    const strict = (await t.dashboard('POST', '/dashboard/otp-widgets', { name: 'One try', maxVerifyAttempts: 1 })).body.id as string;
    const once = await send('14155550699', strict);
    const onlyCode = (await lastCode('14155550699')).code;
    const onlyTry = await verify(once.body.requestId, onlyCode === '000000' ? '111111' : '000000');
    expect(onlyTry.body.message).toBe(`Invalid OTP; 1 wrong attempt: OTP request ${once.body.requestId} is now blocked; send a new OTP`);
  });
  it('logs attempts as the wrong codes only: a right code after a wrong one leaves it 1', async () => {
    const sent = await send('14155550604');
    const { code } = await lastCode('14155550604');
    expect((await verify(sent.body.requestId, code === '000000' ? '111111' : '000000')).status).toBe(400);
    expect((await verify(sent.body.requestId, code)).status).toBe(200);
    expect(await logOf(sent.body.requestId)).toMatchObject({ status: 'verified', attempts: 1 });
  });
  it('expires a request on the clock (the job) and refuses its code', async () => {
    const sent = await send('14155550604');
    const { code } = await lastCode('14155550604');
    await t.advance(299);
    expect(await logOf(sent.body.requestId)).toMatchObject({ status: 'sent' });
    await t.advance(1);
    expect(await logOf(sent.body.requestId)).toMatchObject({ status: 'expired' });
    const late = await verify(sent.body.requestId, code);
    expect(late.status).toBe(400);
    expect([late.body.code, late.body.message]).toEqual(['BAD_REQUEST', expect.stringContaining('expired')]);
    expect((await retry(sent.body.requestId)).body.message).toBe(`OTP request ${sent.body.requestId} has expired; send a new OTP`);
  });
  it('reads as expired once the clock passes its expiry, before the expiry job has run', async () => {
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Late job' })).body.id as string;
    const k = (await t.createKey({ organizationId: org, rateLimitPerMinute: 10_000 })).key;
    await t.dashboard('POST', '/dashboard/wallet/top-up', { organizationId: org, amountPaise: 100_000 });
    const w = (await t.dashboard('POST', '/dashboard/otp-widgets', { organizationId: org, name: 'Late' })).body.id as string;
    const requestId = (await post('/v1/otp/send', { widgetId: w, identifier: '14155550606' }, k)).body.requestId as string;
    const get = async (path: string) => (await t.request('GET', path, { token: k })).body;
    // The runner held, as when its job is late: the clock passes the expiry without any job running.
    await t.server.jobs.stop();
    try {
      const expiresAt = Date.parse((await get('/v1/otp/logs')).data[0].expiresAt as string);
      t.server.clock.setTo(expiresAt);
      expect((await get('/v1/otp/logs')).data[0]).toMatchObject({ id: requestId, status: 'expired' });
      expect((await get('/v1/otp/logs?status=expired')).meta.total).toBe(1);
      expect((await get('/v1/otp/logs?status=sent')).meta.total).toBe(0);
      expect(await get('/v1/otp/analytics')).toMatchObject({ totalSent: 1, totalExpired: 1 });
      // The console's OTP page reads the same.
      const consoleLog = await t.dashboard('GET', `/dashboard/otp/logs?organizationId=${org}`);
      expect(consoleLog.body.data[0]).toMatchObject({ id: requestId, status: 'expired' });
    } finally {
      t.server.jobs.start();
    }
    // The late job then stores it; the request reads the same.
    await t.server.jobs.runDue();
    expect((await get('/v1/otp/logs')).data[0]).toMatchObject({ id: requestId, status: 'expired' });
  });
  it('answers 404 for an unknown widget or request and 400 for a malformed body', async () => {
    expect((await send('14155550605', 'otpw_nope')).status).toBe(404);
    expect((await verify('otp_nope', '123456')).status).toBe(404);
    expect((await retry('otp_nope')).status).toBe(404);
    expect((await send('12345')).body.message).toContain('identifier');
    // A dialling prefix is not a country code: 0044… is not stored as a number of its own beside +44….
    expect((await send('00441234567890')).status).toBe(400);
    expect((await post('/v1/otp/verify', { requestId: 'x' })).body.message).toBe('Invalid body: otp: is required');
    expect((await post('/v1/otp/verify', { requestId: 'x', otp: 123456 })).body.message).toBe('Invalid body: otp: must be text, not a number');
    // Present but a number is not "missing": the message says what is wrong with it.
    const numeric = await post('/v1/otp/send', { widgetId, identifier: 14155550777 });
    expect([numeric.status, numeric.body.message]).toEqual([400, 'Invalid body: identifier: must be text, not a number']);
    expect((await post('/v1/otp/send', { widgetId })).body.message).toBe('Invalid body: identifier: is required');
  });

  it('refuses an id over 100 characters by its length, never echoing it back in a 404', async () => {
    const long = `otp_${'x'.repeat(100_000)}`;
    const refusals = [
      [await send('14155550606', long), 'Invalid body: widgetId: must be at most 100 characters'],
      [await verify(long, '123456'), 'Invalid body: requestId: must be at most 100 characters'],
      [await retry(long), 'Invalid body: requestId: must be at most 100 characters'],
      [await logs(`?widgetId=${'w'.repeat(5000)}`), 'Invalid query: widgetId: must be at most 100 characters'],
      [await t.request('GET', `/v1/otp/analytics?widgetId=${'w'.repeat(5000)}`, { token: key }), 'Invalid query: widgetId: must be at most 100 characters'],
    ] as const;
    for (const [res, message] of refusals) {
      expect([res.status, res.body]).toEqual([400, { statusCode: 400, error: 'Bad Request', message, code: 'VALIDATION_FAILED' }]);
    }
    expect((await inbox('14155550606')).length).toBe(0);
  });
  it('refuses a blocked contact with 409 and an unreachable handset with 400 NOT_DELIVERED, recording no request', async () => {
    const before = (await logs()).body.meta.total as number;
    const contact = t.server.services.contacts.resolveAddress(t.organizationId, 'sms', '+14155550606');
    const blocked = await post(`/v1/contacts/${contact.id}/block`, { reason: 'Asked to stop' });
    expect(blocked.status).toBe(200);
    const refused = await send('+14155550606');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONTACT_BLOCKED', reason: 'Asked to stop' });
    expect(await inbox('14155550606')).toEqual([]);
    const unreachable = await send('+15005550001');
    expect(unreachable.status).toBe(400);
    expect(unreachable.body).toMatchObject({ code: 'NOT_DELIVERED', message: expect.stringContaining('could not be delivered to +15005550001 over sms') });
    expect((await logs()).body.meta.total).toBe(before);
  });
  it('answers a send repeated with its Idempotency-Key from memory: one code, one request', async () => {
    const keyed = () => t.request('POST', '/v1/otp/send', { token: key, body: { widgetId, identifier: '+14155550607' }, headers: { 'idempotency-key': 'login-607' } });
    const first = await keyed();
    const again = await keyed();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await inbox('14155550607')).toHaveLength(1);
  });
});

describe('retry', () => {
  it('waits for the cooldown, sends a new code (the old one stops working) and stops at maxResends', async () => {
    const sent = await send('14155550611', bothId);
    const id = sent.body.requestId as string;
    const old = await lastCode('14155550611');
    const early = await retry(id);
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 30 });
    expect(early.headers.get('retry-after')).toBe('30');
    await t.advance(30);
    expect((await retry(id)).body).toEqual({ requestId: id });
    const fresh = await lastCode('14155550611');
    expect(fresh.channel).toBe('sms');
    if (fresh.code !== old.code) expect((await verify(id, old.code)).body.message).toContain('Invalid OTP');
    await t.advance(30);
    const overridden = await retry(id, 'whatsapp');
    expect(overridden.status).toBe(200);
    const onWhatsapp = await lastCode('14155550611');
    expect(onWhatsapp.channel).toBe('whatsapp');
    await t.advance(30);
    const tooMany = await retry(id);
    expect(tooMany.status).toBe(400);
    expect([tooMany.body.code, tooMany.body.message]).toEqual(['BAD_REQUEST', expect.stringContaining('maximum of 2 resends')]);
    expect(await logOf(id)).toMatchObject({ resends: 2, channel: 'whatsapp', status: 'sent' });
    expect((await verify(id, onWhatsapp.code)).status).toBe(200);
    expect((await retry(id)).body).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('already verified') });
  });
  it('says a count of one in the singular: wait 1 second, one resend every 1 second, a maximum of 1 resend', async () => {
    const quick = (await t.dashboard('POST', '/dashboard/otp-widgets', { name: 'Quick once', resendCooldownSeconds: 1, maxResends: 1 })).body.id as string;
    const id = (await send('14155550698', quick)).body.requestId as string;
    expect((await retry(id)).body.message).toBe('OTP resend cooldown: wait 1 second before retrying (the widget allows one resend every 1 second)');
    await t.advance(1);
    expect((await retry(id)).status).toBe(200);
    await t.advance(1);
    expect((await retry(id)).body.message).toBe(`OTP request ${id} has reached the widget's maximum of 1 resend; send a new OTP`);
  });
  it('refuses a channel the widget does not enable, naming the enabled ones', async () => {
    const sent = await send('14155550612');
    await t.advance(30);
    const res = await retry(sent.body.requestId, 'whatsapp');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('enabled channels: sms');
    expect((await retry(sent.body.requestId, 'email')).status).toBe(400);
  });
  it('retries over the widget\'s first channel when the request\'s own is no longer enabled', async () => {
    const widget = (await t.dashboard('POST', '/dashboard/otp-widgets', { name: 'Changing', channels: ['sms', 'whatsapp'], resendCooldownSeconds: 0 })).body.id as string;
    const sent = await send('14155550613', widget);
    expect((await lastCode('14155550613')).channel).toBe('sms');
    expect((await t.dashboard('PATCH', `/dashboard/otp-widgets/${widget}`, { channels: ['whatsapp'] })).status).toBe(200);
    expect((await retry(sent.body.requestId)).status).toBe(200);
    expect((await lastCode('14155550613')).channel).toBe('whatsapp');
    expect(await logOf(sent.body.requestId)).toMatchObject({ channel: 'whatsapp', resends: 1 });
  });
});

describe('hourly cap per identifier', () => {
  it('counts sends and retries, answers 429 with retryAfter, and resets an hour later', async () => {
    const phone = '14155550621';
    const first = await send(phone);
    await t.advance(30);
    expect((await retry(first.body.requestId)).status).toBe(200);
    await t.advance(30);
    expect((await retry(first.body.requestId)).status).toBe(200);
    expect((await send(phone)).status).toBe(200);
    await t.advance(60);
    const fifth = await send(phone);
    expect(fifth.status).toBe(200);
    const capped = await send(phone);
    expect(capped.status).toBe(429);
    expect(capped.body.message).toContain('at most 5 per hour');
    expect(capped.body.retryAfter).toBe(3600 - 120);
    await t.advance(30);
    const cappedRetry = await retry(fifth.body.requestId);
    expect(cappedRetry.status).toBe(429);
    expect(cappedRetry.body.retryAfter).toBe(3600 - 150);
    expect((await send('14155550622')).status).toBe(200);
    await t.advance(3600 - 150);
    expect((await send(phone)).status).toBe(200);
  });
});

describe('scopes', () => {
  it('refuse a key without the route scope with 403', async () => {
    const sendOnly = (await t.createKey({ scopes: ['otp:send'], rateLimitPerMinute: 10_000 })).key;
    const sent = await post('/v1/otp/send', { widgetId, identifier: '14155550641' }, sendOnly);
    expect(sent.status).toBe(200);
    const res = await post('/v1/otp/verify', { requestId: sent.body.requestId, otp: '123456' }, sendOnly);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Insufficient scope. Required: otp:verify');
    expect((await post('/v1/otp/verify-token', { accessToken: 'x' }, sendOnly)).status).toBe(403);
    for (const path of ['/v1/otp/logs', '/v1/otp/analytics']) expect((await t.request('GET', path, { token: sendOnly })).status, path).toBe(403);
    const verifyOnly = (await t.createKey({ scopes: ['otp:verify'], rateLimitPerMinute: 10_000 })).key;
    expect((await post('/v1/otp/send', { widgetId, identifier: '14155550641' }, verifyOnly)).status).toBe(403);
  });
});
