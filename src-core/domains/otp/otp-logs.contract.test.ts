// OTP logs and analytics over real HTTP: newest first, widget and status filters, pagination, the retry's new expiry,
// the analytics' totals and channel breakdown, for one organization's widgets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode as lastCodeOf } from '../../testing/otp-codes.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
const post = (path: string, body: unknown, token: string) => t.request('POST', path, { token, body });
const lastCode = (phone: string, org?: string) => lastCodeOf(t, phone, org);

beforeAll(async () => {
  t = await createTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('logs and analytics', () => {
  it('list newest first with widget and status filters and pagination', async () => {
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Logs' })).body.id as string;
    const k = (await t.createKey({ organizationId: org, rateLimitPerMinute: 10_000 })).key;
    await t.dashboard('POST', '/dashboard/wallet/top-up', { organizationId: org, amountPaise: 100_000 });
    const w1 = (await t.dashboard('POST', '/dashboard/otp-widgets', { organizationId: org, name: 'One', channels: ['whatsapp', 'sms'] })).body.id as string;
    const w2 = (await t.dashboard('POST', '/dashboard/otp-widgets', { organizationId: org, name: 'Two' })).body.id as string;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await post('/v1/otp/send', { widgetId: w1, identifier: `1415555063${i}` }, k)).body.requestId);
      await t.advance(1);
    }
    const onSms = (await post('/v1/otp/send', { widgetId: w2, identifier: '14155550639' }, k)).body.requestId as string;
    const code = (await lastCode('14155550630', org)).code;
    expect((await post('/v1/otp/verify', { requestId: ids[0], otp: code }, k)).status).toBe(200);
    const smsCode = (await lastCode('14155550639', org)).code;
    expect((await post('/v1/otp/verify', { requestId: onSms, otp: smsCode }, k)).status).toBe(200);
    for (let i = 0; i < 3; i++) await post('/v1/otp/verify', { requestId: ids[1], otp: 'x' }, k);
    await t.advance(30);
    await post('/v1/otp/retry', { requestId: ids[2], channel: 'sms' }, k);

    const get = (q: string) => t.request('GET', `/v1/otp/logs${q}`, { token: k });
    const all = await get('');
    expect(all.body.meta).toEqual({ total: 4, page: 1, limit: 50, totalPages: 1 });
    expect(all.body.data.map((l: { id: string }) => l.id)).toEqual([onSms, ids[2], ids[1], ids[0]]);
    expect(all.body.data[1]).toEqual({
      id: ids[2], widgetId: w1, identifier: '+14155550632', channel: 'sms', status: 'sent', attempts: 0, resends: 1, sentAt: expect.any(String), verifiedAt: null,
      expiresAt: expect.any(String),
    });
    // A retry restarts the expiry: sent at +2 s, retried at +33 s, the code lasts the widget's 300 s from then.
    const retried = all.body.data[1];
    expect(Date.parse(retried.expiresAt) - Date.parse(retried.sentAt)).toBe(31_000 + 300_000);
    expect((await get(`?widgetId=${w1}`)).body.meta.total).toBe(3);
    expect((await get('?status=verified')).body.data.map((l: { id: string }) => l.id)).toEqual([onSms, ids[0]]);
    expect((await get(`?status=blocked&widgetId=${w1}`)).body.data.map((l: { id: string }) => l.id)).toEqual([ids[1]]);
    const page2 = await get('?limit=3&page=2');
    expect(page2.body.meta).toEqual({ total: 4, page: 2, limit: 3, totalPages: 2 });
    expect(page2.body.data.map((l: { id: string }) => l.id)).toEqual([ids[0]]);
    expect((await get('?limit=500')).body.meta.limit).toBe(100);
    expect((await get('?status=pending')).status).toBe(400);

    await t.advance(300);
    const analytics = await t.request('GET', '/v1/otp/analytics', { token: k });
    expect(analytics.status).toBe(200);
    expect(analytics.body).toEqual({
      totalSent: 4, totalVerified: 2, totalExpired: 1, totalBlocked: 1, successRate: 50,
      channelBreakdown: { sms: { sent: 2, verified: 1 }, whatsapp: { sent: 3, verified: 1 } },
    });
    const one = await t.request('GET', `/v1/otp/analytics?widgetId=${w1}`, { token: k });
    expect(one.body).toMatchObject({ totalSent: 3, totalVerified: 1, successRate: 33.33, channelBreakdown: { sms: { sent: 1, verified: 0 }, whatsapp: { sent: 3, verified: 1 } } });
    const w3 = (await t.dashboard('POST', '/dashboard/otp-widgets', { organizationId: org, name: 'Empty' })).body.id as string;
    expect((await t.request('GET', `/v1/otp/analytics?widgetId=${w3}`, { token: k })).body).toMatchObject({ totalSent: 0, successRate: 0 });
    expect((await t.request('GET', '/v1/otp/analytics?widgetId=otpw_nope', { token: k })).status).toBe(404);
    expect((await t.dashboard('GET', `/dashboard/otp/logs?organizationId=${org}`)).body.meta.total).toBe(4);
    // An empty widgetId is no filter, an unknown one a 404, in the log as in the analytics.
    expect((await get('?widgetId=')).body.meta.total).toBe(4);
    expect((await t.request('GET', '/v1/otp/analytics?widgetId=', { token: k })).body.totalSent).toBe(4);
    expect((await get('?widgetId=otpw_nope')).status).toBe(404);
  });
});
