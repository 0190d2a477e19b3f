// POST /sim/clock/advance on real time, while customers keep sending and a webhook endpoint listens: the
// advance runs what falls due on its way and returns, leaving work that keeps arriving to the runner;
// the offset is saved as the clock moves, so a kill mid-advance never sends virtual time backwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.ts';

let t: TestServer;
let receiver: WebhookReceiver;
let key: string;
/** Keys the senders take turns with, so the load outlasts a key's rate limit. */
const keys: string[] = [];

beforeAll(async () => {
  t = await createTestServer({ clock: { kind: 'real' }, allowPrivateWebhooks: true, advanceBudgetMs: 500 });
  receiver = await startWebhookReceiver();
  for (let i = 0; i < 20; i++) keys.push((await t.createKey({ rateLimitPerMinute: 10_000 })).key);
  key = keys[0] as string;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000_00 });
  await t.request('POST', '/v1/whatsapp/templates', {
    token: key, body: { name: 'load_hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}' }] },
  });
  await t.dashboard('POST', '/sim/clock/advance', { seconds: 61 });
  const endpoint = await t.request('POST', '/v1/webhooks', { token: key, body: { url: receiver.url, events: ['whatsapp.message.status'] } });
  expect(endpoint.status).toBe(201);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('clock advance under load', () => {
  it('returns while sends (and their webhook deliveries) keep arriving', async () => {
    let advanced = false;
    let sent = 0;
    const body = { to: '+14155550123', channel: 'whatsapp', template: { name: 'load_hello', languageCode: 'en', variables: { 1: 'Alice' } } };
    const sender = async (): Promise<void> => {
      while (!advanced) {
        const res = await t.request('POST', '/v1/messages/send', { token: keys[sent % keys.length], body });
        expect(res.status).toBe(200);
        sent++;
      }
    };
    const senders = Array.from({ length: 8 }, sender);
    while (sent < 200) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = t.server.clock.now();
    const sentBefore = sent;
    const savedOffset = (): number => Number(t.server.services.orgs.getSetting('clock_offset_ms'));
    const offsetBefore = savedOffset();
    const advance = await t.dashboard('POST', '/sim/clock/advance', { seconds: 30 });
    advanced = true;
    await Promise.all(senders);
    expect(advance.status).toBe(200);
    expect(Date.parse(advance.body.now) - before).toBeGreaterThanOrEqual(30_000);
    // Every send from before the advance fell due for its read receipt inside it, and was read when it returned.
    const read = await t.request('GET', '/v1/whatsapp/logs?limit=1&status=read', { token: key });
    expect(read.body.meta.total).toBeGreaterThanOrEqual(sentBefore);
    // The advance saved where it took virtual time.
    expect(savedOffset() - offsetBefore).toBeGreaterThanOrEqual(30_000);
    // A load test: on a machine loaded by other work the 200 sends before the advance alone can take tens of seconds.
  }, 120_000);
});
