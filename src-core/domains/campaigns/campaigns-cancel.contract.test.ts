// A campaign cancelled while a slice of its recipients is with a provider that answers later (outside the send's
// transaction, as a remote one does): the recipients not yet handed over are cancelled and refunded at once; those
// handed over end as their messages do (sent and paid for, or failed and refunded), in this process or, after a stop,
// when the restarted server's recovery settles their messages. None stays `sending`, and the counters agree.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelProvider, ProviderOutcome } from '../messaging/index.ts';
import { createTestServer, stoppedCopy, type TestServer } from '../../testing/test-server.ts';

const PRICE = 80;
const RECIPIENTS = 30;
const dir = mkdtempSync(join(tmpdir(), 'sb-campaign-cancel-'));

/** Sends the WhatsApp provider holds unanswered, and who waits for the first one. */
const held: Array<{ answer(outcome: ProviderOutcome): void; forward(): Promise<ProviderOutcome> }> = [];
let heldWaiter: (() => void) | null = null;
/** A provider that answers later, as a remote one does: every send is held until the test lets it go. */
const remote = (simulated: ChannelProvider): ChannelProvider => ({
  send: (message) => new Promise((resolve) => {
    held.push({ answer: resolve, forward: () => simulated.send(message) });
    heldWaiter?.();
  }),
});
/** Resolves once a slice is held: its sends are all handed to the provider in the same turn. */
const sliceHeld = (): Promise<void> => new Promise((resolve) => (heldWaiter = resolve));

let a: TestServer;
let key: string;
let templateId: string;
const phones = (from: number) => Array.from({ length: RECIPIENTS }, (_, i) => `9198110${String(from + i).padStart(5, '0')}`);
const balance = async (t: TestServer) => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;
const detail = async (t: TestServer, id: string) => (await t.request('GET', `/v1/whatsapp/campaigns/${id}`, { token: key })).body;
const recipientStates = (t: TestServer, id: string) => t.server.db.sql
  .prepare(`SELECT state, COUNT(*) AS n FROM campaign_recipients WHERE campaign_id = ? GROUP BY state ORDER BY state`).all(id);

/** Creates and launches a campaign to `addresses` on `a`, and answers once its first slice is with the provider. */
async function launchUntilHeld(addresses: string[]): Promise<{ id: string; slice: number }> {
  const id = (await a.request('POST', '/v1/whatsapp/campaigns', {
    token: key, body: { templateId, phones: addresses, templateComponents: [{ type: 'body', parameters: [{ type: 'text', text: 'friend' }] }] },
  })).body.id as string;
  const reached = sliceHeld();
  expect((await a.request('POST', `/v1/whatsapp/campaigns/${id}/launch`, { token: key })).status).toBe(202);
  await reached;
  return { id, slice: held.length };
}

beforeAll(async () => {
  a = await createTestServer({ providers: (simulated) => ({ ...simulated, whatsapp: remote(simulated.whatsapp) }) });
  key = (await a.createKey({ rateLimitPerMinute: 10_000 })).key;
  await a.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 1_000_000 });
  templateId = (await a.dashboard('POST', '/dashboard/whatsapp/templates', {
    name: 'winter_sale', category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'Hi {{1}}, the winter sale is on' }],
  })).body.id as string;
  await a.advance(60);
});
afterAll(async () => {
  for (const send of held.splice(0)) send.answer({ ok: false, code: 'STOPPED', message: 'the test ended' });
  await a.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a campaign cancelled while a slice is with the provider', () => {
  it('cancels and refunds the recipients not handed over; the slice ends as the provider answers it', async () => {
    const before = await balance(a);
    const { id, slice } = await launchUntilHeld(phones(1000));
    const cancelled = await a.request('POST', `/v1/whatsapp/campaigns/${id}/cancel`, { token: key });
    expect(cancelled.body).toEqual({ success: true, campaignId: id, refundedRecipients: RECIPIENTS - slice });
    // Until the provider answers, the slice is neither sent nor failed: it is still pending.
    expect((await detail(a, id)).counts).toMatchObject({ pending: slice, sent: 0, cancelled: RECIPIENTS - slice });

    const answered = held.splice(0);
    for (const send of answered) send.answer(await send.forward());
    await a.server.jobs.runDue();
    expect(await detail(a, id)).toMatchObject({
      status: 'CANCELLED', sentCount: slice, refundedRecipients: RECIPIENTS - slice, counts: { pending: 0, sent: slice, failed: 0, cancelled: RECIPIENTS - slice },
    });
    expect(recipientStates(a, id)).toEqual([{ state: 'cancelled', n: RECIPIENTS - slice }, { state: 'sent', n: slice }]);
    expect(a.server.services.campaigns.audit(a.organizationId, id).consistent).toBe(true);
    expect(await balance(a)).toBe(before - slice * PRICE);
    expect(a.server.services.wallet.audit(a.organizationId).balanced).toBe(true);
  });

  it('then stopped before the provider answered: the restarted server settles the slice, sent or failed and refunded, none left sending', async () => {
    const before = await balance(a);
    // The first recipient has no WhatsApp account: the restarted server's provider fails it.
    const { id, slice } = await launchUntilHeld(['15005550002', ...phones(2000).slice(1)]);
    expect((await a.request('POST', `/v1/whatsapp/campaigns/${id}/cancel`, { token: key })).body.refundedRecipients).toBe(RECIPIENTS - slice);
    const stopped = stoppedCopy(a, join(dir, 'stopped.db'));
    for (const send of held.splice(0)) send.answer({ ok: false, code: 'STOPPED', message: 'the first server stopped' });
    await a.server.jobs.runDue();

    const b = await stopped.restart();
    try {
      expect(await b.server.queuedRecovery()).toEqual({ handedOver: slice, interrupted: 0 });
      await b.server.jobs.runDue();
      expect(await detail(b, id)).toMatchObject({
        status: 'CANCELLED', sentCount: slice - 1, refundedRecipients: RECIPIENTS - slice,
        counts: { pending: 0, sent: slice - 1, failed: 1, cancelled: RECIPIENTS - slice },
      });
      expect(recipientStates(b, id)).toEqual([{ state: 'cancelled', n: RECIPIENTS - slice }, { state: 'failed', n: 1 }, { state: 'sent', n: slice - 1 }]);
      expect(b.server.services.campaigns.audit(b.organizationId, id).consistent).toBe(true);
      expect((await b.request('GET', `/v1/whatsapp/campaigns/${id}/analytics`, { token: key })).body).toMatchObject({ sent: slice - 1, failed: 1 });
      // Paid for: the recipients sent; the failed one refunded by its message, the others by the cancel.
      expect(await balance(b)).toBe(before - (slice - 1) * PRICE);
      expect(b.server.services.wallet.audit(b.organizationId).balanced).toBe(true);
      // Receipts still move the sent ones on.
      await b.advance(3);
      expect((await detail(b, id)).counts).toMatchObject({ pending: 0, sent: slice - 1, delivered: slice - 1, failed: 1 });
    } finally {
      await b.close();
    }
  });
});
