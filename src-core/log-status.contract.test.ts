// The `status` filter of every log route that has one (SMS, WhatsApp, OTP) matches the current status, and takes
// a comma-separated list: a message read after it was delivered is `read`, so deliveries are `status=delivered,read`,
// the same messages the SMS stats count as delivered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer;
let key: string;
const get = async (path: string) => t.request('GET', path, { token: key });
const total = async (path: string) => {
  const res = await get(path);
  expect(res.status).toBe(200);
  return res.body.meta.total as number;
};

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 10_000 });
  await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' });
  await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Shipped', dltTemplateId: '1207160000000000001', body: 'Your order {#var#} has shipped - ACME' });
  await t.dashboard('POST', '/dashboard/whatsapp/templates', { name: 'hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}' }] });
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

describe('a log\'s status filter', () => {
  it('SMS: 10 s after a send the messages are read; status=delivered,read finds every delivery the stats count', async () => {
    const sent = await t.request('POST', '/v1/sms/send', { token: key, body: { senderId: 'ACMEIN', to: ['+14155550601', '+14155550602', '+15005550001'], message: 'Your order #1 has shipped - ACME' } });
    expect(sent.body.status).toBe('partially_sent');
    await t.advance(11);
    expect(await total('/v1/sms/logs?status=delivered')).toBe(0);
    expect(await total('/v1/sms/logs?status=read')).toBe(2);
    expect(await total('/v1/sms/logs?status=delivered,read')).toBe(2);
    expect(await total('/v1/sms/logs?status=delivered,%20read,read')).toBe(2);
    expect(await total('/v1/sms/logs?status=read,failed&direction=outbound')).toBe(3);
    const stats = await get('/v1/sms/stats');
    expect(stats.body.totals).toMatchObject({ sent: 2, delivered: 2, failed: 1 });
    const logs = await get('/v1/sms/logs?status=delivered,read');
    expect(logs.body.data.every((log: { deliveredAt: string | null }) => log.deliveredAt !== null)).toBe(true);
  });

  it('WhatsApp: the same list', async () => {
    const send = await t.request('POST', '/v1/whatsapp/send-template', { token: key, body: {
      to: '14155550603', templateName: 'hello', languageCode: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: 'A' }] }],
    } });
    expect(send.status).toBe(200);
    await t.advance(2);
    expect(await total('/v1/whatsapp/logs?status=delivered')).toBe(1);
    await t.advance(8);
    expect(await total('/v1/whatsapp/logs?status=delivered')).toBe(0);
    expect(await total('/v1/whatsapp/logs?status=delivered,read')).toBe(1);
  });

  it('OTP: the same list', async () => {
    const widgetId = (await t.dashboard('POST', '/dashboard/otp-widgets', { name: 'Login' })).body.id;
    expect((await t.request('POST', '/v1/otp/send', { token: key, body: { widgetId, identifier: '+14155550604' } })).status).toBe(200);
    expect(await total('/v1/otp/logs?status=sent,expired')).toBe(1);
    expect(await total('/v1/otp/logs?status=verified,blocked')).toBe(0);
  });

  it('refuses an unknown status in the list, an empty one and a repeated parameter, naming the form', async () => {
    const bad = await get('/v1/sms/logs?status=delivered,delivred');
    expect([bad.status, bad.body.message]).toEqual([400,
      'Invalid query: status: must be one of: queued, sent, delivered, read, failed, received, or several of them separated by commas (status=delivered,read): "delivred" is not']);
    expect((await get('/v1/whatsapp/logs?status=delivered,')).body.message).toMatch(/^Invalid query: status: must be one of: sent, .*: "" is not$/);
    expect((await get('/v1/otp/logs?status=pending')).status).toBe(400);
    const repeated = await get('/v1/whatsapp/logs?status=delivered&status=read');
    expect([repeated.status, repeated.body.message]).toEqual([400,
      'Invalid query: status: must be one of: sent, delivered, read, failed, received, or several of them separated by commas (status=delivered,read), not a repeated parameter']);
  });

  it('quotes back at most 3 unknown statuses, each cut at 40 characters: a 16 KiB query made a 16 KB message', async () => {
    const long = await get(`/v1/sms/logs?status=${'a'.repeat(10_000)}`);
    expect([long.status, long.body.message]).toEqual([400,
      `Invalid query: status: must be one of: queued, sent, delivered, read, failed, received, or several of them separated by commas (status=delivered,read): "${'a'.repeat(40)}…" is not`]);
    const many = await get(`/v1/otp/logs?status=${Array.from({ length: 2_000 }, (_, i) => `s${i}`).join(',')}`);
    expect(many.body.message).toMatch(/: "s0", "s1", "s2" and 1997 more are not$/);
    expect(many.body.message.length).toBeLessThan(300);
  });
});
