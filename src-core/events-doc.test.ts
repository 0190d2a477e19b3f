// docs/events.md is the spec of event data: every event the channels raise (customers writing in,
// sends and their receipts, email engagement, contacts, conversations resolved, snoozed and reopened, campaigns, agent calls, booking sessions, shop
// orders) carries exactly the keys it documents,
// and `Message` and `Contact` inside carry exactly theirs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './testing/test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver.ts';

const DOC = readFileSync(join(import.meta.dirname, '..', 'docs', 'events.md'), 'utf8');
/** `{a: X, b, c ("x"|"y")}` → ['a', 'b', 'c']. */
const keysOf = (shape: string) => shape.slice(1, -1).split(',').map((part) => (part.trim().split(/[:\s(]/)[0] as string)).sort();
const listAfter = (marker: string) => (new RegExp(`${marker}[^{(]*[{(]\`?([^})]*)`).exec(DOC.replace(/\n\s*/g, ' '))?.[1] ?? '')
  .replace(/`/g, '').split(',').map((key) => key.trim()).filter(Boolean).sort();

/** Each bullet `- \`a.b\`, \`c.d\` …: \`{…}\`` → the shape's keys for every event it names. */
function documentedEvents(): Map<string, string[]> {
  const events = new Map<string, string[]>();
  for (const bullet of DOC.split(/\n(?=- )/).map((b) => b.replace(/\n\s*/g, ' '))) {
    const shape = /: `(\{[^`]*\})`/.exec(bullet);
    if (!bullet.startsWith('- `') || !shape) continue;
    const names = [...bullet.slice(0, shape.index).matchAll(/`([a-z]+\.[a-z_.]+)`/g)].map((m) => m[1] as string);
    for (const name of names) events.set(name, keysOf(shape[1] as string));
  }
  return events;
}

let t: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  t = await createTestServer({ seed: 'demo', allowPrivateWebhooks: true, webhooks: { timeoutMs: 300 } });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('docs/events.md', () => {
  it('lists Message and Contact keys and the channels\' events', () => {
    expect(listAfter('`Message` is')).toContain('billingAmountPaise');
    expect(listAfter('as events carry it')).toContain('blockedReason');
    expect([...documentedEvents().keys()]).toEqual(expect.arrayContaining([
      'contact.created', 'contact.updated', 'contact.lifecycle_changed', 'whatsapp.message.status', 'whatsapp.message.received', 'sms.message.received',
      'instagram.message.received', 'email.message.delivered', 'email.message.opened', 'email.message.clicked',
      'email.message.bounced', 'email.message.complained', 'campaign.progress', 'voice.call.completed', 'voice.call.transcript',
      'voice.app.call.inbound', 'voice.app.call.incoming', 'voice.app.call.answered', 'voice.app.call.completed', 'voice.app.call.missed',
      'voice.app.call.rejected', 'voice.app.session.expired', 'shopify.order.created', 'shopify.order.fulfilled',
      'conversation.resolved', 'conversation.snoozed', 'conversation.reopened', 'form.submitted',
    ]));
  });

  it('is what the events carry', async () => {
    const key = (await t.createKey()).key;
    const v1 = (path: string, body: unknown) => t.request('POST', path, { token: key, body });
    const written = await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550701', text: 'Hi' });
    // Resolved from the console, and reopened by the customer writing in again.
    expect((await t.dashboard('POST', `/dashboard/conversations/${written.body.conversationId}/resolve`, {})).status).toBe(200);
    await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550701', text: 'One more thing' });
    // Snoozed for a minute: the advance below opens it again.
    const until = new Date(t.server.clock.now() + 60_000).toISOString();
    expect((await t.dashboard('POST', `/dashboard/conversations/${written.body.conversationId}/snooze`, { until })).status).toBe(200);
    await t.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+14155550702', text: 'Hi' });
    await t.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: '6234817790112233', text: 'Hi' });
    await v1('/v1/whatsapp/send-template', { to: '14155550701', templateName: 'login_code', languageCode: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: '1' }] }] });
    const templateId = ((await t.request('GET', '/v1/email/templates', { token: key })).body.data as Array<{ id: string; name: string }>).find((x) => x.name === 'Welcome')?.id;
    for (const to of ['sam@example.net', 'bounce@sim.test', 'complaint@sim.test']) {
      expect((await v1('/v1/email/send', { templateId, recipient: { to }, fromName: 'Example Store', fromEmail: 'hello@example.com' })).status).toBe(200);
    }
    const contact = ((await t.request('GET', '/v1/contacts?search=14155550702', { token: key })).body.data as Array<{ id: string }>)[0];
    await v1(`/v1/contacts/${contact?.id}/block`, { reason: 'Testing events' });
    const stage = ((await t.dashboard('GET', '/dashboard/lifecycle-stages')).body.data as Array<{ id: string }>)[1];
    expect((await t.dashboard('PUT', `/dashboard/contacts/${contact?.id}/lifecycle-stage`, { stageId: stage?.id })).status).toBe(200);
    // The demo's active voice agent calls someone who talks (every lifecycle event, the transcript) and a busy line.
    const agent = ((await t.request('GET', '/v1/voice/agents', { token: key })).body.data as Array<{ id: string; isActive: boolean }>).find((a) => a.isActive);
    for (const toNumber of ['+14155550703', '+15005550005']) expect((await v1('/v1/voice/calls/outbound', { agentId: agent?.id, toNumber })).status).toBe(201);
    // The demo's pro and customer book a session that runs out within the advance below.
    const expiresAt = new Date(t.server.clock.now() + 60_000).toISOString();
    expect((await v1('/v1/voice/app/sessions', { externalRef: 'bk_doc', proExternalId: 'pro_7', customerExternalId: 'cust_1042', expiresAt, metadata: { n: 1 } })).status).toBe(201);
    // The demo shop takes an order, and ships its latest one.
    expect((await t.dashboard('POST', '/sim/shopify/orders', { email: 'sam@example.net', lineItems: [{ title: 'Mug', price: '5', quantity: 1 }] })).status).toBe(201);
    const latest = (await t.request('GET', '/v1/shopify/orders/status?identifier=1005', { token: key })).body as { id: string };
    expect((await t.dashboard('POST', `/sim/shopify/orders/${latest.id}/fulfill`, { tracking: { carrier: 'UPS', number: '1Z1' } })).status).toBe(200);
    // Voice app calls: answered and ended, rejected, missed (the 45 s ring passes in the advance), and a phone
    // dialling the demo's business number, which an endpoint on voice.app.call.inbound makes wait for a connect.
    const place = async (from: string, to: string) => (await v1('/v1/voice/app/calls', { type: 'app', from, to })).body.callId as string;
    const answered = await place('cust_doc', 'pro_doc');
    await v1(`/v1/voice/app/calls/${answered}/accept`, { asExternalId: 'pro_doc' });
    await v1(`/v1/voice/app/calls/${answered}/end`, {});
    await v1(`/v1/voice/app/calls/${await place('cust_doc', 'pro_doc')}/reject`, { asExternalId: 'pro_doc' });
    await place('cust_doc', 'pro_late');
    expect((await v1('/v1/webhooks', { url: receiver.url, events: ['voice.app.call.inbound'] })).status).toBe(201);
    expect((await t.dashboard('POST', '/sim/voice/inbound-call', { from: '+14155550704' })).status).toBe(201);
    // A visitor submits a form on its public page.
    const form = (await t.dashboard('POST', '/dashboard/forms', { name: 'Doc form', customFields: [{ key: 'city', label: 'City' }] })).body as { id: string };
    expect((await t.request('POST', `/forms/${form.id}/submissions`, { body: { email: 'doc@example.net', city: 'Pune' } })).status).toBe(201);
    await t.advance(120);
    await t.server.bus.flush();

    const documented = documentedEvents();
    const messageKeys = listAfter('`Message` is');
    const contactKeys = listAfter('as events carry it');
    const seen = new Set<string>();
    const wrong: string[] = [];
    let bookingMetadata = 0;
    for (const event of t.server.bus.recent(t.organizationId, 5_000)) {
      const keys = documented.get(event.type);
      if (!keys) continue;
      seen.add(event.type);
      const data = JSON.parse(event.data) as Record<string, unknown>;
      const check = (what: string, actual: string[], expected: string[]) => {
        if (actual.sort().join() !== expected.join()) wrong.push(`${event.type} ${what}: has ${actual.join(', ')}; documented ${expected.join(', ')}`);
      };
      // A booking call's events also carry the session's `metadata` (the paragraph above the voice app's events); the
      // demo's booking call is one.
      const bookingExtra = event.type.startsWith('voice.app.call.') && 'metadata' in data;
      if (bookingExtra) bookingMetadata++;
      check('data', Object.keys(data).filter((key) => !(bookingExtra && key === 'metadata')), keys);
      if (data.message) check('message', Object.keys(data.message), messageKeys);
      if (data.contact) check('contact', Object.keys(data.contact), contactKeys);
    }
    expect(wrong).toEqual([]);
    expect(bookingMetadata).toBeGreaterThan(0);
    expect([...seen].sort()).toEqual([...documented.keys()].sort());
  });
});
