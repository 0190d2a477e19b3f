// The audience preview of RCS and email campaigns against their launch: an RCS list (with or without its repeats, with
// or without the SMS fallback) and every contact; an email list and the subscribers. What the preview counts and prices
// (blocked contacts, handsets without RCS, recipients an RCS variable would be empty for, suppressed addresses) is what
// the launch charges, sends and refunds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';
import { addRcsWeekend, addSmsSale } from '../../testing/sale-fixtures.ts';

let t: TestServer;
let key: string;
let botId: string;
let rcsTemplateId: string;
let emailTemplateId: string;
let blockedPhoneId: string;
const SALE = 'Big sale: 30% off today - ACME';
const preview = (body: Record<string, unknown>) => t.dashboard('POST', '/dashboard/campaigns/audience-preview', body);
const wallet = async () => (await t.dashboard('GET', '/dashboard/wallet')).body as { balancePaise: number; emailCredits: number; prices: { rcs: number; sms: number } };
const emailCampaign = (body: Record<string, unknown>) => t.dashboard('POST', '/dashboard/email/campaigns/create-and-launch', {
  name: 'News', templateId: emailTemplateId, fromName: 'Acme', fromEmail: 'news@acme.test', variables: { first_name: 'there' }, ...body,
});

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000, emailCredits: 20 });
  await addSmsSale(t);
  ({ botId, templateId: rcsTemplateId } = await addRcsWeekend(t, 'Hi {{name}}, {{discount}} off this weekend.'));
  emailTemplateId = (await t.request('POST', '/v1/email/templates', { token: key, body: { name: 'News', subject: 'Hi {{first_name}}', html: '<p>Hi {{first_name}}</p>' } })).body.id;
  await t.dashboard('POST', '/dashboard/email/domains', { domain: 'acme.test' });
  await t.advance(60);
  const people: Array<[string, string]> = [['Ria One', '+919810070001'], ['Ria Blocked', '+919810070002'], ['No Rcs', '+15005550003'], ['Mail Blocked', 'blocked@example.com'], ['Maya', 'maya@example.com']];
  for (const [name, address] of people) {
    const contact = await t.dashboard('POST', '/dashboard/contacts', { name, ...(address.startsWith('+') ? { phone: address } : { email: address }) });
    expect(contact.status).toBe(201);
    if (name.endsWith('Blocked')) expect((await t.dashboard('POST', `/dashboard/contacts/${contact.body.id}/block`, { reason: 'Asked us to stop' })).status).toBe(200);
    if (name === 'Ria Blocked') blockedPhoneId = contact.body.id;
  }
  for (const email of ['sub1@example.com', 'blocked@example.com', 'bounce@sim.test']) {
    expect((await t.request('POST', '/v1/email/contacts', { token: key, body: { email } })).status).toBe(201);
  }
  // bounce@sim.test bounces, and is suppressed from then on.
  expect((await emailCampaign({ recipients: ['bounce@sim.test'] })).status).toBe(202);
  await t.advance(30);
});
afterAll(async () => {
  await t.close();
});

describe('the audience preview of an RCS campaign', () => {
  const numbers = ['9810070001', '+919810070001', '9810070002', '15005550003', '+919810070009'];
  const audiences: Array<Record<string, unknown>> = [
    { numbers, removeDuplicate: true, fallback: true },
    { numbers, removeDuplicate: false, fallback: false },
    { numbers, removeDuplicate: true, fallback: false, country: 'US' },
    { fallback: true },
    {},
  ];
  it('counts and prices what the create-and-launch charges: blocked contacts not charged, handsets without RCS on the SMS fallback or refunded', async () => {
    for (const audience of audiences) {
      const seen = await preview({ channel: 'rcs', ...audience });
      expect(seen.status).toBe(200);
      const before = await wallet();
      const fallback = audience.fallback ? { fallbackMessage: SALE } : {};
      const launched = await t.request('POST', '/v1/rcs/campaigns', { token: key, body: { botId, templateId: rcsTemplateId, rcsVariables: { name: 'you', discount: '10%' }, ...audience, ...fallback } });
      expect(launched.status).toBe(202);
      expect(launched.body.totalRecipients).toBe(seen.body.recipients);
      expect(seen.body.reservedPaise).toBe((seen.body.recipients - seen.body.blocked.count) * before.prices.rcs);
      expect((await t.dashboard('GET', `/dashboard/rcs/campaigns/${launched.body.id}/spend`)).body.chargedPaise).toBe(seen.body.reservedPaise);
      await t.advance(5);
      // Every recipient but the blocked reserved at the RCS price, a fallback SMS too; the refused and failed refunded: the rest is the preview's cost.
      expect(before.balancePaise - (await wallet()).balancePaise).toBe(seen.body.costPaise);
      expect(seen.body.costPaise).toBe(seen.body.sendable * before.prices.rcs);
      const detail = (await t.dashboard('GET', `/dashboard/rcs/campaigns/${launched.body.id}`)).body;
      expect([detail.counts.sent, detail.counts.failed]).toEqual([seen.body.sendable, seen.body.recipients - seen.body.sendable]);
    }
  });

  it('says who is blocked and how many handsets have no RCS, and whether they get the SMS', async () => {
    const withFallback = await preview({ channel: 'rcs', numbers, fallback: true });
    expect(withFallback.body).toMatchObject({
      channel: 'rcs', audienceType: 'manual', recipients: 4, sendable: 3, withoutRcs: { count: 1, fallback: true },
      blocked: { count: 1, recipients: [{ address: '+919810070002', contactId: blockedPhoneId, name: 'Ria Blocked', reason: 'Asked us to stop' }] },
    });
    const repeats = await preview({ channel: 'rcs', numbers: [...numbers, '9810070002'], removeDuplicate: false });
    // Each repeat is charged; the blocked person is named once.
    expect(repeats.body).toMatchObject({ recipients: 6, sendable: 3, withoutRcs: { count: 1, fallback: false }, blocked: { count: 2 } });
    expect(repeats.body.blocked.recipients).toHaveLength(1);
    const everyone = await preview({ channel: 'rcs' });
    expect(everyone.body.audienceType).toBe('all');
  });

  it('names the first recipient that gets the RCS message, past blocked contacts and handsets without RCS (their SMS is not it)', async () => {
    const seen = await preview({ channel: 'rcs', numbers: ['9810070002', '15005550003', '9810070001'], fallback: true });
    expect(seen.body.sample).toEqual({ address: '+919810070001', name: 'Ria One', fields: { name: 'Ria One', first_name: 'Ria', phone: '919810070001', email: null, username: null } });
    expect((await preview({ channel: 'email', recipients: ['maya@example.com'] })).body).not.toHaveProperty('sample');
  });

  // Hi {{name}}, {{discount}} off: {{name}} left to the contact, which two listed numbers have none for (no contact).
  it('with the template and its values, counts every recipient a variable would be empty for, names a few, and the launch agrees', async () => {
    const body = {
      channel: 'rcs', templateId: rcsTemplateId, rcsVariables: { discount: '10%' }, fallback: true,
      numbers: ['9810070009', '9810070002', '9810070008', '15005550003', '9810070001'],
    };
    const seen = await preview(body);
    expect(seen.status).toBe(200);
    // The blocked contact and the handset on the SMS fallback are not among them; Ria One's name fills hers.
    expect(seen.body).toMatchObject({
      recipients: 5, sendable: 2, blocked: { count: 1 }, withoutRcs: { count: 1, fallback: true },
      unfilled: { count: 2, variables: ['name'], recipients: [{ address: '+919810070009', name: null, variables: ['name'] }, { address: '+919810070008', name: null, variables: ['name'] }] },
    });
    // The sample is the first recipient the message goes to: past those it would not be sent to.
    expect(seen.body.sample.address).toBe('+919810070001');
    const before = await wallet();
    const { channel: _channel, ...create } = body;
    const launched = await t.request('POST', '/v1/rcs/campaigns', { token: key, body: { botId, ...create, fallbackMessage: SALE } });
    expect(launched.status).toBe(202);
    await t.advance(5);
    const detail = (await t.dashboard('GET', `/dashboard/rcs/campaigns/${launched.body.id}`)).body;
    expect([detail.counts.sent, detail.counts.failed]).toEqual([2, 3]);
    expect(before.balancePaise - (await wallet()).balancePaise).toBe(seen.body.costPaise);
  });

  it('names only the first 5 recipients a variable would be empty for, counts them all; none once every variable has a value', async () => {
    const numbers = Array.from({ length: 7 }, (_, i) => `98100700${String(20 + i)}`);
    const many = await preview({ channel: 'rcs', templateId: rcsTemplateId, rcsVariables: { discount: '10%' }, numbers });
    expect([many.body.unfilled.count, many.body.unfilled.recipients.length, many.body.sendable, many.body.sample]).toEqual([7, 5, 0, null]);
    const filled = await preview({ channel: 'rcs', templateId: rcsTemplateId, rcsVariables: { name: 'there', discount: '10%' }, numbers });
    expect(filled.body).toMatchObject({ sendable: 7, unfilled: { count: 0, variables: [], recipients: [] } });
    // Without a template the preview cannot tell: it says nothing of it.
    expect((await preview({ channel: 'rcs', numbers })).body).not.toHaveProperty('unfilled');
    const unknown = await preview({ channel: 'rcs', templateId: 'rtpl_nope', numbers });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'RCS template rtpl_nope not found']);
  });

  it('refuses what the create would refuse', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ channel: 'rcs', numbers: ['12ab'] }, 'invalid number'],
      [{ channel: 'rcs', numbers: ['9810070001'], country: 'ZZ' }, 'country ZZ is not supported'],
      [{ channel: 'rcs', numbers: [] }, 'numbers: needs at least 1 number'],
    ];
    for (const [body, message] of cases) {
      const res = await preview(body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining(message)]);
    }
  });
});

describe('the audience preview of an email campaign', () => {
  const audiences: Array<Record<string, unknown>> = [
    { audience: 'list', recipients: ['maya@example.com', 'MAYA@example.com', 'blocked@example.com', 'bounce@sim.test', 'new@example.com'] },
    { audience: 'subscribers' },
  ];
  it('counts the credits the launch spends: none for blocked contacts, suppressed addresses refunded at once', async () => {
    for (const audience of audiences) {
      const seen = await preview({ channel: 'email', ...audience });
      expect(seen.status).toBe(200);
      const before = await wallet();
      expect(seen.body.emailCredits).toEqual({ reserved: seen.body.recipients - seen.body.blocked.count, spent: seen.body.sendable, available: before.emailCredits });
      const launched = await emailCampaign(audience);
      expect(launched.status).toBe(202);
      // No credit for the blocked contact: the launch spends what the preview reserves.
      expect((await t.dashboard('GET', `/dashboard/email/campaigns/${launched.body.id}/spend`)).body.emailCreditsSpent).toBe(seen.body.emailCredits.reserved);
      expect(launched.body.totalRecipients).toBe(seen.body.recipients);
      await t.advance(5);
      expect(before.emailCredits - (await wallet()).emailCredits).toBe(seen.body.sendable);
      expect(before.balancePaise - (await wallet()).balancePaise).toBe(0);
      const analytics = (await t.dashboard('GET', `/dashboard/email/campaigns/${launched.body.id}/analytics`)).body;
      expect([analytics.sent, analytics.failed]).toEqual([seen.body.sendable, seen.body.recipients - seen.body.sendable]);
    }
  });

  it('names the suppressed addresses and the blocked contacts', async () => {
    const list = await preview({ channel: 'email', ...audiences[0] });
    expect(list.body).toMatchObject({
      channel: 'email', audienceType: 'manual', recipients: 4, sendable: 2, pricePaise: 0, reservedPaise: 0, costPaise: 0,
      suppressed: { count: 1, recipients: [{ address: 'bounce@sim.test', reason: 'bounced' }] },
      blocked: { count: 1, recipients: [{ address: 'blocked@example.com', name: 'Mail Blocked', reason: 'Asked us to stop' }] },
    });
    // The subscribers leave suppressed addresses out: the launch never reserves a credit for them.
    const subscribers = await preview({ channel: 'email', audience: 'subscribers' });
    expect(subscribers.body).toMatchObject({ audienceType: 'all', recipients: 2, sendable: 1, suppressed: { count: 0 }, blocked: { count: 1 } });
  });

  it('refuses what the create would refuse', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ channel: 'email' }, 'A list audience needs recipients'],
      [{ channel: 'email', audience: 'subscribers', recipients: ['a@example.com'] }, 'recipients are for audience "list"'],
      [{ channel: 'email', recipients: ['not-an-address'] }, 'recipients are email addresses'],
    ];
    for (const [body, message] of cases) {
      const res = await preview(body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining(message)]);
    }
  });
});
