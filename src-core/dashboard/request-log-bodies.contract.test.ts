// A failed request's bodies in the request log (GET /dashboard/request-log/{id}): the request's JSON and the answer's,
// secrets redacted, a voice identity's phone (stored sealed) masked, capped at 8,192 characters with a marker; nothing
// kept for a successful request, nor on the stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
let key: { id: string; key: string };
const wa = { name: 'hello', languageCode: 'en', variables: { 1: 'Alice' } };

beforeAll(async () => {
  t = await createTestServer();
  key = await t.createKey({ name: 'bodies', rateLimitPerMinute: 10_000 });
  t.server.services.wallet.topUp(t.organizationId, { amountPaise: 100_000 });
  await t.request('POST', '/v1/whatsapp/templates', {
    token: key.key, body: { name: 'hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}' }] },
  });
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

type Detail = { id: string; statusCode: number; errorCode: string | null; requestBody: string | null; responseBody: string | null };
/** The newest entry of `endpoint`, read whole through its detail route. */
async function newest(endpoint: string): Promise<Detail> {
  const list = await t.dashboard('GET', `/dashboard/request-log?keyId=${key.id}&path=${encodeURIComponent(endpoint)}&limit=1`);
  const entry = list.body.data[0] as { id: string; requestBody?: unknown; responseBody?: unknown };
  // The list (and the stream) carry no bodies: only the detail does.
  expect(Object.keys(entry)).not.toContain('responseBody');
  const detail = await t.dashboard('GET', `/dashboard/request-log/${entry.id}`);
  expect(detail.status).toBe(200);
  return detail.body as Detail;
}

describe('the request log keeps a failed request\'s bodies', () => {
  it('a unified send that fails on every channel: the request as sent and the 502 with its attempts; the key is nowhere', async () => {
    const sent = { to: '+15005550001', channel: 'whatsapp', template: wa };
    const res = await t.request('POST', '/v1/messages/send', { token: key.key, body: sent });
    expect(res.status).toBe(502);
    const detail = await newest('/v1/messages/send');
    expect(detail).toMatchObject({ statusCode: 502, errorCode: 'BAD_GATEWAY' });
    expect(JSON.parse(detail.requestBody ?? '')).toEqual(sent);
    const answered = JSON.parse(detail.responseBody ?? '') as { message: string; attempts: Array<{ channel: string; error: string }> };
    expect(answered).toEqual(res.body);
    expect(answered.attempts).toEqual([{ channel: 'whatsapp', status: 'failed', error: expect.stringContaining('unreachable'), code: null, errorCode: 'SIM_UNREACHABLE' }]);
    expect(`${detail.requestBody}${detail.responseBody}`).not.toContain(key.key);
  });

  it('keeps nothing of a successful request', async () => {
    const res = await t.request('POST', '/v1/messages/send', { token: key.key, body: { to: '+14155550444', channel: 'whatsapp', template: wa } });
    expect(res.status).toBe(200);
    expect(await newest('/v1/messages/send')).toMatchObject({ statusCode: 200, requestBody: null, responseBody: null });
  });

  it('redacts secrets, and cuts a long body at 8,192 characters with a marker', async () => {
    const res = await t.request('POST', '/v1/otp/verify', { token: key.key, body: { requestId: 'otp_missing', otp: '482913' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const verify = await newest('/v1/otp/verify');
    expect(JSON.parse(verify.requestBody ?? '')).toEqual({ requestId: 'otp_missing', otp: '[redacted]' });

    const long = await t.request('POST', '/v1/messages/send', { token: key.key, body: { to: 'x'.repeat(20_000), password: 'hunter2', nested: [{ apiKey: 'sk_live_x' }] } });
    expect(long.status).toBe(400);
    const contact = await newest('/v1/messages/send');
    expect(contact.requestBody).toHaveLength(8_192);
    expect(contact.requestBody?.endsWith('… [truncated]')).toBe(true);
    expect(contact.requestBody).not.toContain('hunter2');
    expect(contact.responseBody).toContain('"message"');
    // What is past the cut is not kept, secrets or not; a short body keeps its redacted fields in place.
    const short = await t.request('POST', '/v1/messages/send', { token: key.key, body: { to: 7, password: 'hunter2', nested: [{ apiKey: 'sk_live_x' }] } });
    expect(short.status).toBe(400);
    expect(JSON.parse((await newest('/v1/messages/send')).requestBody ?? '')).toEqual({ to: 7, password: '[redacted]', nested: [{ apiKey: '[redacted]' }] });
  });

  it('answers 404 for an entry it does not have', async () => {
    const res = await t.dashboard('GET', '/dashboard/request-log/req_unknown');
    expect([res.status, res.body.message]).toEqual([404, 'Request-log entry req_unknown not found (entries are kept for 30 days)']);
  });
});

describe('a voice identity\'s phone is stored sealed, so the log keeps it masked, never whole', () => {
  const upsert = (body: unknown) => t.request('POST', '/v1/voice/app/identities', { token: key.key, body });
  /** The whole stored entry (every field the detail route answers) holds none of the phone's hidden digits. */
  const expectNoWholePhone = (detail: Detail, hiddenDigits: string) => expect(JSON.stringify(detail)).not.toContain(hiddenDigits);

  it('a refused upsert (409, a role change in an active session) keeps its phone masked as answers show it', async () => {
    expect((await upsert({ externalId: 'log_pro', role: 'PRO' })).status).toBe(201);
    expect((await upsert({ externalId: 'log_cust', role: 'CUSTOMER' })).status).toBe(201);
    const session = await t.request('POST', '/v1/voice/app/sessions', { token: key.key, body: { externalRef: 'log_booking', proExternalId: 'log_pro', customerExternalId: 'log_cust' } });
    expect(session.status).toBe(201);
    const refused = await upsert({ externalId: 'log_pro', role: 'CUSTOMER', displayName: 'Dana Lee', phone: '+16288670188' });
    expect(refused.status).toBe(409);
    const detail = await newest('/v1/voice/app/identities');
    expect(detail).toMatchObject({ statusCode: 409, errorCode: 'CONFLICT' });
    expect(JSON.parse(detail.requestBody ?? '')).toEqual({ externalId: 'log_pro', role: 'CUSTOMER', displayName: 'Dana Lee', phone: '+1******0188' });
    expectNoWholePhone(detail, '628867');
  });

  it('a 400 keeps a malformed phone\'s shape with only its last four digits, null as sent, and a phone that is not text not at all', async () => {
    expect((await upsert({ externalId: 'log_x', role: 'PRO', phone: '(628) 867-0199', extra: 1 })).status).toBe(400);
    const malformed = await newest('/v1/voice/app/identities');
    expect(JSON.parse(malformed.requestBody ?? '')).toMatchObject({ phone: '(***) ***-0199' });
    expectNoWholePhone(malformed, '628');
    expect((await upsert({ externalId: 'log x', role: 'PRO', phone: null })).status).toBe(400);
    expect(JSON.parse((await newest('/v1/voice/app/identities')).requestBody ?? '')).toEqual({ externalId: 'log x', role: 'PRO', phone: null });
    expect((await upsert({ externalId: 'log_x', role: 'PRO', phone: 16288670177 })).status).toBe(400);
    const number = await newest('/v1/voice/app/identities');
    expect(JSON.parse(number.requestBody ?? '')).toMatchObject({ phone: '[redacted]' });
    expectNoWholePhone(number, '628867');
  });

  it('masks only where the route stores the field sealed, and keeps no request body of a request no route took', async () => {
    // A unified send's `to` is no secret (the message keeps it in the clear): its failed request shows it whole.
    await t.request('POST', '/v1/messages/send', { token: key.key, body: { to: '+15005550001', channel: 'whatsapp', template: wa } });
    expect(JSON.parse((await newest('/v1/messages/send')).requestBody ?? '')).toMatchObject({ to: '+15005550001' });
    // No route says which of a PATCH's fields are sealed (identities are changed by POST): nothing it sent is kept.
    const patched = await t.request('PATCH', '/v1/voice/app/identities/log_pro', { token: key.key, body: { phone: '+16288670166' } });
    // The path is known (GET, HEAD, DELETE), its PATCH is not: 405, and still no route's rule for the body.
    expect(patched.status).toBe(405);
    const unrouted = await newest('/v1/voice/app/identities/log_pro');
    expect(unrouted).toMatchObject({ statusCode: 405, errorCode: 'METHOD_NOT_ALLOWED', requestBody: null });
    expect(unrouted.responseBody).toContain('this path takes GET, HEAD, DELETE');
    expectNoWholePhone(unrouted, '628867');
  });
});
