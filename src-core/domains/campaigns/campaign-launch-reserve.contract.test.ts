// A launch does not charge the recipients it already knows it will not send to, over real HTTP: a contact blocked (or
// opted out) at the launch fails at once as blocked, uncharged, with no ledger line of its own, so the wallet check is
// against the others' price; one blocked after the launch (a scheduled campaign's, before its time) is refused at its
// dispatch and refunded, as the launch had charged for it. docs/contract-notes.md, Campaigns: the launch's charge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../contract/wallet.ts';
import { addSmsSale } from '../../testing/sale-fixtures.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

const SALE = 'Big sale: 30% off today - ACME';
const SMS_PRICE = 25;
const servers: TestServer[] = [];

/** A server with the SMS sale approved, `Bea Blocked` (+919810070002) blocked, and the wallet topped up with `topUp`. */
async function world(topUp: { amountPaise?: number; emailCredits?: number }): Promise<{ t: TestServer; key: string; blockedId: string }> {
  const t = await createTestServer();
  servers.push(t);
  const key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', topUp);
  await addSmsSale(t);
  const blocked = await t.dashboard('POST', '/dashboard/contacts', { name: 'Bea Blocked', phone: '+919810070002', email: 'bea@example.org' });
  expect((await t.dashboard('POST', `/dashboard/contacts/${blocked.body.id}/block`, { reason: 'Asked to stop' })).status).toBe(200);
  await t.advance(60);
  return { t, key, blockedId: blocked.body.id as string };
}
const linesOf = async (t: TestServer, campaignId: string) => {
  const ledger = (await t.dashboard('GET', '/dashboard/wallet/ledger?limit=100')).body.data as LedgerEntry[];
  return ledger.filter((l) => l.referenceId === campaignId).reverse().map((l) => [l.kind, l.amountPaise || l.emailCredits, l.description]);
};
const smsCampaign = (t: TestServer, key: string, phones: string[], extra: Record<string, unknown> = {}) =>
  t.request('POST', '/v1/sms/campaigns', { token: key, body: { name: 'Reserve', messageBody: SALE, audienceCriteria: { phones }, ...extra } });

afterAll(async () => {
  await Promise.all(servers.map((t) => t.close()));
});

describe('a launch to a list with a contact blocked at that moment', () => {
  let t: TestServer;
  let key: string;
  let blockedId: string;
  beforeAll(async () => {
    ({ t, key, blockedId } = await world({ amountPaise: 10_000 }));
  });

  it('charges only the others: one ledger line, the balance down by their price, the blocked counted blocked with their reason', async () => {
    const before = (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;
    const created = await smsCampaign(t, key, ['919810070001', '919810070002', '919810070003']);
    const id = created.body.id as string;
    expect((await t.request('POST', `/v1/sms/campaigns/${id}/launch`, { token: key })).status).toBe(202);
    // At once, before any dispatch: the charge is for the two sendable, the blocked one already failed as blocked.
    expect(await linesOf(t, id)).toEqual([['charge', -2 * SMS_PRICE, 'SMS messages ×2 · campaign "Reserve"']]);
    await t.advance(5);
    expect(await linesOf(t, id)).toEqual([['charge', -2 * SMS_PRICE, 'SMS messages ×2 · campaign "Reserve"']]);
    expect((await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise).toBe(before - 2 * SMS_PRICE);
    const detail = (await t.dashboard('GET', `/dashboard/sms/campaigns/${id}`)).body;
    expect([detail.status, detail.counts.totalRecipients, detail.counts.sent, detail.counts.failed, detail.counts.blocked]).toEqual(['COMPLETED', 3, 2, 1, 1]);
    const failures = (await t.dashboard('GET', `/dashboard/sms/campaigns/${id}/failures`)).body.data;
    expect(failures).toMatchObject([{ address: '+919810070002', reason: `Contact Bea Blocked (${blockedId}) is blocked: Asked to stop`, messageId: null, code: 'CONTACT_BLOCKED' }]);
    expect(failures).toHaveLength(1);
    expect((await t.dashboard('GET', `/dashboard/sms/campaigns/${id}/spend`)).body).toEqual({ chargedPaise: 50, refundedPaise: 0, emailCreditsSpent: 0, emailCreditsRefunded: 0 });
    expect(t.server.services.wallet.audit(t.organizationId).balanced).toBe(true);
  });

  it('a scheduled launch leaves them out at its launch; a contact blocked after it, before its time, is refused then and refunded', async () => {
    const now = Date.parse((await t.dashboard('GET', '/sim/clock')).body.now as string);
    const at = new Date(now + 3600_000).toISOString();
    const later = await t.dashboard('POST', '/dashboard/contacts', { name: 'Lee Later', phone: '+919810070004' });
    const created = await smsCampaign(t, key, ['919810070001', '919810070002', '919810070004'], { scheduledAt: at });
    const id = created.body.id as string;
    expect((await t.request('POST', `/v1/sms/campaigns/${id}/launch`, { token: key })).status).toBe(202);
    expect((await t.dashboard('GET', `/dashboard/sms/campaigns/${id}`)).body).toMatchObject({ status: 'SCHEDULED', counts: { failed: 1, blocked: 1, pending: 2 } });
    expect(await linesOf(t, id)).toEqual([['charge', -2 * SMS_PRICE, 'SMS messages ×2 · campaign "Reserve"']]);
    // Blocked after the launch: the reservation for them stands until their dispatch refuses them.
    await t.dashboard('POST', `/dashboard/contacts/${later.body.id}/block`, { reason: 'Too late' });
    await t.advance(3600 + 5);
    expect(await linesOf(t, id)).toEqual([
      ['charge', -2 * SMS_PRICE, 'SMS messages ×2 · campaign "Reserve"'],
      ['refund', SMS_PRICE, 'campaign "Reserve" · +919810070004 not sent · contact blocked'],
    ]);
    expect((await t.dashboard('GET', `/dashboard/sms/campaigns/${id}`)).body).toMatchObject({ status: 'COMPLETED', counts: { sent: 1, failed: 2, blocked: 2 } });
  });

  it('a cancel refunds the unsent it charged, never the blocked it did not', async () => {
    const now = Date.parse((await t.dashboard('GET', '/sim/clock')).body.now as string);
    const created = await smsCampaign(t, key, ['919810070001', '919810070002'], { scheduledAt: new Date(now + 3600_000).toISOString() });
    const id = created.body.id as string;
    expect((await t.request('POST', `/v1/sms/campaigns/${id}/launch`, { token: key })).status).toBe(202);
    expect((await t.dashboard('POST', `/dashboard/sms/campaigns/${id}/cancel`)).body).toMatchObject({ refundedRecipients: 1 });
    expect(await linesOf(t, id)).toEqual([
      ['charge', -SMS_PRICE, 'SMS message · campaign "Reserve"'],
      ['refund', SMS_PRICE, 'campaign "Reserve" · 1 unsent recipient · cancelled'],
    ]);
  });
});

describe('a wallet that pays for the recipients but the blocked', () => {
  it('launches an SMS campaign: the blocked recipient\'s price is not asked of it', async () => {
    const { t, key } = await world({ amountPaise: 2 * SMS_PRICE });
    const created = await smsCampaign(t, key, ['919810070001', '919810070002', '919810070003']);
    const launched = await t.request('POST', `/v1/sms/campaigns/${created.body.id}/launch`, { token: key });
    expect([launched.status, launched.body.message]).toEqual([202, undefined]);
    await t.advance(5);
    expect((await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise).toBe(0);
    // Still refused when it cannot pay for those it would send to.
    const more = await smsCampaign(t, key, ['919810070005']);
    expect((await t.request('POST', `/v1/sms/campaigns/${more.body.id}/launch`, { token: key })).body).toMatchObject({ statusCode: 400, error: expect.any(String) });
  });

  it('launches an email campaign on the credits of the others', async () => {
    const { t, key } = await world({ emailCredits: 2 });
    const templateId = (await t.request('POST', '/v1/email/templates', { token: key, body: { name: 'Hi', subject: 'Hi', html: '<p>Hi</p>' } })).body.id;
    await t.dashboard('POST', '/dashboard/email/domains', { domain: 'acme.test' });
    await t.advance(60);
    const launched = await t.dashboard('POST', '/dashboard/email/campaigns/create-and-launch', {
      name: 'Mail', templateId, fromName: 'Acme', fromEmail: 'hello@acme.test', audience: 'list', recipients: ['a@example.org', 'BEA@example.org', 'c@example.org'],
    });
    expect([launched.status, launched.body.message]).toEqual([202, undefined]);
    expect(await linesOf(t, launched.body.id)).toEqual([['email_credit_spent', -2, 'email sends ×2 · campaign "Mail"']]);
    await t.advance(5);
    expect((await t.dashboard('GET', '/dashboard/wallet')).body.emailCredits).toBe(0);
    expect((await t.dashboard('GET', `/dashboard/email/campaigns/${launched.body.id}/analytics`)).body).toMatchObject({ sent: 2, failed: 1, blocked: 1 });
  });
});
