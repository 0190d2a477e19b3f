// WhatsApp campaigns over real HTTP: create (DRAFT) with every check, launch now or on the schedule,
// dispatch on the clock with contact-mapped variables, blocked and failing recipients refunded, cancel
// with refunds, analytics that move as simulated customers read, click, reply and convert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketOf, repliesTo, replyTextOf } from '../../sim/fixtures.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
let templateId: string;
let pendingTemplateId: string;
const PRICE = 80;
const phones = (n: number, from = 1000) => Array.from({ length: n }, (_, i) => `9198100${String(from + i).padStart(5, '0')}`);
const create = (body: Record<string, unknown>, token = key) => t.request('POST', '/v1/whatsapp/campaigns', { token, body });
const launch = (id: string) => t.request('POST', `/v1/whatsapp/campaigns/${id}/launch`, { token: key });
const cancel = (id: string) => t.request('POST', `/v1/whatsapp/campaigns/${id}/cancel`, { token: key });
const get = async (id: string) => (await t.request('GET', `/v1/whatsapp/campaigns/${id}`, { token: key })).body;
const now = async (): Promise<string> => (await t.dashboard('GET', '/sim/clock')).body.now as string;
const analytics = async (id: string) => (await t.request('GET', `/v1/whatsapp/campaigns/${id}/analytics`, { token: key })).body;
const balance = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;
const offer = (extra: Record<string, unknown> = {}) => ({
  templateId, phones: ['919810011111'], templateComponents: [{ type: 'body', parameters: [{ type: 'text', text: 'friend' }, { type: 'text', text: '20%' }] }], ...extra,
});

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 1_000_000 });
  const template = await t.dashboard('POST', '/dashboard/whatsapp/templates', {
    name: 'diwali_offer', category: 'MARKETING', language: 'en',
    components: [{ type: 'BODY', text: 'Hi {{1}}, {{2}} off everything today!' }, { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Shop', url: 'https://acme.test/sale' }] }],
  });
  templateId = template.body.id;
  await t.advance(60);
  pendingTemplateId = (await t.dashboard('POST', '/dashboard/whatsapp/templates', { name: 'later', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hi' }] })).body.id;
});
afterAll(async () => {
  await t.close();
});

describe('create', () => {
  it('gives a DRAFT with a generated name, de-duplicated numbers, and charges nothing yet', async () => {
    const before = await balance();
    const res = await create(offer({ phones: ['919810011111', '+919810011112', '919810011111'] }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^cmp_/), name: 'diwali_offer 2026-01-15 09:01', status: 'DRAFT', templateId, totalRecipients: 2, duplicatesRemoved: 1,
      scheduledAt: null, scheduleTimezone: null, createdAt: expect.any(String),
    });
    expect(await balance()).toBe(before);
    expect((await t.dashboard('GET', '/sim/handsets/919810011111/messages')).body.data).toEqual([]);
  });
  it('refuses with a clear 400 what could never be sent', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [offer({ templateId: 'wat_nope' }), 'is not a template'],
      [offer({ templateId: pendingTemplateId }), 'PENDING'],
      [offer({ phones: [] }), 'at least 1'],
      [offer({ phones: phones(10_001) }), '10,000'],
      [offer({ phones: ['919810011111', '12ab', '+0123456789'] }), '2 invalid numbers: phones[1] "12ab", phones[2] "+0123456789"'],
      [offer({ scheduledAt: '2026-01-15T08:00:00Z' }), 'in the past'],
      [offer({ scheduledAt: 'tomorrow' }), 'ISO 8601'],
      [offer({ scheduledAt: '2030-02-30T10:00:00', scheduleTimezone: 'Asia/Kolkata' }), 'ISO 8601'],
      [offer({ scheduledAt: '2030-01-01T24:00:00Z' }), 'ISO 8601'],
      [offer({ scheduledAt: '2030-03-10T02:30:00', scheduleTimezone: 'America/New_York' }), 'scheduledAt 2030-03-10T02:30:00 does not exist in America/New_York'],
      [offer({ scheduleTimezone: 'Mars/Olympus' }), 'IANA'],
      [offer({ variableMapping: { 3: 'name' } }), 'variableMapping names {{3}}, but template diwali_offer has 2 body placeholders'],
      [offer({ variableMapping: { 1: 'age' } }), 'variableMapping'],
      [offer({ templateComponents: [] }), 'placeholder {{1}}, {{2}} has no value'],
      [offer({ templateComponents: [{ type: 'body', parameters: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }, { type: 'text', text: 'c' }] }] }), 'templateComponents: body parameter 3 is one too many: template diwali_offer has 2 body placeholders, 3 given'],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await create(offer(), (await t.createKey({ scopes: ['whatsapp:campaigns:read'] })).key)).status).toBe(403);
  });
  it('takes a fraction of a second of any precision in scheduledAt, cut to the millisecond', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ scheduledAt: '2030-01-15T16:00:00.123456Z' }, '2030-01-15T16:00:00.123Z'],
      [{ scheduledAt: '2030-01-15T21:30:00.9999999+05:30' }, '2030-01-15T16:00:00.999Z'],
      [{ scheduledAt: '2030-01-15T21:30:00.5', scheduleTimezone: 'Asia/Kolkata' }, '2030-01-15T16:00:00.500Z'],
    ];
    for (const [schedule, stored] of cases) {
      const res = await create(offer(schedule));
      expect([res.status, res.body.scheduledAt], JSON.stringify(schedule)).toEqual([201, stored]);
    }
  });
});

describe('launch and dispatch', () => {
  it('queues at once (202), charges every recipient not blocked in one ledger line, sends each once with mapped names, and completes', async () => {
    await t.dashboard('POST', '/dashboard/contacts', { name: 'Asha Rao', phone: '+919810020001' });
    const blocked = await t.dashboard('POST', '/dashboard/contacts', { name: 'Blocked Bo', phone: '+919810020003' });
    await t.request('POST', `/v1/contacts/${blocked.body.id}/block`, { token: key, body: { reason: 'asked to stop' } });
    const created = await create(offer({
      name: 'Diwali blast', phones: ['919810020001', '919810020002', '919810020003', '15005550002'], variableMapping: { 1: { field: 'name', fallback: 'there' } },
    }));
    const id = created.body.id as string;
    const before = await balance();
    const res = await launch(id);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'queued', campaignId: id, scheduledAt: null });
    const ledger = (await t.dashboard('GET', '/dashboard/wallet/ledger?limit=5')).body.data;
    expect(ledger.find((l: { referenceId: string; kind: string }) => l.referenceId === id && l.kind === 'charge')).toMatchObject({ amountPaise: -3 * PRICE, channel: 'whatsapp', description: 'WhatsApp messages ×3 · campaign "Diwali blast"' });
    await t.advance(1);
    const done = await get(id);
    expect(done).toMatchObject({ status: 'COMPLETED', totalRecipients: 4, sentCount: 2, counts: { failed: 2, pending: 0 }, templateName: 'diwali_offer' });
    const asha = (await t.dashboard('GET', '/sim/handsets/919810020001/messages')).body.data;
    expect(asha).toHaveLength(1);
    expect(asha[0].text).toBe('Hi Asha Rao, 20% off everything today!');
    expect((await t.dashboard('GET', '/sim/handsets/919810020002/messages')).body.data[0].text).toBe('Hi there, 20% off everything today!');
    expect((await t.dashboard('GET', '/sim/handsets/919810020003/messages')).body.data).toEqual([]);
    // The blocked contact was never charged, the failing number is refunded; the two sent are paid for.
    expect(await balance()).toBe(before - 2 * PRICE);
    expect(t.server.services.wallet.audit(t.organizationId).balanced).toBe(true);
    const logs = await t.request('GET', '/v1/whatsapp/logs?limit=10', { token: key });
    expect(logs.body.data.filter((l: { source: string }) => l.source === 'CAMPAIGN').map((l: { sourceName: string }) => l.sourceName)).toContain('Diwali blast');
    expect((await launch(id)).status).toBe(409);
    expect((await cancel(id)).status).toBe(409);
  });
  it("maps a contact's first name: the first word of a longer name, a one-word name whole, the fallback without a name", async () => {
    await t.dashboard('POST', '/dashboard/contacts', { name: '  Meera  Iyer Nair', phone: '+919810020101' });
    await t.dashboard('POST', '/dashboard/contacts', { name: 'Cher', phone: '+919810020102' });
    expect((await t.dashboard('POST', '/dashboard/contacts', { phone: '+919810020103' })).status).toBe(201);
    const numbers = ['919810020101', '919810020102', '919810020103', '919810020104'];
    const created = await create(offer({ phones: numbers, variableMapping: { 1: { field: 'first_name', fallback: 'there' } } }));
    expect(created.status).toBe(201);
    await launch(created.body.id);
    await t.advance(1);
    const texts = await Promise.all(numbers.map(async (n) => (await t.dashboard('GET', `/sim/handsets/${n}/messages`)).body.data[0]?.text));
    expect(texts).toEqual([
      'Hi Meera, 20% off everything today!', 'Hi Cher, 20% off everything today!', 'Hi there, 20% off everything today!', 'Hi there, 20% off everything today!',
    ]);
    // Without a fallback, the placeholder's static value fills in, as for every field.
    const plain = await create(offer({ phones: ['919810020103'], variableMapping: { 1: 'first_name' } }));
    await launch(plain.body.id);
    await t.advance(1);
    expect((await t.dashboard('GET', '/sim/handsets/919810020103/messages')).body.data.at(-1).text).toBe('Hi friend, 20% off everything today!');
  });
  it('console: lists the failed recipients with why (blocked with its reason, no WhatsApp account, unreachable), and the delivery rate counts them', async () => {
    const blocked = await t.dashboard('POST', '/dashboard/contacts', { name: 'Rude Ray', phone: '+919810020009' });
    await t.request('POST', `/v1/contacts/${blocked.body.id}/block`, { token: key, body: { reason: 'Abusive language' } });
    const id = (await create(offer({ phones: ['919810020008', '919810020009', '15005550002', '15005550001'] }))).body.id as string;
    await launch(id);
    await t.advance(3);
    expect(await analytics(id)).toMatchObject({ sent: 1, delivered: 1, failed: 3, deliveryRate: 25 });
    const failures = await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${id}/failures`);
    expect(failures.status).toBe(200);
    expect(failures.body.meta).toEqual({ total: 3, page: 1, limit: 20, totalPages: 1 });
    expect(failures.body.data.map((f: { address: string; reason: string }) => [f.address, f.reason])).toEqual([
      ['+919810020009', `Contact Rude Ray (${blocked.body.id}) is blocked: Abusive language`],
      ['+15005550002', 'The simulated handset +15005550002 has no WhatsApp account'],
      ['+15005550001', 'The simulated handset +15005550001 is unreachable on every channel'],
    ]);
    const second = await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${id}/failures?page=2&limit=2`);
    expect([second.body.data.map((f: { address: string }) => f.address), second.body.meta.totalPages]).toEqual([['+15005550001'], 2]);
    expect((await t.dashboard('GET', `/dashboard/sms/campaigns/${id}/failures`)).status).toBe(404);
    expect((await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${id}/failures?limit=500`)).body.meta.limit).toBe(100);
    // The console's list row carries the failures and the analytics' delivery rate (not delivered of sent, 100%); /v1's keeps the seed's fields.
    const row = (await t.dashboard('GET', '/dashboard/whatsapp/campaigns')).body.data.find((c: { id: string }) => c.id === id);
    expect(row).toMatchObject({ sentCount: 1, deliveredCount: 1, failedCount: 3, deliveryRate: 25 });
    const v1Row = (await t.request('GET', '/v1/whatsapp/campaigns', { token: key })).body.data.find((c: { id: string }) => c.id === id);
    expect([v1Row.deliveredCount, 'failedCount' in v1Row, 'deliveryRate' in v1Row]).toEqual([1, false, false]);
  });
  it('moves analytics as the simulated customers read, click, reply and convert on the clock', async () => {
    const numbers = phones(40, 3000);
    const created = (await create(offer({ phones: numbers }))).body as { id: string; name: string };
    const { id, name } = created;
    await launch(id);
    await t.advance(1);
    expect(await analytics(id)).toMatchObject({ campaignId: id, totalRecipients: 40, sent: 40, delivered: 0, read: 0, clicked: 0, failed: 0, deliveryRate: 0 });
    await t.advance(2);
    expect(await analytics(id)).toMatchObject({ delivered: 40, deliveryRate: 100, read: 0 });
    await t.advance(10);
    expect(await analytics(id)).toMatchObject({ read: 40, readRate: 100, clicked: 0 });
    const buckets = numbers.map((n) => bucketOf(n));
    const clicked = buckets.filter((b) => b < 40).length;
    const replied = numbers.filter((n) => repliesTo(n, name)).length;
    const converted = buckets.filter((b) => b < 15).length;
    expect(clicked).toBeGreaterThan(0);
    await t.advance(300);
    expect(await analytics(id)).toEqual({
      campaignId: id, totalRecipients: 40, sent: 40, delivered: 40, read: 40, clicked, replied, converted, failed: 0,
      deliveryRate: 100, readRate: 100, clickRate: Math.round((clicked / 40) * 10_000) / 100,
    });
    expect(t.server.services.campaigns.audit(t.organizationId, id).consistent).toBe(true);
    expect(await repliesIn(numbers)).toEqual(numbers.filter((n) => repliesTo(n, name)).map((n) => [n, replyTextOf(n, name)]));
  });
  it('hears from other customers, in other words, on another campaign to the same numbers: a draw per campaign, a quarter replying', async () => {
    const numbers = phones(40, 3100);
    const ids: string[] = [];
    for (const name of ['First', 'Second']) {
      const id = (await create(offer({ name, phones: numbers }))).body.id as string;
      await launch(id);
      await t.advance(61);
      ids.push(id);
    }
    // Each campaign's replies are its own draw's: exactly the customers and words its name picks, on every database.
    const firstReplies = numbers.filter((n) => repliesTo(n, 'First')).map((n) => [n, replyTextOf(n, 'First')]);
    const all = await repliesIn(numbers);
    expect(all.slice(0, firstReplies.length)).toEqual(firstReplies);
    expect(all.slice(firstReplies.length)).toEqual(numbers.filter((n) => repliesTo(n, 'Second')).map((n) => [n, replyTextOf(n, 'Second')]));
    expect((await analytics(ids[0] as string)).replied).toBe(firstReplies.length);
  });
});

/** The replies the customers at `numbers` sent, by when (a campaign's all come at once), then by number: [number, what they wrote]. */
async function repliesIn(numbers: string[]): Promise<Array<[string, string]>> {
  const inbound = await t.request('GET', '/v1/whatsapp/logs?direction=inbound&limit=100', { token: key });
  const wanted = new Set(numbers);
  return (inbound.body.data as Array<{ timestamp: string; content: { text: string }; conversation: { customerWaId: string } }>)
    .filter((l) => wanted.has(l.conversation.customerWaId))
    .sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.conversation.customerWaId.localeCompare(b.conversation.customerWaId))
    .map((l) => [l.conversation.customerWaId, String(l.content.text)]);
}

describe('schedule and cancel', () => {
  it('a scheduled campaign waits for its time in its zone, lists as SCHEDULED, and then sends', async () => {
    // 16:00 in Kolkata is 10:30 UTC; the clock is near 09:06 UTC.
    const res = await create(offer({ phones: ['919810040001'], scheduledAt: '2026-01-15T16:00:00', scheduleTimezone: 'Asia/Kolkata' }));
    expect(res.body).toMatchObject({ scheduledAt: '2026-01-15T10:30:00.000Z', scheduleTimezone: 'Asia/Kolkata' });
    const id = res.body.id as string;
    expect((await launch(id)).body).toEqual({ status: 'scheduled', campaignId: id, scheduledAt: '2026-01-15T10:30:00.000Z' });
    const listed = await t.request('GET', '/v1/whatsapp/campaigns?status=SCHEDULED', { token: key });
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([id]);
    expect(listed.body.data[0]).toEqual({
      id, name: expect.any(String), status: 'SCHEDULED', templateId, templateName: 'diwali_offer', totalRecipients: 1, sentCount: 0, deliveredCount: 0,
      scheduledAt: '2026-01-15T10:30:00.000Z', createdAt: expect.any(String),
    });
    await t.advance(60 * 60);
    expect((await get(id)).status).toBe('SCHEDULED');
    await t.advance(60 * 60);
    expect(await get(id)).toMatchObject({ status: 'COMPLETED', sentCount: 1, startedAt: '2026-01-15T10:30:00.000Z' });
  });
  it('a draft whose schedule has passed by its launch runs at once and answers scheduledAt null', async () => {
    const res = await create(offer({ phones: ['919810040002'], scheduledAt: new Date(Date.parse(await now()) + 120_000).toISOString() }));
    await t.advance(180);
    const id = res.body.id as string;
    expect((await launch(id)).body).toEqual({ status: 'queued', campaignId: id, scheduledAt: null });
    await t.advance(1);
    expect(await get(id)).toMatchObject({ status: 'COMPLETED', sentCount: 1, scheduledAt: null });
  });
  it('cancelling a SCHEDULED campaign refunds every recipient and sends nothing', async () => {
    const before = await balance();
    const id = (await create(offer({ phones: phones(5, 5000), scheduledAt: '2026-01-20T09:00:00Z' }))).body.id as string;
    await launch(id);
    expect(await balance()).toBe(before - 5 * PRICE);
    expect((await cancel(id)).body).toEqual({ success: true, campaignId: id, refundedRecipients: 5 });
    expect(await balance()).toBe(before);
    await t.advance(6 * 86_400);
    expect(await get(id)).toMatchObject({ status: 'CANCELLED', sentCount: 0, refundedRecipients: 5, counts: { cancelled: 5 } });
    expect((await cancel(id)).status).toBe(409);
    expect((await launch(id)).status).toBe(409);
  });
  it('cancelling a RUNNING campaign stops it halfway and refunds exactly the unsent recipients', async () => {
    const before = await balance();
    const id = (await create(offer({ phones: phones(2_000, 10_000) }))).body.id as string;
    await launch(id);
    const res = await cancel(id);
    expect(res.status).toBe(200);
    const refunded = res.body.refundedRecipients as number;
    await t.advance(1);
    const after = await get(id);
    expect(after.status).toBe('CANCELLED');
    expect(refunded).toBeGreaterThan(0);
    expect(after.sentCount + refunded).toBe(2_000);
    expect(t.server.services.campaigns.audit(t.organizationId, id).consistent).toBe(true);
    expect(await balance()).toBe(before - after.sentCount * PRICE);
    expect(t.server.services.wallet.audit(t.organizationId).balanced).toBe(true);
  });
  it('a DRAFT cannot be cancelled, an unknown campaign is 404, and a launch without funds is refused whole', async () => {
    const id = (await create(offer({ phones: phones(100, 20_000) }))).body.id as string;
    expect((await cancel(id)).status).toBe(409);
    expect((await launch('cmp_nope')).status).toBe(404);
    expect((await t.dashboard('PUT', '/dashboard/wallet/prices', { prices: { whatsapp: 100_000 } })).status).toBe(200);
    await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 1 });
    const res = await launch(id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INSUFFICIENT_BALANCE');
    expect((await get(id)).status).toBe('DRAFT');
    await t.dashboard('PUT', '/dashboard/wallet/prices', { prices: { whatsapp: PRICE } });
  });
  it('console: create-and-launch is one transaction, so a refusal (the wallet, the template) leaves no DRAFT behind', async () => {
    const both = (body: Record<string, unknown>) => t.dashboard('POST', '/dashboard/whatsapp/campaigns/create-and-launch', body);
    const total = async () => (await t.request('GET', '/v1/whatsapp/campaigns', { token: key })).body.meta.total as number;
    const before = await total();
    expect((await t.dashboard('PUT', '/dashboard/wallet/prices', { prices: { whatsapp: 100_000 } })).status).toBe(200);
    const poor = await both(offer({ name: 'Too dear', phones: phones(1_000, 40_000) }));
    expect([poor.status, poor.body.code]).toEqual([400, 'INSUFFICIENT_BALANCE']);
    await t.dashboard('PUT', '/dashboard/wallet/prices', { prices: { whatsapp: PRICE } });
    expect((await both(offer({ templateId: pendingTemplateId }))).status).toBe(400);
    expect(await total()).toBe(before);
    const charged = await balance();
    const sent = await both(offer({ name: 'In one go', phones: phones(2, 30_000) }));
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ name: 'In one go', status: 'RUNNING', dispatch: 'queued', totalRecipients: 2, templateId });
    expect(await balance()).toBe(charged - 2 * PRICE);
    await t.advance(3);
    expect(await get(sent.body.id)).toMatchObject({ status: 'COMPLETED', sentCount: 2 });
    expect(t.server.services.wallet.audit(t.organizationId).balanced).toBe(true);
  });
});

describe('list', () => {
  it('pages newest first with the status filter, the default limit of 20 and a maximum of 100', async () => {
    const all = await t.request('GET', '/v1/whatsapp/campaigns', { token: key });
    expect(all.body.meta).toMatchObject({ page: 1, limit: 20 });
    expect(all.body.meta.total).toBeGreaterThanOrEqual(7);
    const capped = await t.request('GET', '/v1/whatsapp/campaigns?limit=500', { token: key });
    expect(capped.body.meta.limit).toBe(100);
    const drafts = await t.request('GET', '/v1/whatsapp/campaigns?status=DRAFT', { token: key });
    expect(drafts.body.data.every((c: { status: string }) => c.status === 'DRAFT')).toBe(true);
    expect((await t.request('GET', '/v1/whatsapp/campaigns?status=DONE', { token: key })).status).toBe(400);
  });
});
