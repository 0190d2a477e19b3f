// An explicit null for an optional field of a send body is taken as absent (a field with a default gets
// it): clients whose serializers write unset fields as null send as they would without them. A required
// field still refuses null.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer;
let key: string;
let emailTemplateId: string;
let rcsTemplateId: string;
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });
const DLT_TEXT = 'Your order #1001 has shipped - ACME';

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000, emailCredits: 10 });
  await api('POST', '/v1/whatsapp/templates', { name: 'hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello there' }] });
  await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' });
  await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Shipped', dltTemplateId: '1207160000000000001', body: 'Your order {#var#} has shipped - ACME' });
  const bot = await t.dashboard('POST', '/dashboard/rcs/bots', { name: 'Acme' });
  rcsTemplateId = (await t.dashboard('POST', '/dashboard/rcs/templates', { botId: bot.body.id, name: 'Plain', text: 'Your order ships today' })).body.id;
  emailTemplateId = (await api('POST', '/v1/email/templates', { name: 'Welcome', subject: 'Welcome', html: '<p>Hi {{first_name}}</p>' })).body.id;
  await t.dashboard('POST', '/dashboard/email/domains', { domain: 'acme.test' });
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

describe('null on send', () => {
  it('each channel send takes its optional fields as null', async () => {
    const wa = await api('POST', '/v1/whatsapp/send-template', { to: '14155550701', templateName: 'hello', languageCode: 'en', components: null });
    expect([wa.status, wa.body.status]).toEqual([200, 'sent']);

    const sms = await api('POST', '/v1/sms/send', { senderId: 'ACMEIN', to: ['+919810012345'], message: DLT_TEXT, templateId: null, route: null });
    expect([sms.status, sms.body.status]).toEqual([200, 'sent']);
    const logged = await api('GET', '/v1/sms/logs?limit=1');
    // The route defaults; the template is the approved one the text matches.
    expect(logged.body.data[0]).toMatchObject({ route: 'transactional', templateId: expect.stringMatching(/^smt_/) });

    const email = await api('POST', '/v1/email/send', {
      templateId: emailTemplateId, recipient: { to: 'sam@example.net', firstName: null, lastName: null }, variables: null, subject: null,
      fromName: 'Acme', fromEmail: 'hello@acme.test', replyTo: null, html: null,
    });
    expect([email.status, email.body.status]).toEqual([200, 'sent']);

    const rcs = await api('POST', '/v1/rcs/send', { to: '+14155550702', templateId: rcsTemplateId, rcsVariables: null, smsFallback: null, ttl: null });
    expect([rcs.status, rcs.body.channelUsed]).toEqual([200, 'rcs']);
    // Inside the fallback too: +15005550003's handset has no RCS.
    const fallback = await api('POST', '/v1/rcs/send', {
      to: '+15005550003', templateId: rcsTemplateId, smsFallback: { sender: 'ACMEIN', message: DLT_TEXT, templateId: null, route: null },
    });
    expect([fallback.status, fallback.body.channelUsed]).toEqual([200, 'sms']);
  });

  it('an OTP retry takes channel null as absent', async () => {
    const widget = (await t.dashboard('POST', '/dashboard/otp-widgets', { name: 'Login', resendCooldownSeconds: 30 })).body.id;
    const sent = await api('POST', '/v1/otp/send', { widgetId: widget, identifier: '+14155550706' });
    await t.advance(30);
    const retried = await api('POST', '/v1/otp/retry', { requestId: sent.body.requestId, channel: null });
    expect([retried.status, retried.body.requestId]).toEqual([200, sent.body.requestId]);
  });

  it('the unified send takes null for its optional fields and nested objects', async () => {
    const res = await api('POST', '/v1/messages/send', {
      to: '+14155550703', channel: 'whatsapp', fallbackChannels: null, message: null,
      template: { name: 'hello', id: null, languageCode: 'en', variables: null, components: null }, sms: null, email: null,
    });
    expect([res.status, res.body.channelUsed]).toEqual([200, 'whatsapp']);
    const sms = await api('POST', '/v1/messages/send', { to: '+14155550704', channel: 'sms', message: DLT_TEXT, sms: { senderId: 'ACMEIN', route: null }, template: null });
    expect([sms.status, sms.body.channelUsed]).toEqual([200, 'sms']);
    const email = await api('POST', '/v1/messages/send', {
      to: 'ana@example.net', channel: 'email', template: { id: emailTemplateId },
      email: { fromName: 'Acme', fromEmail: 'hello@acme.test', subject: null, replyTo: null, firstName: null, lastName: null },
    });
    expect([email.status, email.body.channelUsed]).toEqual([200, 'email']);
  });

  it('a required field is still required: null is not a value for it', async () => {
    const noTemplate = await api('POST', '/v1/messages/send', { to: '+14155550705', channel: 'whatsapp', template: null });
    expect([noTemplate.status, noTemplate.body.message]).toEqual([400, 'Missing required fields: whatsapp: template.name, template.languageCode']);
    const noFrom = await api('POST', '/v1/email/send', { templateId: emailTemplateId, recipient: { to: 'sam@example.net' }, fromName: null, fromEmail: 'hello@acme.test' });
    expect([noFrom.status, noFrom.body.message]).toEqual([400, expect.stringContaining('fromName')]);
    expect((await api('POST', '/v1/sms/send', { senderId: 'ACMEIN', to: null, message: DLT_TEXT })).status).toBe(400);
    // Nothing of the refused sends reached a handset.
    expect((await t.dashboard('GET', '/sim/handsets/+14155550705/messages')).body.data).toEqual([]);
  });
});
