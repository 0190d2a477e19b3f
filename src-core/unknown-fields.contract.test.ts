// A body field the route does not know is refused (400, naming it and the fields its object takes), never
// dropped: a misnamed recipients field once sent an SMS campaign to every contact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer;
let key: string;
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });
const balance = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;

beforeAll(async () => {
  t = await createTestServer({ webhooks: { resolve: async () => ['93.184.216.34'] } });
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  await t.dashboard('POST', '/dashboard/contacts', { name: 'Asha', phone: '+919810012345' });
  await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' });
  await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Shipped', dltTemplateId: '1207160000000000001', body: 'Your order {#var#} has shipped - ACME' });
  await api('POST', '/v1/whatsapp/templates', { name: 'hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}' }] });
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

describe('unknown body fields', () => {
  it('a campaign with a misnamed recipients field is refused, naming the fields it takes; nothing is created or charged', async () => {
    const before = await balance();
    const sms = await api('POST', '/v1/sms/campaigns', { name: 'Oops', senderId: 'ACMEIN', messageBody: 'Your order #1 has shipped - ACME', phones: ['919810012345'] });
    expect(sms.status).toBe(400);
    expect(sms.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/^Invalid body: unknown field "phones" \(the body takes name, messageBody, .*audienceCriteria/) });
    expect((await api('GET', '/v1/sms/campaigns')).body.meta.total).toBe(0);
    const two = await api('POST', '/v1/sms/campaigns', { name: 'Oops', messageBody: 'x', phones: [], recipients: [] });
    expect(two.body.message).toMatch(/^Invalid body: unknown fields "phones", "recipients" \(the body takes /);
    // Named beside the problems parsing found: a misnamed required field.
    const misnamed = await api('POST', '/v1/sms/campaigns', { name: 'Oops', message: 'Hi' });
    expect(misnamed.body.message).toMatch(/^Invalid body: messageBody: .*; unknown field "message" \(the body takes name, messageBody, /);
    expect(await balance()).toBe(before);
  });

  it('a nested unknown field is named by its path, with the fields of its object', async () => {
    const res = await api('POST', '/v1/email/send', {
      templateId: 'etpl_x', recipient: { to: 'sam@example.net', first_name: 'Sam' }, fromName: 'Acme', fromEmail: 'hi@acme.test',
    });
    expect([res.status, res.body.message]).toEqual([400, 'Invalid body: unknown field "recipient.first_name" (recipient takes to, firstName, lastName)']);
  });

  it('a body or object of several forms lists the fields of the form it was sent in', async () => {
    const byType = await api('POST', '/v1/voice/app/calls', { type: 'app', from: 'u1', to: 'u2', extra: true });
    expect([byType.status, byType.body.message]).toEqual([400, 'Invalid body: unknown field "extra" (the body takes type, from, to)']);
    const byBooking = await api('POST', '/v1/voice/app/calls', { externalRef: 'bk_1', fromExternalId: 'u1', type: 'app' });
    expect([byBooking.status, byBooking.body.message]).toEqual([400, 'Invalid body: unknown field "type" (the body takes externalRef, fromExternalId)']);
    const component = await api('POST', '/v1/whatsapp/templates', { name: 'extra_field', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hi', extra: 1 }] });
    expect([component.status, component.body.message]).toEqual([400, 'Invalid body: unknown field "components.0.extra" (components.0 takes type, text)']);
    expect((await api('GET', '/v1/voice/app/calls')).body.meta.total).toBe(0);
  });

  it('the unified send says so in its own {message} shape, and sends nothing', async () => {
    const res = await api('POST', '/v1/messages/send', { to: '+14155550801', channel: 'whatsapp', template: { name: 'hello', languageCode: 'en', params: ['A'] } });
    expect([res.status, res.body]).toEqual([400, { message: 'Invalid body: unknown field "template.params" (template takes name, id, languageCode, variables, components)' }]);
    expect((await t.dashboard('GET', '/sim/handsets/+14155550801/messages')).body.data).toEqual([]);
  });

  it('a route without a body takes nothing or {}: a field in it is named, anything else refused', async () => {
    const contact = await t.dashboard('POST', '/dashboard/contacts', { name: 'Lee', phone: '+919810012347' });
    const unblock = (body: unknown) => api('POST', `/v1/contacts/${contact.body.id}/unblock`, body);
    expect((await unblock({ reason: 'ok' })).body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Invalid body: unknown field "reason" (this route takes no body)' });
    expect((await unblock([1])).body.message).toBe('Invalid body: this route takes no body');
    expect((await unblock({})).status).toBe(200);
    expect((await unblock(undefined)).status).toBe(200);
    expect((await unblock(null)).status).toBe(200);
    // A console request may still name its organization.
    const inbound = await t.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+919810012347', text: 'Hi' });
    const read = await t.dashboard('POST', `/dashboard/conversations/${inbound.body.conversationId}/read`, { organizationId: t.organizationId });
    expect(read.status).toBe(200);
    expect((await t.dashboard('POST', `/dashboard/conversations/${inbound.body.conversationId}/read`, { unread: 0 })).status).toBe(400);
  });

  it('a JSON null body is no body on every route: taken where none is needed, "body: is required" where one is', async () => {
    const contact = await t.dashboard('POST', '/dashboard/contacts', { name: 'Noa', phone: '+919810012348' });
    // It was taken by block (an optional body), refused by unblock ("takes no body"), and required by a send: now one rule.
    const blocked = await api('POST', `/v1/contacts/${contact.body.id}/block`, null);
    expect([blocked.status, blocked.body.isBlocked]).toEqual([200, true]);
    const unblocked = await api('POST', `/v1/contacts/${contact.body.id}/unblock`, null);
    expect([unblocked.status, unblocked.body.isBlocked]).toEqual([200, false]);
    for (const body of [null, undefined]) {
      const send = await api('POST', '/v1/sms/send', body);
      expect([send.status, send.body.message]).toEqual([400, 'Invalid body: body: is required']);
    }
    const campaign = await api('POST', '/v1/sms/campaigns', { name: 'Null launch', messageBody: 'Hi', audienceCriteria: { phones: ['919810012349'] } });
    expect((await api('POST', `/v1/sms/campaigns/${campaign.body.id}/cancel`, null)).body.message).not.toMatch(/takes no body/);
  });

  it('a PATCH naming only unknown fields says just that, not also "give at least one of"; nothing changes', async () => {
    const automation = await api('POST', '/v1/automations', { name: 'Welcome', trigger: { type: 'contact.created' } });
    const webhook = await api('POST', '/v1/webhooks', { url: 'https://hooks.example.com/in', events: '*' });
    const agent = await api('POST', '/v1/voice/agents', { name: 'Front desk', greeting: 'Hello', instructions: 'Help.' });
    expect([automation.status, webhook.status, agent.status]).toEqual([201, 201, 201]);
    const patches: Array<[string, Record<string, unknown>, string]> = [
      [`/v1/automations/${automation.body.id}`, { nme: 'Renamed' }, 'unknown field "nme" (the body takes name, description, trigger, steps)'],
      [`/v1/webhooks/${webhook.body.id}`, { active: false }, 'unknown field "active" (the body takes url, events, description, isActive)'],
      [`/v1/voice/agents/${agent.body.id}`, { prompt: 'x', tone: 'warm' }, 'unknown fields "prompt", "tone" (the body takes name, greeting, instructions, description, '
        + 'language, sttProvider, ttsProvider, llmProvider, llmModel, voice, maxDurationSeconds, isActive)'],
    ];
    for (const [path, body, message] of patches) {
      const before = (await api('GET', path)).body;
      const res = await api('PATCH', path, body);
      expect([res.status, res.body], path).toEqual([400, { statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED', message: `Invalid body: ${message}` }]);
      expect((await api('GET', path)).body, path).toEqual(before);
      // A body naming nothing at all still says what to give; `active` alone on an automation is refused by its own message.
      expect((await api('PATCH', path, {})).body.message, path).toMatch(/^Invalid body: body: give at least one /);
    }
    const active = await api('PATCH', `/v1/automations/${automation.body.id}`, { active: true });
    expect(active.body.message).toBe('Invalid body: active: is not changed by PATCH: use POST /automations/{id}/activate or POST /automations/{id}/pause');
  });

  it('quotes an unknown field by at most 100 characters, and at most 10 of them, never a huge key back whole; nothing is created', async () => {
    const huge = 'k'.repeat(1_000_000);
    const top = await api('POST', '/v1/automations', { name: 'Huge key', trigger: { type: 'contact.created' }, [huge]: 1 });
    expect([top.status, top.body.message]).toEqual([400, `Invalid body: unknown field "${'k'.repeat(100)}…" (the body takes name, description, active, trigger, steps)`]);
    const nested = await api('POST', '/v1/email/send', {
      templateId: 'etpl_x', recipient: { to: 'sam@example.net', [huge.slice(0, 50_000)]: 'x' }, fromName: 'Acme', fromEmail: 'hi@acme.test',
    });
    expect([nested.status, nested.body.message]).toEqual([400, `Invalid body: unknown field "recipient.${'k'.repeat(90)}…" (recipient takes to, firstName, lastName)`]);
    const many = await api('POST', '/v1/automations', { name: 'Many keys', trigger: { type: 'contact.created' }, ...Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`x${i}`, 1])) });
    expect(many.body.message).toBe(`Invalid body: unknown fields ${Array.from({ length: 10 }, (_, i) => `"x${i}"`).join(', ')} and 15 more (the body takes name, description, active, trigger, steps)`);
    expect((await api('GET', '/v1/automations?limit=100')).body.data.map((a: { name: string }) => a.name)).not.toContain('Huge key');
  });

  it('objects the contract leaves open keep their keys: WhatsApp parameters, template variables; a console body may name its organization', async () => {
    const wa = await api('POST', '/v1/whatsapp/send-template', {
      to: '14155550802', templateName: 'hello', languageCode: 'en',
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Alice', parameter_name: 'first' }] }],
    });
    expect([wa.status, wa.body.status]).toEqual([200, 'sent']);
    const unified = await api('POST', '/v1/messages/send', { to: '+14155550803', channel: 'whatsapp', template: { name: 'hello', languageCode: 'en', variables: { 1: 'Bo', extra: 'x' } } });
    expect(unified.status).toBe(200);
    const contact = await t.dashboard('POST', '/dashboard/contacts', { name: 'Ravi', phone: '+919810012346', organizationId: t.organizationId });
    expect(contact.status).toBe(201);
    // An API key's body has no organization to name.
    const keyed = await api('POST', '/v1/contacts/' + contact.body.id + '/block', { reason: 'spam', organizationId: t.organizationId });
    expect([keyed.status, keyed.body.message]).toEqual([400, expect.stringContaining('unknown field "organizationId"')]);
  });
});

describe('unknown query parameters', () => {
  const get = (path: string) => api('GET', path);

  it('a misspelt filter is refused, naming it and the parameters the route takes, not answered with the whole log', async () => {
    const misspelt = await get('/v1/whatsapp/logs?statuss=failed&limit=1');
    expect([misspelt.status, misspelt.body]).toEqual([400, expect.objectContaining({
      code: 'VALIDATION_FAILED', message: 'Invalid query: unknown parameter "statuss" (this route takes direction, status, from, to, page, limit)',
    })]);
    expect((await get('/v1/email/contacts?q=dup')).body.message).toBe('Invalid query: unknown parameter "q" (this route takes search, page, limit)');
    // Named beside the problems the known ones have.
    expect((await get('/v1/sms/logs?limit=abc&stauts=read')).body.message)
      .toBe('Invalid query: limit: must be a whole number; unknown parameter "stauts" (this route takes direction, status, start, end, page, limit)');
  });

  it('a filter the route does not have is refused: RCS logs take page and limit only (the seed\'s)', async () => {
    const res = await get('/v1/rcs/logs?status=failed');
    expect([res.status, res.body.message]).toEqual([400, 'Invalid query: unknown parameter "status" (this route takes page, limit)']);
    expect((await get('/v1/rcs/bots?limit=abc&page=0')).body.message).toBe('Invalid query: unknown parameters "limit", "page" (this route takes no query parameters)');
    expect((await get('/v1/rcs/logs?page=1&limit=5')).status).toBe(200);
  });

  it('quotes an unknown parameter by at most 100 characters, never a long name back whole', async () => {
    const res = await get(`/v1/otp/logs?${'p'.repeat(10_000)}=1`);
    expect([res.status, res.body.message]).toEqual([400, `Invalid query: unknown parameter "${'p'.repeat(100)}…" (this route takes widgetId, status, page, limit)`]);
  });

  it('takes a cache-buster _ on any route; a console request may name its organization, an API key\'s may not', async () => {
    expect((await get('/v1/rcs/bots?_=1732600000000')).status).toBe(200);
    expect((await get('/v1/whatsapp/logs?status=read&_=123')).status).toBe(200);
    expect((await t.dashboard('GET', `/dashboard/wallet?organizationId=${t.organizationId}&_=1`)).status).toBe(200);
    expect((await t.dashboard('GET', '/dashboard/rcs/logs?statuss=failed')).status).toBe(400);
    const keyed = await get(`/v1/contacts?organizationId=${t.organizationId}`);
    expect([keyed.status, keyed.body.message]).toEqual([400, 'Invalid query: unknown parameter "organizationId" (this route takes search, lifecycleStageId, tag, page, limit)']);
  });
});
