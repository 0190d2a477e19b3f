// An explicit null for an optional field of a create body, where the resource shows that field as null, is
// taken as absent: what a GET answers can be sent back to a POST. PATCH keeps null as "clear".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './testing/test-server.ts';
import { startWebhookReceiver, startWebhookTestServer, type WebhookReceiver } from './testing/webhook-receiver.ts';

let t: TestServer;
let key: string;
let receiver: WebhookReceiver;
beforeAll(async () => {
  ({ t, key } = await startWebhookTestServer());
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });

describe('null on create', () => {
  it('a webhook read back is created again as it reads, and PATCH null still clears a description', async () => {
    const first = await api('POST', '/v1/webhooks', { url: receiver.url, events: ['*'], description: null });
    expect([first.status, first.body.description]).toEqual([201, null]);
    const { url, events, description } = (await api('GET', `/v1/webhooks/${first.body.id}`)).body;
    const again = await api('POST', '/v1/webhooks', { url: `${url}-copy`, events, description });
    expect([again.status, again.body.description]).toEqual([201, null]);
    expect((await api('PATCH', `/v1/webhooks/${again.body.id}`, { description: 'CRM' })).body.description).toBe('CRM');
    expect((await api('PATCH', `/v1/webhooks/${again.body.id}`, { description: null })).body.description).toBeNull();
    // A required field is still required: null is not a value for it.
    const noEvents = await api('POST', '/v1/webhooks', { url: receiver.url, events: null });
    expect([noEvents.status, noEvents.body.message]).toEqual([400, expect.stringContaining('events')]);
  });

  it('a WhatsApp campaign takes scheduledAt and scheduleTimezone null as unscheduled', async () => {
    const template = await t.dashboard('POST', '/dashboard/whatsapp/templates', {
      name: 'null_check', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Your order ships today' }],
    });
    await t.advance(60);
    const res = await api('POST', '/v1/whatsapp/campaigns', {
      templateId: template.body.id, phones: ['919810012345'], name: 'Nulls', scheduledAt: null, scheduleTimezone: null,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'DRAFT', scheduledAt: null, scheduleTimezone: null });
  });

  it('an email contact, a console contact and an RCS template take their nullable fields as null', async () => {
    const contact = await api('POST', '/v1/email/contacts', { email: 'null.check@example.com', firstName: null, lastName: null });
    expect([contact.status, contact.body.firstName, contact.body.lastName]).toEqual([201, null, null]);
    const unified = await t.dashboard('POST', '/dashboard/contacts', { name: 'Asha', email: null, phone: null, username: null, profilePic: null });
    expect([unified.status, unified.body.email, unified.body.profilePic]).toEqual([201, null, null]);
    const bot = await t.dashboard('POST', '/dashboard/rcs/bots', { name: 'Acme' });
    const template = await t.dashboard('POST', '/dashboard/rcs/templates', { botId: bot.body.id, name: 'Plain', text: 'Hi', title: null, imageUrl: null });
    expect([template.status, template.body.title, template.body.imageUrl]).toEqual([201, null, null]);
  });
});
