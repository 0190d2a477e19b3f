// The wallet over real HTTP, and its service's charge rules: the balance always equals the ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('wallet', () => {
  it('a new organization starts empty, with default prices', async () => {
    const org = await t.dashboard('POST', '/dashboard/organizations', { name: 'Empty' });
    const res = await t.request('GET', `/dashboard/wallet?organizationId=${org.body.id}`, { token: t.dashboardToken });
    expect(res.body).toEqual({ balancePaise: 0, emailCredits: 0, prices: { whatsapp: 80, sms: 25, rcs: 30, instagram: 0 } });
  });
  it('tops up, sets prices, and lists the ledger newest first', async () => {
    const top = await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 1000, emailCredits: 2 });
    expect(top.body).toMatchObject({ balancePaise: 1000, emailCredits: 2 });
    const prices = await t.dashboard('PUT', '/dashboard/wallet/prices', { prices: { sms: 40 } });
    expect(prices.body.prices).toMatchObject({ sms: 40, whatsapp: 80 });
    const ledger = await t.dashboard('GET', '/dashboard/wallet/ledger');
    expect(ledger.body.data.map((l: { kind: string }) => l.kind)).toEqual(['email_credits_added', 'top_up']);
    expect(ledger.body.data[1]).toMatchObject({ amountPaise: 1000, balanceAfterPaise: 1000 });
  });
  it('refuses bad top-ups and prices with 400', async () => {
    for (const body of [{}, { amountPaise: -5 }, { amountPaise: 1.5 }, { emailCredits: 0 }]) {
      expect((await t.dashboard('POST', '/dashboard/wallet/top-up', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.dashboard('PUT', '/dashboard/wallet/prices', { prices: { fax: 1 } })).status).toBe(400);
    expect((await t.dashboard('PUT', '/dashboard/wallet/prices', { prices: { sms: -1 } })).status).toBe(400);
  });
  it('charges, refuses an empty wallet or no credits without writing anything, refunds, and stays balanced', () => {
    const wallet = t.server.services.wallet;
    const org = t.server.services.orgs.create('Billing').id;
    wallet.topUp(org, { amountPaise: 100, emailCredits: 1 });
    expect(wallet.charge(org, 'whatsapp', { type: 'message', id: 'm1' })).toMatchObject({ amountPaise: -80, balanceAfterPaise: 20, description: 'WhatsApp message' });
    expect(() => wallet.charge(org, 'whatsapp', { type: 'message', id: 'm2' })).toThrow('Insufficient wallet balance: 1 WhatsApp message costs ₹0.80, the balance is ₹0.20');
    expect(wallet.charge(org, 'instagram', { type: 'message', id: 'm3' })).toBeNull();
    wallet.spendEmailCredit(org, { type: 'email', id: 'e1' });
    expect(() => wallet.spendEmailCredit(org, { type: 'email', id: 'e2' })).toThrow(/Insufficient email credits/);
    const few = t.server.services.orgs.create('Few credits').id;
    wallet.topUp(few, { amountPaise: 0, emailCredits: 1 });
    expect(() => wallet.spendEmailCredit(few, { type: 'campaign', id: 'c1' }, { quantity: 3 })).toThrow('Insufficient email credits: 3 emails need 3 credits, 1 is left');
    wallet.refund(org, 'whatsapp', { type: 'message', id: 'm1' }, 80, 'not delivered');
    expect(wallet.get(org)).toMatchObject({ balancePaise: 100, emailCredits: 0 });
    expect(wallet.linesFor(org, { type: 'message', id: 'm1' }).map((l) => l.kind)).toEqual(['charge', 'refund']);
    expect(wallet.audit(org)).toMatchObject({ balanced: true, ledgerPaise: 100, ledgerCredits: 0 });
  });
  it('a charge inside a failed transaction leaves no trace', () => {
    const wallet = t.server.services.wallet;
    const org = t.server.services.orgs.create('Rollback').id;
    wallet.topUp(org, { amountPaise: 500 });
    expect(() => t.server.db.tx(() => {
      wallet.charge(org, 'sms', { type: 'message', id: 'x' });
      throw new Error('provider exploded');
    })).toThrow('provider exploded');
    expect(wallet.get(org).balancePaise).toBe(500);
    expect(wallet.linesFor(org, { type: 'message', id: 'x' })).toEqual([]);
    expect(wallet.audit(org).balanced).toBe(true);
  });
});
