// The API document cannot lie about an answer: the test server checks every /v1 answer against what /openapi.json
// says of it (testing/answer-check.ts), and this file calls the success path of every route that declares its answer's
// schema, on the demo world, so each schema is checked against a real answer at least once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyRoute } from './kernel/route.ts';
import { answerProblem, createAnswerChecks } from './testing/answer-check.ts';
import { createTestServer, type TestServer } from './testing/test-server.ts';

/**
 * The /v1 routes whose success answer the document types (`response` in the route's declaration). Every other /v1 route
 * still answers with a description alone: give it a `response`, add it here, and call it below.
 */
const TYPED = [
  'GET /v1/contacts', 'POST /v1/contacts/:id/block', 'POST /v1/contacts/:id/unblock', 'GET /v1/contacts/:id/notes', 'POST /v1/contacts/:id/notes',
  'DELETE /v1/contacts/:id/notes/:noteId',
  'POST /v1/messages/send',
  'POST /v1/whatsapp/send-template', 'POST /v1/whatsapp/header-media/upload', 'GET /v1/whatsapp/logs', 'GET /v1/whatsapp/messages/:wamid',
  'GET /v1/whatsapp/templates', 'POST /v1/whatsapp/templates', 'GET /v1/whatsapp/conversations/by-phone',
  'POST /v1/sms/send', 'GET /v1/sms/templates', 'GET /v1/sms/senders', 'GET /v1/sms/logs', 'GET /v1/sms/stats',
  'POST /v1/rcs/send', 'GET /v1/rcs/bots', 'GET /v1/rcs/templates', 'GET /v1/rcs/logs', 'GET /v1/rcs/stats',
  'POST /v1/email/send', 'GET /v1/email/templates', 'GET /v1/email/templates/:id', 'POST /v1/email/templates', 'PUT /v1/email/templates/:id',
  'GET /v1/email/contacts', 'POST /v1/email/contacts',
  'GET /v1/instagram/profile', 'GET /v1/instagram/conversations', 'POST /v1/instagram/messages', 'GET /v1/instagram/insights',
  'GET /v1/webhooks/events', 'GET /v1/webhooks', 'POST /v1/webhooks', 'GET /v1/webhooks/:id', 'PATCH /v1/webhooks/:id', 'POST /v1/webhooks/:id/rotate-secret',
  'POST /v1/webhooks/:id/test', 'GET /v1/webhooks/:id/deliveries', 'GET /v1/webhooks/deliveries/:deliveryId', 'POST /v1/webhooks/deliveries/:deliveryId/replay',
  'POST /v1/otp/send', 'POST /v1/otp/retry', 'POST /v1/otp/verify', 'POST /v1/otp/verify-token', 'GET /v1/otp/logs', 'GET /v1/otp/analytics',
  'GET /v1/voice/agents', 'GET /v1/voice/agents/:id', 'POST /v1/voice/agents', 'PATCH /v1/voice/agents/:id', 'DELETE /v1/voice/agents/:id',
  'GET /v1/voice/calls', 'POST /v1/voice/calls/outbound', 'GET /v1/voice/calls/:id', 'GET /v1/voice/calls/:id/recording', 'GET /v1/voice/analytics',
  'POST /v1/voice/app/calls', 'POST /v1/voice/app/calls/:callId/accept', 'POST /v1/voice/app/calls/:callId/reject', 'POST /v1/voice/app/calls/:callId/end',
  'POST /v1/voice/app/calls/:callId/token', 'POST /v1/voice/app/calls/:callId/connect', 'GET /v1/voice/app/calls', 'GET /v1/voice/app/calls/:callId',
  'GET /v1/voice/app/calls/:callId/recording', 'GET /v1/voice/app/calls/:callId/transcript', 'GET /v1/voice/app/numbers', 'PATCH /v1/voice/app/numbers/:number',
  'GET /v1/voice/app/settings', 'PATCH /v1/voice/app/settings',
  'POST /v1/voice/app/identities', 'GET /v1/voice/app/identities', 'GET /v1/voice/app/identities/:externalId', 'DELETE /v1/voice/app/identities/:externalId',
  'POST /v1/voice/app/identities/:externalId/devices', 'DELETE /v1/voice/app/identities/:externalId/devices/:token', 'POST /v1/voice/app/sessions',
  'GET /v1/voice/app/sessions', 'GET /v1/voice/app/sessions/:externalRef', 'DELETE /v1/voice/app/sessions/:externalRef',
  'GET /v1/ai/models',
  'GET /v1/shopify/products/search', 'GET /v1/shopify/products/types', 'GET /v1/shopify/products/:id', 'GET /v1/shopify/collections',
  'GET /v1/shopify/collections/:id/products', 'GET /v1/shopify/orders/status', 'GET /v1/shopify/customers/orders', 'GET /v1/shopify/discounts/validate',
  'GET /v1/whatsapp/campaigns', 'GET /v1/whatsapp/campaigns/:id', 'GET /v1/whatsapp/campaigns/:id/analytics', 'POST /v1/whatsapp/campaigns',
  'POST /v1/whatsapp/campaigns/:id/launch', 'POST /v1/whatsapp/campaigns/:id/cancel', 'GET /v1/sms/campaigns', 'GET /v1/sms/campaigns/:id',
  'POST /v1/sms/campaigns', 'POST /v1/sms/campaigns/:id/launch', 'POST /v1/sms/campaigns/:id/cancel', 'POST /v1/rcs/campaigns', 'GET /v1/rcs/campaigns',
  'GET /v1/rcs/campaigns/:id', 'POST /v1/rcs/campaigns/:id/cancel', 'GET /v1/email/campaigns',
  'GET /v1/automations/node-catalog', 'GET /v1/automations', 'GET /v1/automations/:id', 'POST /v1/automations', 'PATCH /v1/automations/:id',
  'POST /v1/automations/:id/activate', 'POST /v1/automations/:id/pause', 'GET /v1/automations/:id/executions', 'POST /v1/automations/:id/executions/:execId/rerun',
];
/** The /v1 routes that answer no body at all (204): nothing to type. */
const NO_BODY = ['DELETE /v1/webhooks/:id', 'DELETE /v1/automations/:id'];

let t: TestServer;
let key: string;
const api = async (method: string, path: string, body?: unknown) => {
  const res = await t.request(method, `/v1${path}`, { token: key, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
};
beforeAll(async () => {
  t = await createTestServer({ seed: 'demo' });
  ({ key } = await t.createKey({ rateLimitPerMinute: 10_000 }));
});
afterAll(() => t?.close());

describe('every success answer is what /openapi.json says of it', () => {
  it('lists the routes whose answer is typed', () => {
    const typed = t.server.routes.filter((route) => route.path.startsWith('/v1/') && route.response).map((route) => `${route.method} ${route.path}`);
    expect(typed.sort()).toEqual([...TYPED].sort());
    // Every other /v1 route answers no body: a route added with a body must declare its schema.
    const untyped = t.server.routes.filter((route) => route.path.startsWith('/v1/') && !route.response).map((route) => `${route.method} ${route.path}`);
    expect(untyped.sort()).toEqual([...NO_BODY].sort());
    expect(t.server.routes.filter((route) => NO_BODY.includes(`${route.method} ${route.path}`)).map((route) => route.status)).toEqual([204, 204]);
  });

  it('the check finds a field missing, of another type or not in the schema, a status not listed, and an error outside the envelope', () => {
    const schema = z.object({ id: z.string(), tags: z.array(z.object({ name: z.string() })) });
    expect(answerProblem(schema, { id: 'x', tags: [{ name: 'a' }] }, true)).toBeNull();
    expect(answerProblem(schema, { tags: [] }, true)).toBe('id: is required');
    expect(answerProblem(schema, { id: 1, tags: [] }, true)).toMatch(/^id: /);
    expect(answerProblem(schema, { id: 'x', tags: [{ name: 'a', colour: 'red' }], extra: true }, true)).toBe('not in the schema: .tags.0.colour, .extra');
    const route = { method: 'POST', path: '/v1/things', scope: 'contacts:read', status: 201, response: schema, handler: () => null } as AnyRoute;
    const { check, mismatches, matched } = createAnswerChecks();
    const json = (status: number, body: unknown) => check(route, { status, contentType: 'application/json; charset=utf-8', payload: JSON.stringify(body) });
    json(201, { id: 'x', tags: [] });
    expect([mismatches, [...matched]]).toEqual([[], ['POST /v1/things']]);
    json(200, { id: 'x', tags: [] });
    json(201, { id: 'x', tags: [], secret: 's' });
    json(404, { message: 'gone' });
    check(route, { status: 201, contentType: 'text/html', payload: '<p>' });
    expect(mismatches).toEqual([
      'POST /v1/things answered 200, which the document does not list (201)',
      'POST /v1/things answered 201 unlike its schema: not in the schema: .secret',
      expect.stringMatching(/^POST \/v1\/things answered 404 unlike its schema: statusCode: .*; code: /),
      'POST /v1/things answered 201 as text/html, where the document says JSON',
    ]);
  });

  it('the test server records an answer its route\'s schema does not describe (and a test that saw one fails at close)', async () => {
    const route = t.server.routes.find((r) => r.method === 'GET' && r.path === '/v1/contacts') as AnyRoute & { response: z.ZodType };
    const declared = route.response;
    route.response = z.object({ data: z.array(z.unknown()) });
    try {
      await api('GET', '/contacts?limit=1');
      expect(t.answers.mismatches).toEqual(['GET /v1/contacts answered 200 unlike its schema: not in the schema: .meta']);
    } finally {
      route.response = declared;
      t.answers.mismatches.length = 0;
    }
  });

  it('contacts: list, block, unblock, notes', async () => {
    const contact = (await api('GET', '/contacts?limit=100')).data[0];
    await api('GET', '/contacts?search=kirn');
    await api('POST', `/contacts/${contact.id}/block`, { reason: 'Testing' });
    await api('POST', `/contacts/${contact.id}/unblock`);
    const note = await api('POST', `/contacts/${contact.id}/notes`, { content: 'Called back' });
    await api('GET', `/contacts/${contact.id}/notes`);
    await api('DELETE', `/contacts/${contact.id}/notes/${note.id}`);
  });

  it('sends on every channel, and the unified send: each send, log, template list and stats', async () => {
    const phone = '+14155550142';
    const sent = await api('POST', '/messages/send', { to: phone, channel: 'whatsapp', fallbackChannels: ['sms'], template: { name: 'login_code', languageCode: 'en', variables: { 1: '123456' } }, sms: { senderId: 'EXMPLE' }, message: 'Hi Ana, your order 1001 has shipped. Track: x.test - Example Store' });
    const wa = await api('POST', '/whatsapp/send-template', { to: '14155550143', templateName: 'login_code', languageCode: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: '654321' }] }] });
    await api('GET', `/whatsapp/messages/${wa.wamid}`);
    await api('GET', '/whatsapp/logs?limit=100');
    await api('GET', '/whatsapp/templates?limit=100');
    await api('GET', '/whatsapp/conversations/by-phone?phone=14155550143');
    await api('POST', '/whatsapp/templates', { name: 'answer_check', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hi {{1}}' }] });
    const form = new FormData();
    form.append('file', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], { type: 'image/jpeg' }), 'a.jpg');
    const upload = await fetch(`${t.url}/v1/whatsapp/header-media/upload`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    expect(upload.status).toBe(201);
    await api('POST', '/sms/send', { senderId: 'EXMPLE', to: [phone, '+15005550001'], message: 'Hi Ana, your order 1001 has shipped. Track: x.test - Example Store' });
    for (const path of ['/sms/templates', '/sms/senders', '/sms/logs?limit=100', '/sms/stats', '/rcs/bots', '/rcs/logs?limit=100', '/rcs/stats']) await api('GET', path);
    const rcsTemplate = (await api('GET', '/rcs/templates')).data[0];
    const rcsVariables = { order: '1001', name: 'Ana', eta: 'today' };
    await api('POST', '/rcs/send', { to: phone, templateId: rcsTemplate.id, rcsVariables });
    await api('POST', '/rcs/send', { to: '+15005550003', templateId: rcsTemplate.id, rcsVariables, smsFallback: { sender: 'EXMPLE', message: 'Hi Ana, your order 1001 has shipped. Track: x.test - Example Store' } });
    const emailTemplate = (await api('GET', '/email/templates')).data[0];
    await api('GET', `/email/templates/${emailTemplate.id}`);
    const made = await api('POST', '/email/templates', { name: 'Answer check', subject: 'Hi {{first_name}}', html: '<p>Hi</p>' });
    await api('PUT', `/email/templates/${made.id}`, { name: 'Answer check', subject: 'Hello', html: '<p>Hello</p>' });
    await api('POST', '/email/send', { templateId: emailTemplate.id, recipient: { to: 'ana@example.org', firstName: 'Ana' }, fromName: 'Shop', fromEmail: 'shop@example.com', variables: { order: '1001' } });
    await api('POST', '/email/contacts', { email: 'answer-check@example.org', firstName: 'Ana' });
    await api('GET', '/email/contacts');
    await api('GET', '/instagram/profile');
    await api('GET', '/instagram/insights');
    const conversation = (await api('GET', '/instagram/conversations')).data[0];
    await api('POST', '/instagram/messages', { recipientIgsid: conversation.senderId, message: 'Thanks for writing' });
    expect(sent.status).toBe('sent');
  });

  it('webhooks: endpoints, a test event, its delivery, a replay', async () => {
    await api('GET', '/webhooks/events');
    const endpoint = await api('POST', '/webhooks', { url: 'https://hooks.sim.test/answer-check', events: '*' });
    await api('GET', '/webhooks');
    await api('GET', `/webhooks/${endpoint.id}`);
    await api('PATCH', `/webhooks/${endpoint.id}`, { description: 'Answer check' });
    await api('POST', `/webhooks/${endpoint.id}/rotate-secret`);
    const queued = await api('POST', `/webhooks/${endpoint.id}/test`);
    await t.advance(1);
    await api('GET', `/webhooks/${endpoint.id}/deliveries`);
    await api('GET', `/webhooks/deliveries/${queued.deliveryId}`);
    await api('POST', `/webhooks/deliveries/${queued.deliveryId}/replay`);
  });

  it('OTP: send, retry, verify, verify the token, logs and analytics', async () => {
    const widget = (await t.dashboard('GET', '/dashboard/otp-widgets')).body.data[0];
    const phone = '+14155550144';
    const { requestId } = await api('POST', '/otp/send', { widgetId: widget.id, identifier: phone });
    await t.advance(widget.resendCooldownSeconds + 1);
    await api('POST', '/otp/retry', { requestId });
    const code = /\b(\d{4,8})\b/.exec((await t.handset(phone)).at(-1).text)?.[1];
    const { accessToken } = await api('POST', '/otp/verify', { requestId, otp: code });
    await api('POST', '/otp/verify-token', { accessToken });
    await api('GET', '/otp/logs');
    await api('GET', `/otp/analytics?widgetId=${widget.id}`);
  });

  it('voice agents and their calls: an outbound call through to its recording, and analytics', async () => {
    const agents = (await api('GET', '/voice/agents')).data;
    const active = agents.find((a: { isActive: boolean }) => a.isActive);
    await api('GET', `/voice/agents/${active.id}`);
    const made = await api('POST', '/voice/agents', { name: 'Answer check', greeting: 'Hello', instructions: 'Be brief.' });
    await api('PATCH', `/voice/agents/${made.id}`, { description: 'Checks answers' });
    await api('DELETE', `/voice/agents/${made.id}`);
    const call = await api('POST', '/voice/calls/outbound', { agentId: active.id, toNumber: '+14155550145', callContext: { name: 'Ana' } });
    await t.advance(130);
    await api('GET', `/voice/calls/${call.id}`);
    await api('GET', `/voice/calls/${call.id}/recording`);
    await api('GET', '/voice/calls?limit=100');
    await api('GET', '/voice/analytics?from=2026-01-01&to=2026-12-31');
  });

  it('voice app calls: placed, accepted, joined, ended; rejected; connected from the business number; numbers and settings', async () => {
    await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 1_000_000 });
    await api('GET', '/voice/app/settings');
    await api('PATCH', '/voice/app/settings', { pstnEnabled: true });
    const numbers = (await api('GET', '/voice/app/numbers')).data;
    await api('PATCH', `/voice/app/numbers/${encodeURIComponent(numbers[0].number)}`, { routeTo: 'app' });
    const placed = await api('POST', '/voice/app/calls', { type: 'app', from: 'cust_1', to: 'pro_1' });
    await api('POST', `/voice/app/calls/${placed.callId}/accept`, { asExternalId: 'pro_1' });
    await api('POST', `/voice/app/calls/${placed.callId}/token`, { asExternalId: 'cust_1' });
    await t.advance(30);
    await api('POST', `/voice/app/calls/${placed.callId}/end`, { asExternalId: 'cust_1' });
    await t.advance(60);
    await api('GET', `/voice/app/calls/${placed.callId}`);
    await api('GET', `/voice/app/calls/${placed.callId}/recording`);
    await api('GET', `/voice/app/calls/${placed.callId}/transcript`);
    const rejected = await api('POST', '/voice/app/calls', { type: 'app', from: 'cust_2', to: 'pro_2' });
    await api('POST', `/voice/app/calls/${rejected.callId}/reject`, { asExternalId: 'pro_2', reason: 'busy' });
    const inbound = await t.dashboard('POST', '/sim/voice/inbound-call', { from: '+14155550146', to: numbers[0].number });
    await api('POST', `/voice/app/calls/${inbound.body.callId}/connect`, { type: 'app', to: 'pro_3' });
    await api('GET', '/voice/app/calls?limit=100');
  });

  it('voice app identities, their devices and booking sessions', async () => {
    for (const externalId of ['pro_9', 'cust_9']) await api('POST', '/voice/app/identities', { externalId, role: externalId.startsWith('pro') ? 'PRO' : 'CUSTOMER', displayName: 'Ana', phone: '+14155550147' });
    await api('POST', '/voice/app/identities', { externalId: 'pro_9', role: 'PRO', displayName: 'Ana B' });
    await api('GET', '/voice/app/identities');
    await api('GET', '/voice/app/identities/pro_9');
    await api('POST', '/voice/app/identities/pro_9/devices', { token: 'apns-voip-1', platform: 'ios' });
    await api('DELETE', '/voice/app/identities/pro_9/devices/apns-voip-1');
    await api('POST', '/voice/app/sessions', { externalRef: 'booking_9', proExternalId: 'pro_9', customerExternalId: 'cust_9', metadata: { service: 'plumbing' } });
    await api('GET', '/voice/app/sessions');
    await api('GET', '/voice/app/sessions/booking_9');
    await api('DELETE', '/voice/app/sessions/booking_9');
    await api('DELETE', '/voice/app/identities/cust_9');
  });

  it('AI models and the Shopify store: products, collections, orders, a customer\'s orders, discount codes', async () => {
    await api('GET', '/ai/models');
    const products = await api('GET', '/shopify/products/search?q=a&limit=50');
    await api('GET', `/shopify/products/${products.data[0].id}`);
    await api('GET', '/shopify/products/types');
    const collections = await api('GET', '/shopify/collections');
    await api('GET', `/shopify/collections/${collections.data[0].id}/products`);
    await api('GET', '/shopify/orders/status?identifier=1001');
    await api('GET', '/shopify/customers/orders?identifier=alice@example.com');
    for (const code of ['WELCOME10', 'EXPIRED20', 'NOSUCHCODE']) await api('GET', `/shopify/discounts/validate?code=${code}`);
  });

  it('campaigns on WhatsApp, SMS and RCS: created, launched or scheduled, read, cancelled; the email campaigns list', async () => {
    const template = (await api('GET', '/whatsapp/templates?status=APPROVED')).data.find((tpl: { name: string }) => tpl.name === 'login_code');
    const templateComponents = [{ type: 'body', parameters: [{ type: 'text', text: '1' }] }];
    const wa = await api('POST', '/whatsapp/campaigns', { name: 'Answer check', templateId: template.id, phones: ['14155550150', '14155550151'], templateComponents });
    await api('POST', `/whatsapp/campaigns/${wa.id}/launch`);
    const later = await api('POST', '/whatsapp/campaigns', { templateId: template.id, phones: ['14155550152'], templateComponents, scheduledAt: '2026-02-01T10:00:00Z', scheduleTimezone: 'Asia/Kolkata' });
    await api('POST', `/whatsapp/campaigns/${later.id}/launch`);
    await api('POST', `/whatsapp/campaigns/${later.id}/cancel`);
    await t.advance(15);
    await api('GET', '/whatsapp/campaigns');
    await api('GET', `/whatsapp/campaigns/${wa.id}`);
    await api('GET', `/whatsapp/campaigns/${wa.id}/analytics`);
    const body = 'Hi Ana, your order 1001 has shipped. Track: x.test - Example Store';
    const sms = await api('POST', '/sms/campaigns', { name: 'Answer check', messageBody: body, senderId: 'EXMPLE', audienceType: 'manual', audienceCriteria: { phones: ['+14155550153'] } });
    await api('POST', `/sms/campaigns/${sms.id}/launch`);
    const smsLater = await api('POST', '/sms/campaigns', { name: 'Later', messageBody: body, senderId: 'EXMPLE', audienceType: 'manual', audienceCriteria: { phones: ['+14155550154'] }, scheduledAt: '2026-02-01T10:00:00Z' });
    await api('POST', `/sms/campaigns/${smsLater.id}/launch`);
    await api('POST', `/sms/campaigns/${smsLater.id}/cancel`);
    await api('GET', '/sms/campaigns');
    await api('GET', `/sms/campaigns/${sms.id}`);
    const rcsTemplate = (await api('GET', '/rcs/templates')).data[0];
    const rcs = await api('POST', '/rcs/campaigns', { botId: rcsTemplate.botId, templateId: rcsTemplate.id, campaignName: 'Answer check', numbers: ['+14155550155'], rcsVariables: { order: '1', name: 'Ana', eta: 'today' }, scheduledAt: '2026-02-01T10:00:00Z' });
    await api('GET', '/rcs/campaigns');
    await api('GET', `/rcs/campaigns/${rcs.id}`);
    await api('POST', `/rcs/campaigns/${rcs.id}/cancel`);
    await api('GET', '/email/campaigns');
  });

  it('automations: the node catalog, one made, changed, activated, run, its run rerun, paused', async () => {
    await api('GET', '/automations/node-catalog');
    const made = await api('POST', '/automations', { name: 'Answer check', trigger: { type: 'contact.created' }, steps: [{ type: 'contact.add_tag', config: { tag: 'checked' } }] });
    await api('PATCH', `/automations/${made.id}`, { description: 'Tags new contacts' });
    await api('POST', `/automations/${made.id}/activate`);
    await t.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+14155550160', text: 'Hello' });
    await t.advance(1);
    const runs = await api('GET', `/automations/${made.id}/executions`);
    await api('POST', `/automations/${made.id}/executions/${runs.data[0].id}/rerun`);
    await api('POST', `/automations/${made.id}/pause`);
    await api('GET', '/automations');
    await api('GET', `/automations/${made.id}`);
  });

  it('every typed route was called and its answer matched its schema', () => {
    expect(t.answers.mismatches).toEqual([]);
    expect([...t.answers.matched].sort()).toEqual([...TYPED].sort());
  });
});
