// A WhatsApp campaign's audience in the console (every contact, a segment, a pasted list, as SMS takes them), resolved
// at launch as SMS resolves it; the audience preview, which counts and prices exactly what the launch then charges (blocked
// and opted-out contacts named: they fail and are refunded); the tags in use; failed recipients with their contact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';
import { addSmsSale } from '../../testing/sale-fixtures.ts';

let t: TestServer;
let key: string;
let templateId: string;
let blockedId: string;
let optedOutId: string;
const SALE = 'Big sale: 30% off today - ACME';
const components = [{ type: 'body', parameters: [{ type: 'text', text: 'friend' }] }];
const preview = (body: Record<string, unknown>) => t.dashboard('POST', '/dashboard/campaigns/audience-preview', body);
const prices = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.prices as { whatsapp: number; sms: number };
const balance = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  await addSmsSale(t);
  templateId = (await t.dashboard('POST', '/dashboard/whatsapp/templates', {
    name: 'vip_offer', category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'Hi {{1}}, this one is for you.' }],
  })).body.id;
  await t.advance(60);
  const people: Array<[string, string | undefined, string[]]> = [
    ['Vee One', '+919810060001', ['vip']], ['Vee Two', '+919810060002', ['VIP', 'north']], ['Vee Blocked', '+919810060003', ['vip']],
    ['Vee Stopped', '+919810060004', ['vip']], ['Vee No Phone', undefined, ['vip']], ['Plain', '+919810060005', []],
  ];
  for (const [name, phone, tags] of people) {
    const contact = await t.dashboard('POST', '/dashboard/contacts', { name, ...(phone ? { phone } : { email: 'nophone@example.com' }), tags });
    expect(contact.status).toBe(201);
    if (name === 'Vee Blocked') blockedId = contact.body.id;
    if (name === 'Vee Stopped') optedOutId = contact.body.id;
  }
  expect((await t.dashboard('POST', `/dashboard/contacts/${blockedId}/block`, { reason: 'Asked us to stop calling' })).status).toBe(200);
  // An opt-out keyword blocks the contact as a person's block does.
  expect((await t.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+919810060004', text: 'STOP' })).status).toBe(201);
});
afterAll(async () => {
  await t.close();
});

describe('a WhatsApp campaign to every contact or a segment (console)', () => {
  it('is created with no recipients and resolved at launch as SMS resolves it: contacts with a phone, blocked and opted-out ones failed and refunded', async () => {
    const created = await t.dashboard('POST', '/dashboard/whatsapp/campaigns', { name: 'VIP offer', templateId, templateComponents: components, audienceType: 'segment', audienceCriteria: { tags: [' vip '] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'DRAFT', totalRecipients: 0 });
    const before = await balance();
    const { whatsapp } = await prices();
    // Launched through the seed's route: the audience is the campaign's, whoever launches it.
    expect((await t.request('POST', `/v1/whatsapp/campaigns/${created.body.id}/launch`, { token: key })).status).toBe(202);
    await t.advance(5);
    const detail = (await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${created.body.id}`)).body;
    expect(detail).toMatchObject({ status: 'COMPLETED', totalRecipients: 4, audienceType: 'segment', audienceCriteria: { tags: ['vip'] } });
    expect(detail.counts).toMatchObject({ sent: 2, failed: 2 });
    // Four reserved, the two refused refunded.
    expect(before - await balance()).toBe(2 * whatsapp);
    const failures = (await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${created.body.id}/failures`)).body.data;
    expect(failures.map((f: { address: string; contact: unknown }) => [f.address, f.contact])).toEqual([
      ['+919810060003', { id: blockedId, name: 'Vee Blocked' }], ['+919810060004', { id: optedOutId, name: 'Vee Stopped' }],
    ]);
    expect(failures[0].reason).toContain('is blocked: Asked us to stop calling');

    const all = await t.dashboard('POST', '/dashboard/whatsapp/campaigns/create-and-launch', { name: 'Everyone', templateId, templateComponents: components, audienceType: 'all' });
    expect(all.status).toBe(202);
    expect(all.body).toMatchObject({ status: 'RUNNING', totalRecipients: 5 });
  });

  it('keeps the seed\'s create on /v1 (phones required) and never reaches every contact by omission', async () => {
    const v1 = await t.request('POST', '/v1/whatsapp/campaigns', { token: key, body: { templateId, templateComponents: components, audienceType: 'all' } });
    expect(v1.status).toBe(400);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ templateId, templateComponents: components }, 'phones needs at least 1 number (or audienceType all or segment)'],
      [{ templateId, templateComponents: components, audienceType: 'segment' }, 'A segment audience needs audienceCriteria.tags'],
      [{ templateId, templateComponents: components, audienceType: 'manual' }, 'A manual audience needs phones: at least one number'],
      [{ templateId, templateComponents: components, phones: ['919810060001'], audienceCriteria: { phones: ['919810060002'] } }, 'Give the numbers once'],
    ];
    for (const [body, message] of cases) {
      const res = await t.dashboard('POST', '/dashboard/whatsapp/campaigns', body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining(message)]);
    }
    const listed = await t.dashboard('POST', '/dashboard/whatsapp/campaigns', { templateId, templateComponents: components, audienceType: 'manual', phones: ['919810060001'] });
    expect(listed.body).toMatchObject({ status: 'DRAFT', totalRecipients: 1 });
  });
});

describe('the audience preview', () => {
  it('counts and prices what the launch then charges, for a segment, every contact and a list, on both channels', async () => {
    const price = await prices();
    const audiences: Array<Record<string, unknown>> = [
      { audienceType: 'segment', audienceCriteria: { tags: ['VIP'] } },
      { audienceType: 'segment', audienceCriteria: { tags: ['north'] } },
      { audienceType: 'all' },
      { audienceType: 'manual', audienceCriteria: { phones: ['919810060003', '+919810060001', '919810060001', '919810069999'] } },
    ];
    for (const channel of ['whatsapp', 'sms'] as const) {
      for (const audience of audiences) {
        const seen = await preview({ channel, ...audience });
        expect(seen.status).toBe(200);
        const before = await balance();
        const body = channel === 'sms'
          ? { name: 'Agrees', messageBody: SALE, ...audience }
          : { name: 'Agrees', templateId, templateComponents: components, ...audience };
        const launched = await t.dashboard('POST', `/dashboard/${channel}/campaigns/create-and-launch`, body);
        expect(launched.status).toBe(202);
        expect(launched.body.totalRecipients).toBe(seen.body.recipients);
        // The blocked are not charged: the launch's charge is the preview's reservation.
        expect(seen.body.reservedPaise).toBe((seen.body.recipients - seen.body.blocked.count) * price[channel]);
        expect((await t.dashboard('GET', `/dashboard/${channel}/campaigns/${launched.body.id}/spend`)).body.chargedPaise).toBe(seen.body.reservedPaise);
        await t.advance(5);
        // Charged for every recipient not blocked, the refused refunded: what is left spent is the preview's cost.
        expect(before - await balance()).toBe(seen.body.costPaise);
        const detail = (await t.dashboard('GET', `/dashboard/${channel}/campaigns/${launched.body.id}`)).body;
        expect([detail.counts.sent, detail.counts.failed]).toEqual([seen.body.sendable, seen.body.blocked.count]);
        expect(seen.body.pricePaise).toBe(price[channel]);
        expect(seen.body.costPaise).toBe(seen.body.sendable * price[channel]);
      }
    }
  });

  it('names the blocked and opted-out contacts an audience holds', async () => {
    const segment = await preview({ channel: 'whatsapp', audienceType: 'segment', audienceCriteria: { tags: ['vip'] } });
    expect(segment.body).toMatchObject({ channel: 'whatsapp', audienceType: 'segment', recipients: 4, sendable: 2 });
    expect(segment.body.blocked).toEqual({
      count: 2, recipients: [
        { address: '+919810060003', contactId: blockedId, name: 'Vee Blocked', reason: 'Asked us to stop calling' },
        { address: '+919810060004', contactId: optedOutId, name: 'Vee Stopped', reason: expect.stringContaining('STOP') },
      ],
    });
    const list = await preview({ channel: 'sms', audienceCriteria: { phones: ['919810060003', '919810060003', '919810069998'] } });
    expect(list.body).toMatchObject({ audienceType: 'manual', recipients: 2, sendable: 1, blocked: { count: 1 } });
  });

  it('names the first recipient the message goes to, with their contact\'s fields as the messages read them, for the builders\' previews', async () => {
    // The blocked contact first gets nothing: the sample is the next, known only by the number.
    const unknown = await preview({ channel: 'whatsapp', audienceCriteria: { phones: ['919810060003', '919810069998', '919810060001'] } });
    expect(unknown.body.sample).toEqual({ address: '+919810069998', name: null, fields: { name: null, first_name: null, phone: '919810069998', email: null, username: null } });
    const known = await preview({ channel: 'sms', audienceCriteria: { phones: ['919810060004', '919810060001'] } });
    expect(known.body.sample).toEqual({ address: '+919810060001', name: 'Vee One', fields: { name: 'Vee One', first_name: 'Vee', phone: '919810060001', email: null, username: null } });
    // A segment's: one of its contacts that is sent to.
    const segment = await preview({ channel: 'whatsapp', audienceType: 'segment', audienceCriteria: { tags: ['vip'] } });
    expect(['Vee One', 'Vee Two']).toContain(segment.body.sample?.name);
    // Nobody it sends to: none.
    expect((await preview({ channel: 'sms', audienceCriteria: { phones: ['919810060003'] } })).body.sample).toBeNull();
  });

  it('refuses what a create would refuse, with the same 400', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ channel: 'whatsapp', audienceType: 'segment' }, 'A segment audience needs audienceCriteria.tags'],
      [{ channel: 'sms', audienceType: 'manual' }, 'A manual audience needs audienceCriteria.phones'],
      [{ channel: 'sms', audienceCriteria: { phones: ['12ab'] } }, 'invalid number'],
      [{ channel: 'instagram', audienceType: 'all' }, 'channel: is one of whatsapp, sms, rcs, email'],
    ];
    for (const [body, message] of cases) {
      const res = await preview(body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining(message)]);
    }
  });
});

describe('the tags in use', () => {
  it('lists each tag once (case aside) with how many contacts carry it, most first', async () => {
    const res = await t.dashboard('GET', '/dashboard/contacts/tags');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ tag: expect.stringMatching(/^(vip|VIP)$/), contacts: 5 }, { tag: 'north', contacts: 1 }]);
  });
});

describe('two contacts with one phone', () => {
  it('are one recipient of a segment: the phone is sent to, and charged, once', async () => {
    // The console's create refuses a second one (409): two such contacts are ones made before it did, as the service makes them.
    expect((await t.dashboard('POST', '/dashboard/contacts', { name: 'Twin One', phone: '+919810060099', tags: ['twins'] })).status).toBe(201);
    t.server.services.contacts.create(t.organizationId, { name: 'Twin Two', phone: '+919810060099', tags: ['twins'] });
    const audience = { audienceType: 'segment', audienceCriteria: { tags: ['twins'] } };
    expect((await preview({ channel: 'sms', ...audience })).body).toMatchObject({ recipients: 1, sendable: 1 });
    const before = await balance();
    const launched = await t.dashboard('POST', '/dashboard/sms/campaigns/create-and-launch', { name: 'Twins', messageBody: SALE, ...audience });
    expect([launched.status, launched.body.totalRecipients]).toEqual([202, 1]);
    await t.advance(5);
    expect(before - await balance()).toBe((await prices()).sms);
    const handset = (await t.dashboard('GET', '/sim/handsets/919810060099/messages')).body.data as Array<{ text: string }>;
    expect(handset.filter((m) => m.text === SALE)).toHaveLength(1);
  });
});
