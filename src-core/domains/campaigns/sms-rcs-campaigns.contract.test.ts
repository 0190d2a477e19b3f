// SMS and RCS campaigns over real HTTP, on the same engine as WhatsApp: SMS audiences (a manual list, a
// segment by tags, all contacts) resolved at launch, RCS created and dispatched in one call with country
// codes, de-duplication, scheduling and SMS fallback for handsets without RCS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';
import { addRcsWeekend, addSmsSale } from '../../testing/sale-fixtures.ts';

let t: TestServer;
let key: string;
let botId: string;
let rcsTemplateId: string;
const SALE = 'Big sale: 30% off today - ACME';
const balance = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;
const handset = (phone: string) => t.handset(phone);
const sms = (path: string, body?: unknown) => t.request(body === undefined && !path.endsWith('launch') && !path.endsWith('cancel') ? 'GET' : 'POST', `/v1/sms/campaigns${path}`, { token: key, body });
const rcs = (body: Record<string, unknown>) => t.request('POST', '/v1/rcs/campaigns', { token: key, body: { botId, templateId: rcsTemplateId, ...body } });

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  await addSmsSale(t);
  ({ botId, templateId: rcsTemplateId } = await addRcsWeekend(t, 'Hi {{name}}, {{discount}} off this weekend.'));
  await t.advance(60);
  for (const [name, phone, tags] of [['Vee One', '+919810050001', ['vip']], ['Vee Two', '+919810050002', ['VIP', 'north']], ['Plain', '+919810050003', []]] as const) {
    const contact = await t.dashboard('POST', '/dashboard/contacts', { name, phone, tags });
    expect(contact.status).toBe(201);
  }
  await t.dashboard('POST', '/dashboard/contacts', { name: 'Mail only', email: 'mail@example.com' });
});
afterAll(async () => {
  await t.close();
});

describe('SMS campaigns', () => {
  it('create gives a DRAFT; a manual list is checked now, and launch (202) sends through the DLT rules', async () => {
    const created = await sms('', { name: 'Manual sale', messageBody: SALE, audienceType: 'manual', audienceCriteria: { phones: ['919810050101', '+919810050102', '919810050101'] } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^cmp_/), name: 'Manual sale', status: 'DRAFT', route: null, senderId: null, audienceType: 'manual', totalRecipients: 2,
      scheduledAt: null, createdAt: expect.any(String),
    });
    const before = await balance();
    const launched = await sms(`/${created.body.id}/launch`);
    expect(launched.status).toBe(202);
    expect(launched.body).toMatchObject({ status: 'queued', campaignId: created.body.id });
    await t.advance(3);
    const detail = (await sms(`/${created.body.id}`)).body;
    // The sender and route left to the defaults are settled at launch, and shown from then on.
    expect(detail).toMatchObject({ status: 'COMPLETED', totalRecipients: 2, sentCount: 2, deliveredCount: 2, messageBody: SALE, audienceType: 'manual', senderId: 'ACMEIN', route: 'promotional' });
    expect((await handset('919810050102'))[0]).toMatchObject({ channel: 'sms', text: SALE });
    expect(await balance()).toBe(before - 2 * 25);
    const logs = await t.request('GET', '/v1/sms/logs?limit=5', { token: key });
    expect(logs.body.data[0]).toMatchObject({ source: 'CAMPAIGN', senderId: 'ACMEIN', route: 'promotional' });
  });
  it('a segment or all contacts is resolved at launch: contacts with a phone, and for a segment any of the tags (by the tag rule, case aside)', async () => {
    const segment = await sms('', { name: 'VIPs', messageBody: SALE, audienceType: 'segment', audienceCriteria: { tags: ['  vip '] }, senderId: 'ACMEIN', route: 'promotional' });
    expect(segment.body).toMatchObject({ totalRecipients: 0, audienceType: 'segment', senderId: 'ACMEIN', route: 'promotional' });
    await sms(`/${segment.body.id}/launch`);
    await t.advance(1);
    expect((await sms(`/${segment.body.id}`)).body).toMatchObject({ status: 'COMPLETED', totalRecipients: 2, sentCount: 2 });
    expect((await handset('919810050002')).map((m) => m.text)).toEqual([SALE]);
    // Criteria without an audienceType make a segment, never every contact.
    const implied = await sms('', { name: 'VIPs again', messageBody: SALE, audienceCriteria: { tags: ['vip'] } });
    expect(implied.body).toMatchObject({ audienceType: 'segment' });
    await t.dashboard('DELETE', `/dashboard/sms/campaigns/${implied.body.id}`);
    const all = await sms('', { name: 'Everyone', messageBody: SALE, audienceType: 'ALL_CONTACTS' });
    await sms(`/${all.body.id}/launch`);
    await t.advance(1);
    // The three contacts with phones, plus the two numbers of the manual campaign (contacts since they were sent to).
    expect((await sms(`/${all.body.id}`)).body).toMatchObject({ status: 'COMPLETED', totalRecipients: 5, sentCount: 5 });
  });
  it('a templateId given as the DLT id is kept as the template\'s own id, the one its messages\' logs carry', async () => {
    const templates = (await t.request('GET', '/v1/sms/templates', { token: key })).body.data as Array<{ id: string; dltTemplateId: string }>;
    const own = templates.find((tpl) => tpl.dltTemplateId === '1207160000000000001')?.id;
    expect(own).toMatch(/^smt_/);
    const byDlt = await sms('', { name: 'By DLT id', messageBody: SALE, templateId: '1207160000000000001', audienceCriteria: { phones: ['919810050301'] } });
    const byOwn = await sms('', { name: 'By own id', messageBody: SALE, templateId: own, audienceCriteria: { phones: ['919810050302'] } });
    expect([(await sms(`/${byDlt.body.id}`)).body.templateId, (await sms(`/${byOwn.body.id}`)).body.templateId]).toEqual([own, own]);
    await sms(`/${byDlt.body.id}/launch`);
    await t.advance(3);
    expect((await sms(`/${byDlt.body.id}`)).body).toMatchObject({ status: 'COMPLETED', templateId: own });
    const logs = (await t.request('GET', '/v1/sms/logs?limit=10', { token: key })).body.data as Array<{ phone: string; templateId: string }>;
    expect(logs.filter((log) => log.phone === '+919810050301').map((log) => log.templateId)).toEqual([own]);
    // A DLT id no template has yet is kept as given; registered (and approved) before the launch, the launch settles it.
    const later = await sms('', { name: 'Later', messageBody: 'Flash deal: 5% off - ACME', templateId: '1207160000000000009', audienceCriteria: { phones: ['919810050303'] } });
    expect((await sms(`/${later.body.id}`)).body.templateId).toBe('1207160000000000009');
    const flash = await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Flash', dltTemplateId: '1207160000000000009', body: 'Flash deal: {#var#} off - ACME', route: 'promotional' });
    await t.advance(60);
    expect((await sms(`/${later.body.id}/launch`)).status).toBe(202);
    expect((await sms(`/${later.body.id}`)).body.templateId).toBe(flash.body.id);
  });
  it('without a templateId, keeps the template its text matches (at create, or at launch when none matched yet), as its messages\' logs carry it', async () => {
    const templates = (await t.request('GET', '/v1/sms/templates', { token: key })).body.data as Array<{ id: string; dltTemplateId: string }>;
    const sale = templates.find((tpl) => tpl.dltTemplateId === '1207160000000000001')?.id;
    const matched = await sms('', { name: 'Matched at create', messageBody: SALE, audienceCriteria: { phones: ['919810050311'] } });
    expect((await sms(`/${matched.body.id}`)).body.templateId).toBe(sale);
    await sms(`/${matched.body.id}/launch`);
    await t.advance(3);
    expect((await sms(`/${matched.body.id}`)).body).toMatchObject({ status: 'COMPLETED', templateId: sale });

    // A text whose template is still under review matches none at create; the launch, after the approval, keeps it.
    const text = 'Restock alert: umbrellas are back - ACME';
    const restock = await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Restock', dltTemplateId: '1207160000000000011', body: 'Restock alert: {#var#} are back - ACME', route: 'promotional' });
    const pending = await sms('', { name: 'Matched at launch', messageBody: text, audienceCriteria: { phones: ['919810050312'] } });
    expect((await sms(`/${pending.body.id}`)).body.templateId).toBeNull();
    await t.advance(60);
    expect((await sms(`/${pending.body.id}/launch`)).status).toBe(202);
    await t.advance(3);
    expect((await sms(`/${pending.body.id}`)).body).toMatchObject({ status: 'COMPLETED', templateId: restock.body.id });
    // The campaigns' messages (a recipient the campaign's draw makes reply has an inbound line too, with no template).
    const logs = (await t.request('GET', '/v1/sms/logs?limit=20', { token: key })).body.data as Array<{ phone: string; templateId: string; direction: string }>;
    expect(logs.filter((log) => log.direction === 'outbound' && ['+919810050311', '+919810050312'].includes(log.phone)).map((log) => [log.phone, log.templateId]))
      .toEqual([['+919810050312', restock.body.id], ['+919810050311', sale]]);
  });
  it('refuses bad requests with 400, and a launch that cannot go out leaves the DRAFT as it was', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ messageBody: SALE }, 'name'],
      [{ name: 'x' }, 'messageBody'],
      [{ name: 'x', messageBody: SALE, audienceType: 'friends' }, 'audienceType: must be one of: all, segment, manual'],
      [{ name: 'x', messageBody: SALE, audienceType: 'manual' }, 'audienceCriteria.phones'],
      [{ name: 'x', messageBody: SALE, audienceType: 'segment' }, 'audienceCriteria.tags'],
      [{ name: 'x', messageBody: SALE, audienceCriteria: { phones: ['12'] } }, 'invalid number'],
      [{ name: 'x', messageBody: SALE, route: 'bulk' }, 'route'],
      // The form of a sender id is checked at create, as /sms/send checks it; whether it is registered, at launch.
      ...['ab', 'TOOLONGID', 'abc123'].map((senderId): [Record<string, unknown>, string] => [
        { name: 'x', messageBody: SALE, senderId, audienceCriteria: { phones: ['919810050201'] } },
        'Invalid body: senderId: must be a sender id: 6 capital letters (a DLT header), e.g. ACMEIN',
      ]),
    ];
    for (const [body, message] of cases) {
      const res = await sms('', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const off = await sms('', { name: 'Off template', messageBody: 'Free money!!!', audienceCriteria: { phones: ['919810050201'] } });
    const res = await sms(`/${off.body.id}/launch`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('does not match any approved');
    expect((await sms(`/${off.body.id}`)).body.status).toBe('DRAFT');
    const ghost = await sms('', { name: 'Ghost sender', messageBody: SALE, senderId: 'NOSUCH', audienceCriteria: { phones: ['919810050201'] } });
    expect((await sms(`/${ghost.body.id}/launch`)).body.message).toContain('not registered');
    const empty = await sms('', { name: 'Nobody', messageBody: SALE, audienceType: 'segment', audienceCriteria: { tags: ['nobody'] } });
    expect((await sms(`/${empty.body.id}/launch`)).body.message).toContain('no recipients');
  });
  it('a past schedule is refused with both times on its zone\'s wall clock, not as ISO timestamps', async () => {
    const res = await sms('', { name: 'Late', messageBody: SALE, scheduledAt: '2026-01-15T10:00:00', scheduleTimezone: 'Asia/Kolkata', audienceCriteria: { phones: ['919810050201'] } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^scheduledAt 2026-01-15 10:00 \(Asia\/Kolkata\) is in the past: it is now 2026-01-15 \d\d:\d\d in Asia\/Kolkata$/);
    const utc = await sms('', { name: 'Late', messageBody: SALE, scheduledAt: '2026-01-15T08:00:00Z', audienceCriteria: { phones: ['919810050201'] } });
    expect(utc.body.message).toMatch(/^scheduledAt 2026-01-15 08:00 \(UTC\) is in the past: it is now 2026-01-15 \d\d:\d\d in UTC$/);
  });
  it('console: create-and-launch is one transaction, so a refusal leaves no DRAFT behind', async () => {
    const total = async () => (await sms('')).body.meta.total as number;
    const before = await total();
    const launch = (body: Record<string, unknown>) => t.dashboard('POST', '/dashboard/sms/campaigns/create-and-launch', body);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ name: 'Off', messageBody: 'Free money!!!', audienceCriteria: { phones: ['919810050201'] } }, 'does not match any approved'],
      [{ name: 'Ghost', messageBody: SALE, senderId: 'NOSUCH', audienceCriteria: { phones: ['919810050201'] } }, 'not registered'],
      [{ name: 'Nobody', messageBody: SALE, audienceType: 'segment', audienceCriteria: { tags: ['nobody'] } }, 'no recipients'],
      [{ name: 'x', messageBody: SALE, audienceType: 'manual' }, 'audienceCriteria.phones'],
      [{ name: 'Malformed', messageBody: SALE, senderId: 'abc123', audienceCriteria: { phones: ['919810050201'] } }, 'senderId: must be a sender id: 6 capital letters'],
    ];
    for (const [body, message] of refusals) {
      const res = await launch(body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining(message)]);
    }
    expect(await total()).toBe(before);
    const sent = await launch({ name: 'In one go', messageBody: SALE, audienceCriteria: { phones: ['919810050211', '919810050212'] } });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ name: 'In one go', status: 'RUNNING', dispatch: 'queued', totalRecipients: 2, senderId: 'ACMEIN', audienceType: 'manual' });
    await t.advance(3);
    expect((await sms(`/${sent.body.id}`)).body).toMatchObject({ status: 'COMPLETED', sentCount: 2 });
  });
  it('console: a DRAFT can be deleted (nothing was charged or sent for it); anything else is 409', async () => {
    const total = async () => (await sms('')).body.meta.total as number;
    const before = await total();
    const launched = (await sms('', { name: 'Gone out', messageBody: SALE, audienceCriteria: { phones: ['919810050221'] } })).body;
    await sms(`/${launched.id}/launch`);
    const draft = (await sms('', { name: 'Off template', messageBody: 'Free money!!!', audienceCriteria: { phones: ['919810050201'] } })).body;
    const running = await t.dashboard('DELETE', `/dashboard/sms/campaigns/${launched.id}`);
    expect([running.status, running.body.message]).toEqual([409, expect.stringContaining('only a DRAFT campaign can be deleted')]);
    expect((await t.dashboard('DELETE', `/dashboard/whatsapp/campaigns/${draft.id}`)).status).toBe(404);
    expect((await t.dashboard('DELETE', `/dashboard/sms/campaigns/${draft.id}`)).status).toBe(204);
    expect((await sms(`/${draft.id}`)).status).toBe(404);
    expect((await t.dashboard('DELETE', `/dashboard/sms/campaigns/${draft.id}`)).status).toBe(404);
    expect(await total()).toBe(before + 1);
  });
  it('cancel of a scheduled campaign refunds it; lists page with the contract fields', async () => {
    const before = await balance();
    const created = await sms('', { name: 'Tomorrow', messageBody: SALE, scheduledAt: '2026-01-16T09:00:00Z', audienceCriteria: { phones: ['919810050301', '919810050302'] } });
    expect((await sms(`/${created.body.id}/launch`)).body).toMatchObject({ status: 'scheduled' });
    expect(await balance()).toBe(before - 50);
    expect((await sms(`/${created.body.id}/cancel`)).body).toEqual({ success: true, campaignId: created.body.id, refundedRecipients: 2 });
    expect(await balance()).toBe(before);
    const list = await t.request('GET', '/v1/sms/campaigns?limit=1000', { token: key });
    expect(list.body.meta.limit).toBe(100);
    expect(list.body.data[0]).toEqual({
      id: created.body.id, name: 'Tomorrow', status: 'CANCELLED', route: 'promotional', senderId: 'ACMEIN', totalRecipients: 2, sentCount: 0, deliveredCount: 0,
      scheduledAt: '2026-01-16T09:00:00.000Z', createdAt: expect.any(String),
    });
  });
});

describe('RCS campaigns', () => {
  it('creates and dispatches in one call (202): national numbers get the country code, duplicates go, variables come from contacts', async () => {
    const res = await rcs({ campaignName: 'Weekend', numbers: ['9810050001', '+919810050401', '919810050401'], rcsVariables: { discount: '40%' }, ttl: 3600 });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ name: 'Weekend', status: 'RUNNING', dispatch: 'queued', botId, templateId: rcsTemplateId, totalRecipients: 2, duplicatesRemoved: 1 });
    await t.advance(1);
    expect((await handset('919810050001')).at(-1)).toMatchObject({ channel: 'rcs', text: 'Weekend sale\nHi Vee One, 40% off this weekend.' });
    const list = await t.request('GET', '/v1/rcs/campaigns', { token: key });
    // +919810050401 has no contact with a name: it is not sent "Hi , 40% off…" but fails, refunded, saying why.
    expect(list.body.data[0]).toMatchObject({ id: res.body.id, status: 'COMPLETED', sentCount: 1, fallback: false });
    expect(await handset('919810050401')).toEqual([]);
    const failures = (await t.dashboard('GET', `/dashboard/rcs/campaigns/${res.body.id}/failures`)).body.data;
    expect(failures).toEqual([expect.objectContaining({ address: '+919810050401', reason: "No value for {{name}}: it is not given, and the recipient's contact has no name" })]);
    expect(list.body.meta).toMatchObject({ limit: 20, total: 1 });
    const detail = await t.request('GET', `/v1/rcs/campaigns/${res.body.id}`, { token: key });
    expect(detail.body).toMatchObject({ templateId: rcsTemplateId, templateName: 'Weekend', rcsVariables: { discount: '40%' } });
  });
  it('falls back to SMS for a handset without RCS, and can be scheduled', async () => {
    const res = await rcs({ numbers: ['15005550003', '919810050501'], fallback: true, fallbackMessage: SALE, removeDuplicate: false, rcsVariables: { discount: '10%', name: 'you' } });
    expect(res.status).toBe(202);
    await t.advance(1);
    expect((await handset('15005550003'))[0]).toMatchObject({ channel: 'sms', text: SALE });
    expect((await handset('919810050501'))[0]).toMatchObject({ channel: 'rcs' });
    const later = await rcs({ numbers: ['919810050601'], scheduleCampaign: true, scheduledAt: '2026-01-15T18:00:00+05:30', rcsVariables: { discount: '5%' } });
    expect(later.body).toMatchObject({ status: 'SCHEDULED', dispatch: 'scheduled', scheduledAt: '2026-01-15T12:30:00.000Z' });
    expect((await t.request('POST', `/v1/rcs/campaigns/${later.body.id}/cancel`, { token: key })).body).toMatchObject({ refundedRecipients: 1 });
    // A scheduledAt is never dropped: without scheduleCampaign it schedules; with scheduleCampaign: false it is a 400.
    const implied = await rcs({ numbers: ['919810050602'], scheduledAt: '2026-01-15T18:00:00+05:30', rcsVariables: { discount: '5%' }, ttl: '0600s' });
    expect(implied.body).toMatchObject({ status: 'SCHEDULED', dispatch: 'scheduled', scheduledAt: '2026-01-15T12:30:00.000Z' });
    expect((await t.request('GET', `/v1/rcs/campaigns/${implied.body.id}`, { token: key })).body.ttl).toBe('600s');
    await t.request('POST', `/v1/rcs/campaigns/${implied.body.id}/cancel`, { token: key });
    const contradicts = await rcs({ numbers: ['919810050603'], scheduleCampaign: false, scheduledAt: '2026-01-15T18:00:00+05:30', rcsVariables: { discount: '5%' } });
    expect([contradicts.status, contradicts.body.message]).toEqual([400, expect.stringContaining('scheduleCampaign is false')]);
    for (const ttl of ['0s', 0, '3600', '1h']) expect((await rcs({ numbers: ['919810050604'], ttl, rcsVariables: { discount: '5%' } })).status, String(ttl)).toBe(400);
  });
  it('a failed SMS fallback is refunded as what it was paid as: RCS, at the RCS price', async () => {
    const rcsPrice = (await t.dashboard('GET', '/dashboard/wallet')).body.prices.rcs as number;
    const before = await balance();
    // +15005550001 has no RCS, so it gets the SMS fallback, and every channel fails there.
    const res = await rcs({ numbers: ['15005550001'], fallback: true, fallbackMessage: SALE, rcsVariables: { discount: '10%' } });
    expect(res.status).toBe(202);
    await t.advance(1);
    const ledger = (await t.dashboard('GET', '/dashboard/wallet/ledger?limit=2')).body.data as Array<Record<string, unknown>>;
    expect(ledger.map((line) => [line.kind, line.channel, line.amountPaise])).toEqual([['refund', 'rcs', rcsPrice], ['charge', 'rcs', -rcsPrice]]);
    expect(await balance()).toBe(before);
  });
  it('goes to every contact with a phone when numbers is left out (the seed makes it optional)', async () => {
    const contacts = (await t.request('GET', '/v1/contacts?limit=100', { token: key })).body.data as Array<{ phone: string | null }>;
    const withPhone = contacts.filter((c) => c.phone).length;
    expect(withPhone).toBeGreaterThan(3);
    const res = await rcs({ campaignName: 'Everyone', rcsVariables: { discount: '15%' } });
    expect([res.status, res.body.totalRecipients]).toEqual([202, withPhone]);
    await t.advance(1);
    expect((await handset('919810050003')).at(-1)).toMatchObject({ channel: 'rcs', text: 'Weekend sale\nHi Plain, 15% off this weekend.' });
    const empty = await t.dashboard('POST', '/dashboard/organizations', { name: 'No contacts yet' });
    const emptyKey = (await t.createKey({ organizationId: empty.body.id })).key;
    const bot = (await t.dashboard('POST', '/dashboard/rcs/bots', { organizationId: empty.body.id, name: 'Empty' })).body.id;
    const template = (await t.dashboard('POST', '/dashboard/rcs/templates', { organizationId: empty.body.id, botId: bot, name: 'Hi', type: 'text', text: 'Hello' })).body.id;
    await t.advance(60);
    const none = await t.request('POST', '/v1/rcs/campaigns', { token: emptyKey, body: { botId: bot, templateId: template } });
    expect([none.status, none.body.message]).toEqual([400, expect.stringContaining('no recipients')]);
  });
  it('refuses with 400 and leaves nothing behind: bad numbers, templates, bots, fallback without message, a variable nothing fills, no funds', async () => {
    const before = (await t.request('GET', '/v1/rcs/campaigns', { token: key })).body.meta.total;
    const otherBot = (await t.dashboard('POST', '/dashboard/rcs/bots', { name: 'Other bot' })).body.id;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ numbers: ['9810050001'], rcsVariables: undefined }, "RCS template Weekend variable {{discount}} has no value: give it in rcsVariables (only name, first_name, phone, email, username can come from each recipient's contact)"],
      [{ numbers: ['9810050001'], rcsVariables: { discount: '   ' } }, 'RCS template Weekend variable {{discount}} has no value'],
      [{ numbers: ['98100'] }, 'invalid number'],
      [{ numbers: ['9810050001'], country: 'ZZ' }, 'country ZZ is not supported'],
      [{ numbers: ['9810050001'], templateId: 'rct_nope' }, 'not found'],
      [{ numbers: ['9810050001'], botId: otherBot }, `RCS template Weekend belongs to another bot than ${otherBot}`],
      [{ numbers: ['9810050001'], botId: 'bot_nope' }, 'RCS bot bot_nope not found'],
      [{ numbers: ['9810050001'], fallback: true }, 'fallbackMessage'],
      [{ numbers: ['9810050001'], scheduleCampaign: true }, 'scheduledAt'],
      [{ numbers: ['9810050001'], fallback: true, fallbackMessage: 'Not a DLT text' }, 'does not match'],
      [{ numbers: Array.from({ length: 5000 }, (_, i) => `98100${String(i).padStart(5, '0')}`) }, 'Insufficient wallet balance'],
    ];
    for (const [body, message] of cases) {
      const res = await rcs({ rcsVariables: { discount: '5%' }, ...body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await t.request('GET', '/v1/rcs/campaigns', { token: key })).body.meta.total).toBe(before);
    expect(t.server.services.wallet.audit(t.organizationId).balanced).toBe(true);
  });
});
