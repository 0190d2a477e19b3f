// What a campaign cost, over real HTTP: every ledger line of it (the launch charge, none for a contact blocked then, a
// refused recipient's refund, a provider failure's refund, a cancel's and a failed start's) references the campaign and names it in one wording, with
// the recipient's phone or email and a short reason, never a contact id or the whole error; the console's spend route
// adds them up. And SMS and RCS campaigns have the console analytics WhatsApp and email have.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../contract/wallet.ts';
import { addRcsWeekend, addSmsSale } from '../../testing/sale-fixtures.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
const SALE = 'Big sale: 30% off today - ACME';
const SMS_PRICE = 25;
const RCS_PRICE = 30;
let botId: string;
let rcsTemplateId: string;
let emailTemplateId: string;

const linesOf = async (campaignId: string): Promise<LedgerEntry[]> => {
  const ledger = (await t.dashboard('GET', '/dashboard/wallet/ledger?limit=100')).body.data as LedgerEntry[];
  return ledger.filter((l) => l.description.includes('campaign "')).filter((l) => l.referenceId === campaignId).reverse();
};
const described = (lines: LedgerEntry[]) => lines.map((l) => [l.kind, l.referenceType, l.amountPaise || l.emailCredits, l.description]);

beforeAll(async () => {
  t = await createTestServer();
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000, emailCredits: 100 });
  await addSmsSale(t);
  ({ botId, templateId: rcsTemplateId } = await addRcsWeekend(t, 'Hi {{name}}, {{discount}} off this weekend.'));
  const key = (await t.createKey({})).key;
  emailTemplateId = (await t.request('POST', '/v1/email/templates', { token: key, body: { name: 'Money', subject: 'Hi', html: '<p>Hi</p>' } })).body.id;
  await t.dashboard('POST', '/dashboard/email/domains', { domain: 'acme.test' });
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

describe('a campaign\'s ledger lines', () => {
  it('name the campaign in one wording, each refund with the recipient and a short reason, all referencing the campaign; spend adds them up', async () => {
    const blocked = await t.dashboard('POST', '/dashboard/contacts', { name: 'Rude Ray', phone: '+919810070009' });
    await t.dashboard('POST', `/dashboard/contacts/${blocked.body.id}/block`, { reason: 'Abusive language' });
    const sent = await t.dashboard('POST', '/dashboard/sms/campaigns/create-and-launch', {
      name: 'Money SMS', messageBody: SALE, audienceType: 'manual', audienceCriteria: { phones: ['919810070001', '919810070009', '15005550001'] },
    });
    expect(sent.status).toBe(202);
    await t.advance(3);
    const lines = await linesOf(sent.body.id);
    // Failed at the provider (unreachable): refunded, named; the contact blocked at the launch was never charged.
    expect(described(lines)).toEqual([
      ['charge', 'campaign', -2 * SMS_PRICE, 'SMS messages ×2 · campaign "Money SMS"'],
      ['refund', 'campaign', SMS_PRICE, 'campaign "Money SMS" · +15005550001 not sent · unreachable'],
    ]);
    expect(lines.map((l) => l.description).join(' ')).not.toMatch(/cnt_|simulated handset/);
    const spend = await t.dashboard('GET', `/dashboard/sms/campaigns/${sent.body.id}/spend`);
    expect(spend.body).toEqual({ chargedPaise: 2 * SMS_PRICE, refundedPaise: SMS_PRICE, emailCreditsSpent: 0, emailCreditsRefunded: 0 });
    // The failed recipients' table keeps the whole reason (with the contact's id an integrator looks up).
    const failures = (await t.dashboard('GET', `/dashboard/sms/campaigns/${sent.body.id}/failures`)).body.data as Array<{ reason: string }>;
    expect(failures.map((f) => f.reason)).toEqual([`Contact Rude Ray (${blocked.body.id}) is blocked: Abusive language`, expect.stringContaining('is unreachable on every channel')]);
  });

  it('a cancel refunds its unsent recipients in the same wording; an RCS campaign\'s refusal and SMS fallback failure too', async () => {
    const later = await t.dashboard('POST', '/dashboard/sms/campaigns/create-and-launch', {
      name: 'Money later', messageBody: SALE, scheduledAt: '2026-01-16T09:00:00Z', audienceCriteria: { phones: ['919810070101', '919810070102'] },
    });
    expect(later.body.dispatch).toBe('scheduled');
    expect((await t.dashboard('POST', `/dashboard/sms/campaigns/${later.body.id}/cancel`)).status).toBe(200);
    expect(described(await linesOf(later.body.id))).toEqual([
      ['charge', 'campaign', -2 * SMS_PRICE, 'SMS messages ×2 · campaign "Money later"'],
      ['refund', 'campaign', 2 * SMS_PRICE, 'campaign "Money later" · 2 unsent recipients · cancelled'],
    ]);
    expect((await t.dashboard('GET', `/dashboard/sms/campaigns/${later.body.id}/spend`)).body).toMatchObject({ chargedPaise: 50, refundedPaise: 50 });

    // No name to fill {{name}} for one (refused); the other has one, and its handset has no RCS (no fallback asked).
    expect((await t.dashboard('POST', '/dashboard/contacts', { name: 'Noor Arcs', phone: '+15005550003' })).status).toBe(201);
    const rcs = await t.dashboard('POST', '/dashboard/rcs/campaigns', {
      botId, templateId: rcsTemplateId, campaignName: 'Money RCS', numbers: ['919810070201', '15005550003'], rcsVariables: { discount: '5%' },
    });
    expect(rcs.status).toBe(202);
    await t.advance(3);
    expect(described(await linesOf(rcs.body.id))).toEqual([
      ['charge', 'campaign', -2 * RCS_PRICE, 'RCS messages ×2 · campaign "Money RCS"'],
      ['refund', 'campaign', RCS_PRICE, 'campaign "Money RCS" · +15005550003 not sent · no RCS on the handset'],
      ['refund', 'campaign', RCS_PRICE, 'campaign "Money RCS" · +919810070201 not sent · no value for {{name}}'],
    ]);
  });

  it('an email campaign\'s spend is in credits; another channel\'s or an unknown id is 404', async () => {
    const email = await t.dashboard('POST', '/dashboard/email/campaigns/create-and-launch', {
      name: 'Money mail', templateId: emailTemplateId, fromName: 'Acme', fromEmail: 'hello@acme.test', audience: 'list', recipients: ['a@example.org', 'b@example.org'],
    });
    expect(email.status).toBe(202);
    await t.advance(3);
    expect((await t.dashboard('GET', `/dashboard/email/campaigns/${email.body.id}/spend`)).body).toEqual({
      chargedPaise: 0, refundedPaise: 0, emailCreditsSpent: 2, emailCreditsRefunded: 0,
    });
    expect((await t.dashboard('GET', `/dashboard/sms/campaigns/${email.body.id}/spend`)).status).toBe(404);
    expect((await t.dashboard('GET', '/dashboard/whatsapp/campaigns/cmp_nope/spend')).status).toBe(404);
  });
});

describe('SMS and RCS analytics (console)', () => {
  it('count and rate from the recipients as WhatsApp\'s do, moving as receipts arrive', async () => {
    const sent = await t.dashboard('POST', '/dashboard/sms/campaigns/create-and-launch', {
      name: 'Rated SMS', messageBody: SALE, audienceCriteria: { phones: ['919810070301', '919810070302', '15005550001'] },
    });
    await t.advance(1);
    const analytics = (id: string, channel = 'sms') => t.dashboard('GET', `/dashboard/${channel}/campaigns/${id}/analytics`);
    expect((await analytics(sent.body.id)).body).toEqual({
      campaignId: sent.body.id, totalRecipients: 3, sent: 2, delivered: 0, read: 0, clicked: 0, replied: 0, converted: 0, failed: 1,
      deliveryRate: 0, readRate: 0, clickRate: 0, blocked: 0, failureReasons: [{ code: 'SIM_UNREACHABLE', label: 'Unreachable', count: 1 }],
    });
    await t.advance(10);
    expect((await analytics(sent.body.id)).body).toMatchObject({ sent: 2, delivered: 2, read: 2, failed: 1, deliveryRate: 66.67, readRate: 100 });
    const rcs = await t.dashboard('POST', '/dashboard/rcs/campaigns', {
      botId, templateId: rcsTemplateId, campaignName: 'Rated RCS', numbers: ['919810070401'], rcsVariables: { discount: '5%', name: 'you' },
    });
    await t.advance(11);
    expect((await analytics(rcs.body.id, 'rcs')).body).toMatchObject({ campaignId: rcs.body.id, totalRecipients: 1, sent: 1, delivered: 1, read: 1, deliveryRate: 100 });
    expect((await analytics(rcs.body.id, 'sms')).status).toBe(404);
    expect((await analytics('cmp_nope', 'rcs')).status).toBe(404);
  });
});
