// The console's Overview over real HTTP (`GET /dashboard/overview`): a day's messages per channel on the virtual clock
// (sent, receipts as they come, failures, customers writing in, the delivery rate) and nothing once they are a day old,
// the inbox's open, unread and snoozed conversations, a scheduled campaign and its send time, webhook endpoints and
// their retrying or held deliveries, the wallet and a day's spend; each statement through an index.
import { beforeAll, describe, expect, it } from 'vitest';
import { overviewSchema, type Overview } from '../contract/overview.ts';
import { addSmsSale } from '../testing/sale-fixtures.ts';
import type { TestServer } from '../testing/test-server.ts';
import { webhookSuite } from '../testing/webhook-receiver.ts';
import { overviewStatements } from './overview.store.ts';

const suite = webhookSuite();
const { api, receiver, settle } = suite;
let t: TestServer;
const overview = async (): Promise<Overview> => {
  const res = await t.dashboard('GET', '/dashboard/overview');
  expect(res.status).toBe(200);
  return overviewSchema.parse(res.body);
};
const inbound = (from: string, text: string) => t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from, text });
const conversationOf = async (address: string) =>
  (await t.dashboard('GET', `/dashboard/conversations?channel=whatsapp&search=${encodeURIComponent(address)}`)).body.data[0].id as string;
const reply = async (address: string, text: string) => t.dashboard('POST', `/dashboard/conversations/${await conversationOf(address)}/reply`, { text });

beforeAll(async () => {
  t = suite.server();
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000, emailCredits: 10 });
});

describe('GET /dashboard/overview', () => {
  it('starts at zero for an organization with nothing yet', async () => {
    const empty = await overview();
    expect(empty.messages.total).toEqual({ sent: 0, delivered: 0, read: 0, failed: 0, received: 0, deliveryRate: null });
    expect(empty.inbox).toMatchObject({ openTotal: 0, snoozed: 0, unread: { total: 0 } });
    expect(empty.campaigns).toEqual({ running: [], scheduled: [], nextScheduledAt: null, completed: [], completedCount: 0 });
    expect(empty.webhooks).toEqual({ active: 0, disabled: 0, retrying: 0, held: 0 });
    expect(empty.wallet).toEqual({ balancePaise: 100_000, emailCredits: 10, spentPaise: 0, emailCreditsSpent: 0 });
    expect(Date.parse(empty.now) - Date.parse(empty.since)).toBe(24 * 3600 * 1000);
  });

  it('counts a day of messages as their receipts come on the clock, and the inbox they make', async () => {
    await inbound('+14155550601', 'Where is my order?');
    await inbound('+14155550602', 'Hello?');
    await inbound('+15005550001', 'Anyone there?');
    let now = await overview();
    expect(now.messages.byChannel.whatsapp).toEqual({ sent: 0, delivered: 0, read: 0, failed: 0, received: 3, deliveryRate: null });
    expect(now.inbox.open.whatsapp).toBe(3);
    expect(now.inbox.unread).toMatchObject({ whatsapp: 3, total: 3 });

    expect((await reply('+14155550601', 'On its way')).status).toBe(201);
    await reply('+15005550001', 'We are here');
    now = await overview();
    expect(now.messages.byChannel.whatsapp).toMatchObject({ sent: 2, delivered: 0, read: 0, failed: 1, received: 3, deliveryRate: 0 });
    await t.advance(2);
    expect((await overview()).messages.byChannel.whatsapp).toMatchObject({ sent: 2, delivered: 1, read: 0, deliveryRate: 0.5 });
    await t.advance(10);
    now = await overview();
    expect(now.messages.byChannel.whatsapp).toEqual({ sent: 2, delivered: 1, read: 1, failed: 1, received: 3, deliveryRate: 0.5 });
    expect(now.messages.total).toEqual(now.messages.byChannel.whatsapp);
    expect(now.messages.byChannel.sms.sent).toBe(0);

    // Read, snoozed: the inbox's figures follow the conversation.
    await t.dashboard('POST', `/dashboard/conversations/${await conversationOf('+14155550601')}/read`);
    const until = new Date(t.server.clock.now() + 3600_000).toISOString();
    await t.dashboard('POST', `/dashboard/conversations/${await conversationOf('+14155550602')}/snooze`, { until });
    now = await overview();
    expect(now.inbox).toMatchObject({ openTotal: 2, snoozed: 1, unread: { whatsapp: 1, total: 1 } });
    expect(now.inbox.unread).toEqual((await t.dashboard('GET', '/dashboard/conversations/unread-counts')).body);

    // The wallet's day of spend is what the ledger charged (less refunds) since the top-up.
    const wallet = (await t.dashboard('GET', '/dashboard/wallet')).body;
    expect(now.wallet).toMatchObject({ balancePaise: wallet.balancePaise, spentPaise: 100_000 - wallet.balancePaise });
    expect(now.wallet.spentPaise).toBeGreaterThan(0);
  });

  it('lists a scheduled campaign with its send time', async () => {
    await addSmsSale(t);
    await t.advance(60);
    const scheduledAt = new Date(t.server.clock.now() + 2 * 3600_000).toISOString();
    const created = await api('POST', '/v1/sms/campaigns', {
      name: 'Weekend sale', messageBody: 'Big sale: 30% off today - ACME', scheduledAt, audienceCriteria: { phones: ['919810080101', '919810080102'] },
    });
    expect(created.status).toBe(201);
    expect((await overview()).campaigns.scheduled).toEqual([]);
    expect((await api('POST', `/v1/sms/campaigns/${created.body.id}/launch`, {})).status).toBe(202);
    const now = await api('POST', '/v1/sms/campaigns', { name: 'Flash', messageBody: 'Big sale: 50% off today - ACME', audienceCriteria: { phones: ['919810080201'] } });
    await api('POST', `/v1/sms/campaigns/${now.body.id}/launch`, {});
    const { campaigns } = await overview();
    // One launched now has sent its message at once (on the manual clock): it is finished, not running.
    expect(campaigns.running).toEqual([]);
    expect((await overview()).messages.byChannel.sms).toMatchObject({ sent: 1 });
    expect(campaigns.scheduled).toEqual([{
      id: created.body.id, channel: 'sms', name: 'Weekend sale', status: 'SCHEDULED', totalRecipients: 2, sentCount: 0, failedCount: 0, scheduledAt,
    }]);
    expect(campaigns.nextScheduledAt).toBe(scheduledAt);
    // The one that sent at once is listed as completed within the day, with what it came to.
    expect(campaigns.completed).toEqual([{
      id: now.body.id, channel: 'sms', name: 'Flash', status: 'COMPLETED', totalRecipients: 1, sentCount: 1, failedCount: 0, scheduledAt: null,
    }]);
    expect(campaigns.completedCount).toBe(1);
  });

  it('counts endpoints, a delivery retrying and one held on a disabled endpoint', async () => {
    const failing = await receiver(500);
    const endpoint = (await api('POST', '/v1/webhooks', { url: failing.url, events: '*' })).body;
    await api('POST', `/v1/webhooks/${endpoint.id}/test`, {});
    await settle();
    const { webhooks } = await overview();
    expect(webhooks.active).toBe(1);
    expect(webhooks.retrying).toBeGreaterThanOrEqual(1);
    const other = (await api('POST', '/v1/webhooks', { url: (await receiver(500)).url, events: ['form.submitted'] })).body;
    await api('POST', `/v1/webhooks/${other.id}/test`, {});
    await settle();
    await api('PATCH', `/v1/webhooks/${other.id}`, { isActive: false });
    const after = (await overview()).webhooks;
    expect(after).toMatchObject({ active: 1, disabled: 1, held: 1, retrying: webhooks.retrying });
  });

  it('leaves out what is more than a day old', async () => {
    // The scheduled campaign sends 2 hours on; a day after that, nothing is left in the window.
    await t.advance(3 * 3600);
    expect((await overview()).messages.byChannel.sms).toMatchObject({ sent: 3 });
    await t.advance(25 * 3600);
    const later = await overview();
    expect(later.messages.total).toEqual({ sent: 0, delivered: 0, read: 0, failed: 0, received: 0, deliveryRate: null });
    expect(later.wallet.spentPaise).toBe(0);
    // Both campaigns finished more than a day ago: none is listed as completed.
    expect([later.campaigns.completed, later.campaigns.completedCount]).toEqual([[], 0]);
    // Conversations and endpoints are as they are now, not about the day.
    expect(later.inbox.openTotal).toBeGreaterThanOrEqual(2);
    const listed = (await api('GET', '/v1/webhooks')).body.data as Array<{ isActive: boolean }>;
    expect([later.webhooks.active, later.webhooks.disabled]).toEqual([listed.filter((e) => e.isActive).length, listed.filter((e) => !e.isActive).length]);
  });

  it('reads every figure through an index, messages only within the window', () => {
    const plans = Object.entries(overviewStatements()).map(([name, statement]) => {
      const rows = t.server.db.sql.prepare(`EXPLAIN QUERY PLAN ${statement}`).all({ orgId: 'org_x', since: '2026-01-01T00:00:00.000Z' }) as Array<{ detail: string }>;
      return [name, rows.map((row) => row.detail).join(' | ')] as const;
    });
    for (const [name, plan] of plans) {
      expect(plan, name).not.toMatch(/\bSCAN (messages|conversations|campaigns|voice_calls|voice_app_calls|webhook_endpoints|webhook_deliveries|ledger)\b(?! USING)/);
    }
    const plan = Object.fromEntries(plans);
    expect(plan.messages).toMatch(/SEARCH messages USING INDEX messages_org_channel \(org_id=\? AND channel=\? AND created_at>\?\)/);
    expect(plan.agentCalls).toMatch(/USING INDEX voice_calls_org \(org_id=\? AND started_at>\?\)/);
    expect(plan.appCalls).toMatch(/USING INDEX voice_app_calls_org \(org_id=\? AND started_at>\?\)/);
    expect(plan.ledger).toMatch(/USING INDEX ledger_org \(org_id=\?\)/);
    expect(plan.completedCampaigns).toMatch(/USING INDEX campaigns_org \(org_id=\?\)/);
    // Only the deliveries waiting (migration 50's partial index), not every one an endpoint kept.
    expect(plan.deliveries).toMatch(/USING (COVERING )?INDEX webhook_deliveries_waiting \(endpoint_id=\? AND status=\?\)/);
  });
});
