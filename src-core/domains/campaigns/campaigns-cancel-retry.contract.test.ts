// A campaign cancelled while its failing dispatch waits to retry (recording a provider's `sent` fails, injected by a
// trigger, with a provider that answers outside the send's transaction): its messages left queued by the failed
// attempt fail at the cancel (refunded, their status events out), as a dispatch that gave up fails them, and the
// recipients never handed over are cancelled and refunded. Nothing stays pending, charged, or for the next start to send.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stoppedCopy } from '../../testing/test-server.ts';
import { FIRST_SLICE, RECIPIENTS, failingDispatchServer, launchFailing, type FailingDispatch } from '../../testing/failing-dispatch.ts';

let f: FailingDispatch;
let t: FailingDispatch['t'];
let key: string;
const balance = (server?: FailingDispatch['t']) => f.balance(server);
const one = (sql: string) => f.one(sql);

beforeAll(async () => {
  f = await failingDispatchServer('campaign-cancel-retry');
  ({ t, key } = f);
});
afterAll(() => f.close());

describe('a campaign cancelled while its failing dispatch waits to retry', () => {
  it('fails and refunds the messages the failed attempt left queued, cancels the rest, and leaves nothing to send after a restart', async () => {
    const { id, before } = await launchFailing(f, 'autumn_sale', '91981440');
    // The first attempt fails with its first slice queued; the second is 2 s away.
    await t.advance(1);
    expect(one(`SELECT attempts FROM jobs WHERE type = 'campaign.dispatch' AND status = 'pending'`)).toBe(1);
    expect(one(`SELECT COUNT(*) FROM messages WHERE status = 'queued'`)).toBe(FIRST_SLICE);

    const cancelled = await t.request('POST', `/v1/whatsapp/campaigns/${id}/cancel`, { token: key });
    expect(cancelled.body).toEqual({ success: true, campaignId: id, refundedRecipients: RECIPIENTS - FIRST_SLICE });
    const detail = (await t.request('GET', `/v1/whatsapp/campaigns/${id}`, { token: key })).body;
    expect(detail).toMatchObject({
      status: 'CANCELLED', sentCount: 0, refundedRecipients: RECIPIENTS - FIRST_SLICE,
      counts: { pending: 0, sent: 0, failed: FIRST_SLICE, cancelled: RECIPIENTS - FIRST_SLICE },
    });
    expect(t.server.services.campaigns.audit(t.organizationId, id).consistent).toBe(true);
    // The console's results count them under the cancel (their messages' code reaches their recipients).
    expect((await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${id}`)).body.failureReasons)
      .toEqual([{ code: 'CAMPAIGN_CANCELLED', label: 'Campaign cancelled', count: FIRST_SLICE }]);
    const failures = (await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${id}/failures?limit=100`)).body.data as Array<{ reason: string; messageId: string }>;
    expect(failures).toHaveLength(FIRST_SLICE);
    for (const { reason, messageId } of failures) {
      expect(reason).toMatch(/^Not sent: the campaign was cancelled while its dispatch was failing/);
      expect(t.server.services.messaging.get(t.organizationId, messageId)).toMatchObject({ status: 'failed', errorCode: 'CAMPAIGN_CANCELLED', billingAmountPaise: 0 });
    }
    await t.server.bus.flush();
    const failedEvents = t.server.bus.recent(t.organizationId, 200)
      .filter((e) => e.type === 'whatsapp.message.status' && failures.some((f) => e.data.includes(f.messageId)) && e.data.includes('"failed"'));
    expect(failedEvents).toHaveLength(FIRST_SLICE);
    expect(one(`SELECT COUNT(*) FROM messages WHERE status = 'queued'`)).toBe(0);
    expect(one(`SELECT COUNT(*) FROM queued_sends`)).toBe(0);
    expect(await balance(t)).toBe(before);
    expect(t.server.services.wallet.audit(t.organizationId).balanced).toBe(true);

    // The retry finds the campaign cancelled and ends; nothing changes. The simulated customers the provider was handed
    // messages before recording failed do not click or reply: the platform failed those messages.
    const settled = { pending: 0, sent: 0, delivered: 0, failed: FIRST_SLICE, cancelled: RECIPIENTS - FIRST_SLICE, clicked: 0, replied: 0 };
    await t.advance(60);
    expect(one(`SELECT COUNT(*) FROM jobs WHERE type = 'campaign.dispatch'`)).toBe(0);
    expect((await t.request('GET', `/v1/whatsapp/campaigns/${id}`, { token: key })).body.counts).toMatchObject(settled);

    // A restart (the fault gone) has nothing to hand over: nothing is sent or charged for the cancelled campaign.
    f.heal();
    const restarted = await stoppedCopy(t, join(f.dir, 'stopped.db')).restart();
    try {
      expect(await restarted.server.queuedRecovery()).toEqual({ handedOver: 0, interrupted: 0 });
      await restarted.advance(60);
      expect(restarted.server.db.sql.prepare(`SELECT COUNT(*) FROM messages WHERE status IN ('sent', 'delivered', 'read')`).pluck().get()).toBe(0);
      expect((await restarted.request('GET', `/v1/whatsapp/campaigns/${id}`, { token: key })).body).toMatchObject({ status: 'CANCELLED', counts: settled });
      expect(await balance(restarted)).toBe(before);
    } finally {
      await restarted.close();
    }
  });
});
