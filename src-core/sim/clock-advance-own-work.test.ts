// POST /sim/clock/advance past its budget with nobody else sending: the advance still runs everything its own work
// makes inside the window (a scheduled campaign's every slice, each message's receipts, their webhook deliveries),
// each at its own time, before it answers. Only work that requests add meanwhile is left to the runner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { addSmsSale } from '../testing/sale-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.ts';

let t: TestServer;
let receiver: WebhookReceiver;
let key: string;
const RECIPIENTS = 450;

beforeAll(async () => {
  // A budget of 0: the advance is past it from its first job on, as a long one is after 5 s.
  t = await createTestServer({ clock: { kind: 'real' }, allowPrivateWebhooks: true, advanceBudgetMs: 0 });
  receiver = await startWebhookReceiver();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 10_000_000 });
  await addSmsSale(t);
  await t.dashboard('POST', '/sim/clock/advance', { seconds: 60 });
  const endpoint = await t.request('POST', '/v1/webhooks', { token: key, body: { url: receiver.url, events: ['sms.message.status'] } });
  expect(endpoint.status).toBe(201);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('clock advance past its budget, unloaded', () => {
  it('answers with a scheduled campaign sent whole, each message delivered 2 s after it was sent and read, and its webhooks delivered', async () => {
    const start = t.server.clock.now();
    const phones = Array.from({ length: RECIPIENTS }, (_, i) => `9198100${String(60_000 + i)}`);
    const scheduledAt = new Date(start + 3_600_000).toISOString();
    const created = await t.request('POST', '/v1/sms/campaigns', {
      token: key, body: { name: 'Hourly sale', messageBody: 'Big sale: 30% off today - ACME', scheduledAt, audienceCriteria: { phones } },
    });
    expect(created.status).toBe(201);
    expect((await t.request('POST', `/v1/sms/campaigns/${created.body.id}/launch`, { token: key })).status).toBe(202);

    const advance = await t.dashboard('POST', '/sim/clock/advance', { seconds: 7_200 });
    expect(advance.status).toBe(200);
    const campaign = (await t.request('GET', `/v1/sms/campaigns/${created.body.id}`, { token: key })).body;
    expect(campaign).toMatchObject({ status: 'COMPLETED', sentCount: RECIPIENTS, deliveredCount: RECIPIENTS });
    const logs = (await t.request('GET', `/v1/sms/logs?limit=${RECIPIENTS}&status=read`, { token: key })).body;
    expect(logs.meta.total).toBe(RECIPIENTS);
    for (const message of logs.data as Array<{ sentAt: string; deliveredAt: string }>) {
      // Sent when the schedule came (its slices a moment apart), not when the advance ended.
      expect(Date.parse(message.sentAt) - Date.parse(scheduledAt)).toBeLessThan(60_000);
      // Exactly: the clock is held while the advance runs, so nothing is stamped by the real time the jobs take.
      expect(Date.parse(message.deliveredAt) - Date.parse(message.sentAt)).toBe(2_000);
    }
    // Every status (sent, delivered, read) reached the endpoint before the advance answered.
    expect(receiver.received.length).toBe(3 * RECIPIENTS);
  });
});
