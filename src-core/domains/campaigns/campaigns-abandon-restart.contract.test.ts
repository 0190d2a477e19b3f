// A campaign whose dispatch fails every attempt (recording a provider's `sent` fails, injected by a trigger) and whose
// settling then fails part-way too: at the last attempt the database also refuses to record its queued messages failed,
// so they stay queued, their recipients `sending`, the campaign RUNNING (its unsent recipients are failed and refunded).
// The next start's recovery settles those messages; the last of them completes the campaign, which no dispatch is left
// to do (before, it stayed RUNNING for good).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stoppedCopy } from '../../testing/test-server.ts';
import { FIRST_SLICE, RECIPIENTS, failingDispatchServer, launchFailing, type FailingDispatch } from '../../testing/failing-dispatch.ts';

let f: FailingDispatch;
let t: FailingDispatch['t'];
let key: string;

beforeAll(async () => {
  f = await failingDispatchServer('campaign-abandon-restart');
  ({ t, key } = f);
});
afterAll(() => f.close());

describe('a campaign whose failed dispatch could not fail its queued messages', () => {
  it('is completed by the next start, once its recovery has settled them', async () => {
    const { id, before } = await launchFailing(f, 'monsoon_sale', '91981550');
    // Four attempts fail (at 0, 2, 6 and 14 s); before the last (at 30 s) recording a failed message fails as well.
    await t.advance(20);
    expect(f.one(`SELECT attempts FROM jobs WHERE type = 'campaign.dispatch' AND status = 'pending'`)).toBe(4);
    t.server.db.sql.exec(`CREATE TEMP TRIGGER fail_failed BEFORE UPDATE OF status ON messages WHEN NEW.status = 'failed'
      BEGIN SELECT RAISE(ABORT, 'recording a failed message fails (injected)'); END`);
    await t.advance(60);
    expect(f.one(`SELECT status FROM jobs WHERE type = 'campaign.dispatch'`)).toBe('failed');
    expect(t.logs.some((line) => line.startsWith('giving up queued messages:') && line.includes('recording a failed message fails (injected)'))).toBe(true);
    const stuck = (await t.request('GET', `/v1/whatsapp/campaigns/${id}`, { token: key })).body;
    expect(stuck).toMatchObject({
      status: 'RUNNING', refundedRecipients: RECIPIENTS - FIRST_SLICE, counts: { pending: FIRST_SLICE, sent: 0, failed: RECIPIENTS - FIRST_SLICE },
    });
    expect(f.one(`SELECT COUNT(*) FROM messages WHERE status = 'queued'`)).toBe(FIRST_SLICE);

    // Restarted without the faults: the recovery hands the queued messages over again (the provider had them: sent).
    f.heal();
    t.server.db.sql.exec('DROP TRIGGER temp.fail_failed');
    const restarted = await stoppedCopy(t, join(f.dir, 'stopped.db')).restart();
    try {
      expect(await restarted.server.queuedRecovery()).toEqual({ handedOver: FIRST_SLICE, interrupted: 0 });
      const detail = (await restarted.request('GET', `/v1/whatsapp/campaigns/${id}`, { token: key })).body;
      expect(detail).toMatchObject({
        status: 'COMPLETED', completedAt: expect.any(String), sentCount: FIRST_SLICE, refundedRecipients: RECIPIENTS - FIRST_SLICE,
        counts: { pending: 0, sent: FIRST_SLICE, failed: RECIPIENTS - FIRST_SLICE },
      });
      expect(restarted.server.services.campaigns.audit(restarted.organizationId, id).consistent).toBe(true);
      await restarted.server.bus.flush();
      const progress = restarted.server.bus.recent(restarted.organizationId, 50)
        .filter((e) => e.type === 'campaign.progress' && e.data.includes(id)).map((e) => JSON.parse(e.data));
      expect(progress[0]).toMatchObject({ campaignId: id, status: 'COMPLETED', sent: FIRST_SLICE, pending: 0 });
      // Paid for: what was sent; the rest refunded in the campaign's line.
      expect(await f.balance(restarted)).toBe(before - FIRST_SLICE * (detail.pricePaise as number));
      expect(restarted.server.services.wallet.audit(restarted.organizationId).balanced).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});
