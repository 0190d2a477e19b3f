// An RCS campaign's SMS fallbacks that a stop cut off (queued with an SMS provider that answers outside the send's
// transaction, as a remote one does) are settled by the next start's recovery as the dispatch would have settled them:
// one the provider then fails is refunded as what it was paid as, RCS at the RCS price, as a failed fallback is refunded
// without a stop (sms-rcs-campaigns.contract.test.ts › a failed SMS fallback…). Before, the recovery's refund line said SMS.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelProvider, ProviderOutcome } from '../messaging/index.ts';
import { createTestServer, stoppedCopy, type TestServer } from '../../testing/test-server.ts';
import { addRcsWeekend, addSmsSale } from '../../testing/sale-fixtures.ts';

const SALE = 'Big sale: 30% off today - ACME';
const dir = mkdtempSync(join(tmpdir(), 'sb-campaign-rcs-recovery-'));

/** SMS sends the provider holds unanswered, and who waits for them. */
const held: Array<(outcome: ProviderOutcome) => void> = [];
let heldWaiter: { count: number; resolve(): void } | null = null;
const remote = (): ChannelProvider => ({
  send: () => new Promise((resolve) => {
    held.push(resolve);
    if (heldWaiter && held.length >= heldWaiter.count) heldWaiter.resolve();
  }),
});
const heldCount = (count: number): Promise<void> => new Promise((resolve) => (heldWaiter = { count, resolve }));

let a: TestServer;
let key: string;
let botId: string;
let templateId: string;
const balance = async (t: TestServer) => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;

beforeAll(async () => {
  a = await createTestServer({ providers: (simulated) => ({ ...simulated, sms: remote() }) });
  key = (await a.createKey({ rateLimitPerMinute: 10_000 })).key;
  await a.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  await addSmsSale(a);
  ({ botId, templateId } = await addRcsWeekend(a, '{{discount}} off this weekend.'));
  await a.advance(60);
});
afterAll(async () => {
  for (const answer of held.splice(0)) answer({ ok: false, code: 'STOPPED', message: 'the test ended' });
  await a.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("an RCS campaign's SMS fallbacks a stop left queued", () => {
  it('are settled by the next start, a failed one refunded as RCS at the RCS price, and the campaign completes', async () => {
    const before = await balance(a);
    const rcsPrice = (await a.dashboard('GET', '/dashboard/wallet')).body.prices.rcs as number;
    // Neither handset has RCS: both get the SMS fallback; +15005550001 is unreachable there too.
    const reached = heldCount(2);
    const res = await a.request('POST', '/v1/rcs/campaigns', {
      token: key, body: { botId, templateId, numbers: ['15005550001', '15005550003'], fallback: true, fallbackMessage: SALE, rcsVariables: { discount: '10%' } },
    });
    expect(res.status).toBe(202);
    const id = res.body.id as string;
    await reached;
    const stopped = stoppedCopy(a, join(dir, 'stopped.db'));

    const b = await stopped.restart();
    try {
      expect(await b.server.queuedRecovery()).toEqual({ handedOver: 2, interrupted: 0 });
      await b.server.jobs.runDue();
      expect((await b.request('GET', `/v1/rcs/campaigns/${id}`, { token: key })).body).toMatchObject({ status: 'COMPLETED', sentCount: 1 });
      const [failed] = (await b.dashboard('GET', `/dashboard/rcs/campaigns/${id}/failures`)).body.data as Array<{ address: string; messageId: string }>;
      expect(failed).toMatchObject({ address: '+15005550001' });
      expect(b.server.services.messaging.get(b.organizationId, failed?.messageId as string)).toMatchObject({ channel: 'sms', status: 'failed', billingAmountPaise: 0 });
      const ledger = (await b.dashboard('GET', '/dashboard/wallet/ledger?limit=10')).body.data as Array<Record<string, unknown>>;
      // Refunded to the campaign that paid for it at launch, naming it and the recipient, as every refund of a campaign.
      const refunds = ledger.filter((line) => line.kind === 'refund').map((line) => [line.referenceType, line.referenceId, line.channel, line.amountPaise, line.description]);
      expect(refunds).toEqual([['campaign', id, 'rcs', rcsPrice, `campaign "${res.body.name}" · +15005550001 not sent · unreachable`]]);
      expect(await balance(b)).toBe(before - rcsPrice);
      expect(b.server.services.wallet.audit(b.organizationId).balanced).toBe(true);
      expect(b.server.services.campaigns.audit(b.organizationId, id).consistent).toBe(true);
    } finally {
      await b.close();
    }
  });
});
