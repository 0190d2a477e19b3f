// SMS over real HTTP: DLT senders and templates reviewed on the clock, sends that must match a
// template and are checked whole first, logs with filters, stats, and unified-send fallback to SMS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const SENDER_ID_FORM = 'must be a sender id: 6 capital letters (a DLT header), e.g. ACMEIN';
const OTP_TEMPLATE = 'Your order {#var#} has shipped. Track it at {#var#} - ACME';
const send = (body: unknown) => t.request('POST', '/v1/sms/send', { token: key, body });
const shipped = (to: string[], extra: Record<string, unknown> = {}) => ({ senderId: 'ACMEIN', to, message: 'Your order #1001 has shipped. Track it at acme.in/t/1001 - ACME', ...extra });

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 10_000 });
  expect((await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' })).status).toBe(201);
  await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'REJECT', entityId: '1201160000000000002' });
  expect((await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Order shipped', dltTemplateId: '1207160000000000001', body: OTP_TEMPLATE })).status).toBe(201);
  await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Rejected promo', dltTemplateId: '1207160000000000002', body: 'Sale {#var#}', route: 'promotional' });
  await t.dashboard('POST', '/dashboard/whatsapp/templates', { name: 'hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}' }] });
});
afterAll(async () => {
  await t.close();
});

describe('senders and templates', () => {
  it('start PENDING, are reviewed 60 s later, and list with filters and defaults', async () => {
    const pending = await t.request('GET', '/v1/sms/templates?status=PENDING', { token: key });
    expect(pending.body.meta).toMatchObject({ total: 2, limit: 20 });
    await t.advance(60);
    const templates = await t.request('GET', '/v1/sms/templates', { token: key });
    expect(Object.fromEntries(templates.body.data.map((x: { name: string; status: string }) => [x.name, x.status]))).toEqual({ 'Order shipped': 'APPROVED', 'Rejected promo': 'REJECTED' });
    expect(templates.body.data[1]).toMatchObject({ id: expect.stringMatching(/^smt_/), dltTemplateId: '1207160000000000001', body: OTP_TEMPLATE, route: 'transactional' });
    const senders = await t.request('GET', '/v1/sms/senders', { token: key });
    expect(senders.body.data.map((x: { senderId: string; status: string }) => [x.senderId, x.status])).toEqual([['REJECT', 'REJECTED'], ['ACMEIN', 'APPROVED']]);
    expect((await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' })).status).toBe(409);
    expect((await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'acme', entityId: '1' })).status).toBe(400);
    expect((await t.dashboard('POST', '/dashboard/sms/templates', { name: 'x', dltTemplateId: '1207160000000000009', body: 'Hi {#name#}' })).status).toBe(400);
  });
  it('a rejected DLT template is submitted again under its DLT id (same template, reviewed anew); a pending or approved one is 409', async () => {
    const dltTemplateId = '1207160000000000003';
    const first = await t.dashboard('POST', '/dashboard/sms/templates', { name: 'REJ weekly', dltTemplateId, body: 'Weekly digest {#var#} - ACME', route: 'promotional' });
    expect(first.status).toBe(201);
    const pendingAgain = await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Weekly', dltTemplateId, body: 'Weekly digest {#var#} - ACME' });
    expect([pendingAgain.status, pendingAgain.body.message]).toEqual([409, `DLT template ${dltTemplateId} is already registered (PENDING)`]);
    await t.advance(61);
    const listed = async () => (await t.request('GET', '/v1/sms/templates?limit=100', { token: key })).body.data.filter((x: { dltTemplateId: string }) => x.dltTemplateId === dltTemplateId);
    expect(await listed()).toEqual([expect.objectContaining({ id: first.body.id, status: 'REJECTED' })]);
    const again = await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Weekly', dltTemplateId, body: 'Weekly digest: {#var#} - ACME', route: 'promotional' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ ...first.body, name: 'Weekly', body: 'Weekly digest: {#var#} - ACME', status: 'PENDING' });
    await t.advance(61);
    expect(await listed()).toEqual([{ ...again.body, status: 'APPROVED' }]);
    const approvedAgain = await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Weekly 2', dltTemplateId, body: 'Weekly {#var#}' });
    expect([approvedAgain.status, approvedAgain.body.message]).toEqual([409, `DLT template ${dltTemplateId} is already registered (APPROVED)`]);
  });
  it('a rejected sender id is submitted again with its entity id (same sender id, reviewed anew: approved when the entity id was corrected, rejected again when not); a pending or approved one is 409', async () => {
    const first = await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'REJHDR', entityId: '1201160000000000010' });
    expect(first.status).toBe(201);
    const pendingAgain = await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'REJHDR', entityId: '1201160000000000011' });
    expect([pendingAgain.status, pendingAgain.body.message]).toEqual([409, 'Sender id REJHDR is already registered (PENDING)']);
    await t.advance(61);
    const listed = async () => (await t.request('GET', '/v1/sms/senders?limit=100', { token: key })).body.data.filter((x: { senderId: string }) => x.senderId === 'REJHDR');
    expect(await listed()).toEqual([{ ...first.body, status: 'REJECTED' }]);
    const again = await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'REJHDR', entityId: '1201160000000000011' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ ...first.body, entityId: '1201160000000000011', status: 'PENDING' });
    expect(await listed()).toEqual([again.body]);
    // The simulated platform rejects a "REJ…" header for its entity id: resubmitted with the same one, rejected again;
    // with a corrected one, approved.
    await t.advance(61);
    expect(await listed()).toEqual([{ ...again.body, status: 'APPROVED' }]);
    await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'REJSAM', entityId: '1201160000000000020' });
    await t.advance(61);
    const same = await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'REJSAM', entityId: '1201160000000000020' });
    expect([same.status, same.body.status]).toEqual([201, 'PENDING']);
    await t.advance(61);
    const sameListed = (await t.request('GET', '/v1/sms/senders?limit=100', { token: key })).body.data.find((x: { senderId: string }) => x.senderId === 'REJSAM');
    expect(sameListed.status).toBe('REJECTED');
    const approvedAgain = await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' });
    expect([approvedAgain.status, approvedAgain.body.message]).toEqual([409, 'Sender id ACMEIN is already registered (APPROVED)']);
  });
});

describe('POST /v1/sms/send', () => {
  it('sends one SMS per recipient through the shared path: billed, on the handsets, delivered with the clock', async () => {
    const res = await send(shipped(['+14155550501', '919810000501']));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'sent', recipients: 2, externalIds: [expect.stringMatching(/^sms_/), expect.stringMatching(/^sms_/)],
      results: ['+14155550501', '+919810000501'].map((to, i) => ({ to, status: 'sent', externalId: res.body.externalIds[i], errorCode: null, error: null })),
    });
    const handset = await t.dashboard('GET', '/sim/handsets/919810000501/messages');
    expect(handset.body.data[0]).toMatchObject({ channel: 'sms', from: 'ACMEIN', text: shipped([]).message });
    expect((await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise).toBe(10_000 - 2 * 25);
    await t.advance(2);
    const logs = await t.request('GET', '/v1/sms/logs?status=delivered', { token: key });
    expect(logs.body.meta.total).toBe(2);
    expect(logs.body.data[0]).toMatchObject({ direction: 'outbound', route: 'transactional', senderId: 'ACMEIN', source: 'API', deliveredAt: expect.any(String), errorCode: null });
  });
  it('refuses a message that matches no approved template, an unknown or unapproved sender, a bad route, with 400 and nothing sent', async () => {
    const cases: Array<[unknown, string]> = [
      [shipped(['+14155550502'], { message: 'Free money!!!' }), 'does not match any approved'],
      [shipped(['+14155550502'], { message: OTP_TEMPLATE }), 'message still holds a {#var#} placeholder'],
      [shipped(['+14155550502'], { message: 'Your order #1001 has shipped. Track it at {#var#} - ACME', templateId: '1207160000000000001' }), 'still holds a {#var#}'],
      [shipped(['+14155550502'], { message: `Your order ${'x'.repeat(31)} has shipped. Track it at a - ACME` }), 'follows the DLT template Order shipped, but a {#var#} value is longer than 30 characters'],
      [shipped(['+14155550502'], { message: `Your order ${'x'.repeat(31)} has shipped. Track it at a - ACME`, templateId: '1207160000000000001' }), 'longer than 30 characters'],
      [shipped(['+14155550502'], { message: 'Your order #1001 has shipped.', templateId: '1207160000000000001' }), 'does not match the DLT template Order shipped'],
      [shipped(['+14155550502'], { senderId: 'NOSUCH' }), 'not registered'],
      [shipped(['+14155550502'], { senderId: 'REJECT' }), 'REJECTED'],
      [shipped(['+14155550502'], { route: 'promotional' }), 'promotional'],
      [shipped(['+14155550502'], { templateId: '1207160000000000002' }), 'REJECTED'],
      [shipped([]), 'at least one'],
      [shipped(['12']), 'phone'],
      [shipped(['00447700900123']), 'to.0: must be a phone number in international format: the country code, then the number'],
    ];
    for (const [body, message] of cases) {
      const res = await send(body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await t.dashboard('GET', '/sim/handsets/+14155550502/messages')).body.data).toEqual([]);
  });
  it('checks the form of senderId first (a DLT header: 6 capital letters): a malformed one is a 400 naming the field, not "not registered"', async () => {
    const expected = { statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED', message: `Invalid body: senderId: ${SENDER_ID_FORM}` };
    for (const senderId of ['ab', 'TOOLONGID', 'abc123', 'acmein', 'ACME1N', ' ', '', 'x'.repeat(1000)]) {
      const res = await send(shipped(['+14155550502'], { senderId }));
      expect([res.status, res.body], senderId.slice(0, 10)).toEqual([400, expected]);
    }
    // Registering one takes the same form, with the same words.
    const registered = await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'acme', entityId: '1201160000000000003' });
    expect([registered.status, registered.body.message]).toEqual([400, `Invalid body: senderId: ${SENDER_ID_FORM}`]);
    expect((await t.dashboard('GET', '/sim/handsets/+14155550502/messages')).body.data).toEqual([]);
  });
  it('refuses the whole send when one recipient is blocked (409 with the reason) or the wallet cannot pay for all', async () => {
    const contact = t.server.services.contacts.resolveAddress(t.organizationId, 'sms', '+14155550503');
    t.server.services.contacts.block(t.organizationId, contact.id, 'Asked to stop');
    const blocked = await send(shipped(['+14155550504', '+14155550503']));
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({ code: 'CONTACT_BLOCKED', reason: 'Asked to stop' });
    expect((await t.dashboard('GET', '/sim/handsets/+14155550504/messages')).body.data).toEqual([]);
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Poor' })).body.id;
    const poorKey = (await t.createKey({ organizationId: org })).key;
    const poor = await t.request('POST', '/v1/sms/send', { token: poorKey, body: shipped(['+14155550505']) });
    expect(poor.status).toBe(400);
  });
  it('reports partial sends when a handset fails', async () => {
    const res = await send(shipped(['+14155550506', '+15005550001']));
    expect(res.body).toMatchObject({ status: 'partially_sent', recipients: 1 });
    expect(res.body.results).toEqual([
      { to: '+14155550506', status: 'sent', externalId: res.body.externalIds[0], errorCode: null, error: null },
      { to: '+15005550001', status: 'failed', externalId: null, errorCode: 'SIM_UNREACHABLE', error: expect.any(String) },
    ]);
    expect((await t.request('GET', '/v1/sms/logs?status=failed', { token: key })).body.data[0]).toMatchObject({ phone: '+15005550001', errorCode: 'SIM_UNREACHABLE' });
  });
});

describe('stats and inbound', () => {
  it('counts per day and in total, and logs inbound messages', async () => {
    await t.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+14155550501', text: 'STOP' });
    const inbound = await t.request('GET', '/v1/sms/logs?direction=inbound', { token: key });
    expect(inbound.body.data[0]).toMatchObject({ direction: 'inbound', status: 'received', body: 'STOP', phone: '+14155550501', senderId: null });
    const stats = await t.request('GET', '/v1/sms/stats', { token: key });
    expect(stats.body.totals).toMatchObject({ sent: 3, delivered: 2, failed: 1 });
    expect(stats.body.totals.deliveryRate).toBe(50);
    // A point for every UTC day of the range (the default: the 30 days up to now, 31 dates), zeros on a day without traffic.
    const now = (await t.dashboard('GET', '/sim/clock')).body.now as string;
    const dates = Array.from({ length: 31 }, (_, i) => new Date(Date.parse(`${now.slice(0, 10)}T00:00:00Z`) - (30 - i) * 86_400_000).toISOString().slice(0, 10));
    expect(stats.body.dataPoints).toEqual(dates.map((date) => (date === now.slice(0, 10) ? { date, sent: 3, delivered: 2, failed: 1 } : { date, sent: 0, delivered: 0, failed: 0 })));
    for (const path of ['/v1/sms/stats', '/v1/sms/logs']) {
      const backwards = await t.request('GET', `${path}?start=2030-01-01T00:00:00Z&end=2029-01-01T00:00:00Z`, { token: key });
      expect([backwards.status, backwards.body.message]).toEqual([400, 'Invalid query: end: must not be before start']);
    }
    expect((await t.request('GET', '/v1/sms/logs?start=yesterday', { token: key })).status).toBe(400);
    // A calendar date is ISO 8601 too: as a start it is the day's first moment, as an end its last, so one date is one day.
    const today = ((await t.dashboard('GET', '/sim/clock')).body.now as string).slice(0, 10);
    const day = await t.request('GET', `/v1/sms/stats?start=${today}&end=${today}`, { token: key });
    expect([day.status, day.body.totals]).toEqual([200, stats.body.totals]);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await t.request('GET', `/v1/sms/stats?start=${tomorrow}&end=${tomorrow}`, { token: key })).body).toEqual({
      dataPoints: [{ date: tomorrow, sent: 0, delivered: 0, failed: 0 }], totals: { sent: 0, delivered: 0, failed: 0, deliveryRate: 0 },
    });
    // At most 366 days (a leap year whole), one point each; a longer range is 400, not a million points.
    const leapYear = await t.request('GET', '/v1/sms/stats?start=2028-01-01&end=2028-12-31', { token: key });
    expect([leapYear.status, leapYear.body.dataPoints.length, leapYear.body.dataPoints.at(-1)]).toEqual([200, 366, { date: '2028-12-31', sent: 0, delivered: 0, failed: 0 }]);
    for (const path of ['/v1/sms/stats', '/v1/rcs/stats']) {
      const long = await t.request('GET', `${path}?start=2028-01-01&end=2029-01-01`, { token: key });
      expect([long.status, long.body.message], path).toEqual([400, 'start to end spans 367 days; the stats give one data point per day, for at most 366 days: ask for a shorter range']);
    }
    const sinceLongAgo = await t.request('GET', '/v1/sms/stats?start=2000-01-01', { token: key });
    expect([sinceLongAgo.status, sinceLongAgo.body.message]).toEqual([400, expect.stringMatching(/^start to end \(now, when no end is given\) spans [\d,]+ days/)]);
    // A start after now with no end (which is now): nothing in that range, as the logs answer it, not "start must be before end".
    for (const path of ['/v1/sms/stats', '/v1/rcs/stats']) {
      const ahead = await t.request('GET', `${path}?start=${tomorrow}`, { token: key });
      expect([ahead.status, ahead.body], path).toEqual([200, { dataPoints: [], totals: { sent: 0, delivered: 0, failed: 0, deliveryRate: 0 } }]);
    }
    expect((await t.request('GET', `/v1/sms/logs?start=${tomorrow}`, { token: key })).body.meta.total).toBe(0);
    expect((await t.request('GET', `/v1/sms/logs?end=${today}&direction=inbound`, { token: key })).body.data[0]).toMatchObject({ body: 'STOP' });
    expect((await t.request('GET', '/v1/sms/logs?start=2026-02-30', { token: key })).body.message).toBe('Invalid query: start: must be an ISO 8601 date-time or a date YYYY-MM-DD');
    // A date-time without its zone is no moment: told to give the zone, not that it is no date-time.
    expect((await t.request('GET', '/v1/sms/logs?end=2026-02-01T10:00:00', { token: key })).body.message).toBe('Invalid query: end: must give its time zone, such as Z or +05:30');
  });
});

describe('unified send with SMS', () => {
  it('falls back from a failing WhatsApp to SMS through the SMS path', async () => {
    await t.advance(60);
    const res = await t.request('POST', '/v1/messages/send', {
      token: key,
      body: { to: '+15005550002', channel: 'whatsapp', fallbackChannels: ['sms'], template: { name: 'hello', languageCode: 'en', variables: { 1: 'A' } },
        message: shipped([]).message, sms: { senderId: 'ACMEIN' } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'sent', channelUsed: 'sms', attempts: [{ channel: 'whatsapp', status: 'failed' }, { channel: 'sms', status: 'sent' }] });
    const missing = await t.request('POST', '/v1/messages/send', { token: key, body: { to: '+14155550507', channel: 'sms' } });
    expect(missing.body).toEqual({ message: 'Missing required fields: sms: message, sms.senderId' });
    const all = await t.request('POST', '/v1/messages/send', {
      token: key, body: { to: '+15005550001', channel: 'sms', message: shipped([]).message, sms: { senderId: 'ACMEIN' } },
    });
    expect(all.status).toBe(502);
  });
});

describe('Idempotency-Key', () => {
  it('ten concurrent repeats of one send wait for the first and all get its answer: one message, one charge', async () => {
    const before = (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;
    const body = shipped(['+14155550520']);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.request('POST', '/v1/sms/send', { token: key, body, headers: { 'idempotency-key': 'sms-concurrent' } })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    expect(await t.handset('+14155550520')).toHaveLength(1);
    expect((await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise).toBe(before - 25);
  });
});

// Last: these sends would change the counts the tests above read.
describe('concurrency', () => {
  it('is all or nothing against requests running alongside: a block or a wallet drained meanwhile refuses the whole send', async () => {
    const handset = async (phone: string) => (await t.dashboard('GET', `/sim/handsets/${phone}/messages`)).body.data.length as number;
    // A recipient blocked while the send runs: the answer and the handsets agree (it sent both, or neither).
    for (let i = 0; i < 20; i++) {
      const [first, second] = [`+1415560${String(i).padStart(4, '0')}`, `+1415570${String(i).padStart(4, '0')}`];
      const contactId = (await t.dashboard('POST', '/sim/inbound', { channel: 'sms', from: second, text: 'Hi' })).body.contactId as string;
      const [sent] = await Promise.all([send(shipped([first, second])), t.request('POST', `/v1/contacts/${contactId}/block`, { token: key, body: {} })]);
      expect([sent.status, await handset(first)]).toEqual(sent.status === 200 ? [200, 1] : [409, 0]);
    }
    // Two sends of two recipients against a wallet that pays for three: one sends both, the other nothing.
    const wallet = async () => (await t.dashboard('GET', '/dashboard/wallet')).body;
    const { balancePaise, prices } = await wallet();
    await t.dashboard('PUT', '/dashboard/wallet/prices', { prices: { sms: Math.floor(balancePaise / 3) } });
    const phones = ['+14155580001', '+14155580002', '+14155580003', '+14155580004'];
    const answers = await Promise.all([send(shipped(phones.slice(0, 2))), send(shipped(phones.slice(2)))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.findIndex((a) => a.status === 400);
    expect(answers[refused]?.body.code).toBe('INSUFFICIENT_BALANCE');
    expect(await Promise.all(phones.map(handset))).toEqual(refused === 0 ? [0, 0, 1, 1] : [1, 1, 0, 0]);
    expect((await wallet()).balancePaise).toBe(balancePaise - 2 * Math.floor(balancePaise / 3));
    await t.dashboard('PUT', '/dashboard/wallet/prices', { prices });
    await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 10_000 });
  });
});
