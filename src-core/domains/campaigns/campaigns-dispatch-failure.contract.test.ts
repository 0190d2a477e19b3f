// A campaign whose dispatch fails every attempt (here: recording a provider's `sent` fails, injected by a trigger)
// while a slice of its messages is queued with a provider that answers outside the send's transaction. Its last
// failure settles what it left at once: the queued messages fail through the send path (refunded, their status
// events out), the recipients never handed over fail and are refunded, and the campaign completes with every
// recipient counted failed. Nothing is left for the next start's recovery.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stoppedCopy } from '../../testing/test-server.ts';
import { FIRST_SLICE, RECIPIENTS, failingDispatchServer, launchFailing, type FailingDispatch } from '../../testing/failing-dispatch.ts';

const REASON = /^Not sent: the campaign's dispatch failed \(.*recording a sent message fails \(injected\)\)$/;

let f: FailingDispatch;
let t: FailingDispatch['t'];
let key: string;
const balance = () => f.balance();
const one = (sql: string) => f.one(sql);

beforeAll(async () => {
  f = await failingDispatchServer('campaign-dispatch-failure');
  ({ t, key } = f);
});
afterAll(() => f.close());

describe('a campaign dispatch that fails its last attempt', () => {
  it('fails and refunds its queued messages and its unsent recipients at once, and completes the campaign', async () => {
    const { id, before } = await launchFailing(f, 'spring_sale', '91981330');
    // Five attempts, 2 + 4 + 8 + 16 s apart.
    await t.advance(60);

    expect(one(`SELECT status FROM jobs WHERE type = 'campaign.dispatch'`)).toBe('failed');
    const detail = (await t.request('GET', `/v1/whatsapp/campaigns/${id}`, { token: key })).body;
    // The recipients never handed over are the campaign's refund (one line), counted as a cancel counts its own.
    expect(detail).toMatchObject({
      status: 'COMPLETED', sentCount: 0, refundedRecipients: RECIPIENTS - FIRST_SLICE, counts: { pending: 0, sent: 0, failed: RECIPIENTS },
    });
    expect(t.server.services.campaigns.audit(t.organizationId, id).consistent).toBe(true);
    // The console's results count every one under the failed dispatch: those never handed over and the queued ones alike.
    expect((await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${id}/analytics`)).body.failureReasons)
      .toEqual([{ code: 'DISPATCH_FAILED', label: 'Dispatch failed', count: RECIPIENTS }]);
    const failures = (await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${id}/failures?limit=100`)).body.data as Array<{ address: string; reason: string; messageId: string | null }>;
    expect(failures).toHaveLength(RECIPIENTS);
    for (const failure of failures) expect(failure.reason).toMatch(REASON);
    // The first slice was queued (and handed over) before recording failed; the rest were never handed over.
    const queuedOnes = failures.filter((f) => f.messageId !== null);
    expect(queuedOnes).toHaveLength(FIRST_SLICE);
    for (const { messageId } of queuedOnes) {
      const message = t.server.services.messaging.get(t.organizationId, messageId as string);
      expect(message).toMatchObject({ status: 'failed', errorCode: 'DISPATCH_FAILED', billingAmountPaise: 0 });
      expect(message.errorMessage).toMatch(REASON);
    }
    await t.server.bus.flush();
    const failedEvents = t.server.bus.recent(t.organizationId, 200)
      .filter((e) => e.type === 'whatsapp.message.status' && queuedOnes.some((f) => e.data.includes(f.messageId as string)) && e.data.includes('"failed"'));
    expect(failedEvents).toHaveLength(FIRST_SLICE);
    expect(one(`SELECT COUNT(*) FROM messages WHERE status = 'queued'`)).toBe(0);
    expect(one(`SELECT COUNT(*) FROM queued_sends`)).toBe(0);
    expect(await balance()).toBe(before);
    expect(t.server.services.wallet.audit(t.organizationId).balanced).toBe(true);
    // The ledger agrees, every line referencing the campaign: one refund line of `refundedRecipients` (here the failures
    // without a message), and each queued message refunded by its own, naming its recipient.
    const ledger = (await t.dashboard('GET', '/dashboard/wallet/ledger?limit=200')).body.data as Array<{ kind: string; amountPaise: number; referenceType: string; referenceId: string; description: string }>;
    const refunds = ledger.filter((l) => l.kind === 'refund' && l.referenceType === 'campaign' && l.referenceId === id);
    const price = detail.pricePaise as number;
    const name = `campaign "${detail.name}"`;
    expect(refunds.filter((l) => l.description.includes('unsent')).map((l) => [l.amountPaise, l.description]))
      .toEqual([[detail.refundedRecipients * price, `${name} · ${detail.refundedRecipients} unsent recipients · its dispatch failed`]]);
    expect(failures.filter((f) => f.messageId === null)).toHaveLength(detail.refundedRecipients);
    expect(refunds.filter((l) => !l.description.includes('unsent')).map((l) => [l.amountPaise, l.description]).sort())
      .toEqual(queuedOnes.map((f) => [price, `${name} · ${f.address} not sent · its dispatch failed`]).sort());

    // Nothing is left for the next start to settle.
    f.heal();
    const restarted = await stoppedCopy(t, join(f.dir, 'stopped.db')).restart();
    try {
      expect(await restarted.server.queuedRecovery()).toEqual({ handedOver: 0, interrupted: 0 });
    } finally {
      await restarted.close();
    }
  });
});
