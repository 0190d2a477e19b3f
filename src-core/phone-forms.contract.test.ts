// A person's phone number is taken alike on every route that asks for one (contract/common.ts, personPhoneSchema): the
// `+` optional, spaces, dashes, dots and brackets ignored, stored as `+` and its digits. Where the seed fixes a form
// (WhatsApp's digits, unified send's and an identity's E.164) the route keeps it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './testing/test-server.ts';
import { startVoiceAppTest } from './testing/voice-app-calls.ts';
import type { WebhookReceiver } from './testing/webhook-receiver.ts';

let t: TestServer;
let key: string;
let hooks: WebhookReceiver;
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });
const SHIPPED = 'Your order #1001 has shipped. Track it at acme.in/t/1001 - ACME';

beforeAll(async () => {
  ({ t, key, hooks } = await startVoiceAppTest());
  const setup = [
    await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' }),
    await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Shipped', dltTemplateId: '1207160000000000001', body: 'Your order {#var#} has shipped. Track it at {#var#} - ACME' }),
  ];
  const bot = await t.dashboard('POST', '/dashboard/rcs/bots', { name: 'Acme' });
  setup.push(bot, await t.dashboard('POST', '/dashboard/rcs/templates', { botId: bot.body.id, name: 'Hello', text: 'Hello from Acme.' }));
  expect(setup.map((res) => res.status)).toEqual([201, 201, 201, 201]);
  await t.advance(60);
});
afterAll(async () => {
  await hooks.close();
  await t.close();
});

describe('a person\'s phone number', () => {
  it('is taken by SMS and RCS sends with or without its +, spaces, dashes, dots and brackets ignored, and sent to + and its digits', async () => {
    const sms = await api('POST', '/v1/sms/send', { senderId: 'ACMEIN', to: ['+1 (415) 555-0170', '1415.555.0171'], message: SHIPPED });
    expect(sms.status).toBe(200);
    expect((await t.handset('+14155550170')).map((m) => m.text)).toEqual([SHIPPED]);
    expect((await t.handset('+14155550171')).map((m) => m.text)).toEqual([SHIPPED]);
    const logged = (await api('GET', '/v1/sms/logs')).body.data.map((log: { phone: string }) => log.phone);
    expect(logged.sort()).toEqual(['+14155550170', '+14155550171']);
    const templateId = (await t.dashboard('GET', '/dashboard/rcs/templates')).body.data[0].id as string;
    expect((await api('POST', '/v1/rcs/send', { to: '1 415 555 0172', templateId })).status).toBe(200);
    expect(await t.handset('+14155550172')).toHaveLength(1);
    // Still a phone number: no letters, no 0 where the country code goes, 7 to 15 digits.
    for (const to of ['415-555-CALL', '0044 7700 900123', '+1 23']) {
      const refused = await api('POST', '/v1/sms/send', { senderId: 'ACMEIN', to: [to], message: SHIPPED });
      expect([refused.status, refused.body.message]).toEqual([400, expect.stringMatching(/^Invalid body: to\.0: must be a phone number in international format/)]);
    }
  });

  it('is taken so by OTP (7 to 15 digits, as any phone), stored, logged and verified as + and its digits', async () => {
    const widgetId = (await t.dashboard('POST', '/dashboard/otp-widgets', { name: 'Acme Login' })).body.id as string;
    const sent = await api('POST', '/v1/otp/send', { widgetId, identifier: '+1 (415) 555-0173' });
    expect(sent.status).toBe(200);
    const code = ((await t.handset('+14155550173'))[0].text as string).slice(0, 6);
    const verified = await api('POST', '/v1/otp/verify', { requestId: sent.body.requestId, otp: code });
    const token = await api('POST', '/v1/otp/verify-token', { accessToken: verified.body.accessToken });
    expect(token.body).toMatchObject({ verified: true, identifier: '+14155550173' });
    // A 7-digit number (Niue's +683 and four digits) is a phone here as on every other route; it was 400 on OTP alone.
    expect((await api('POST', '/v1/otp/send', { widgetId, identifier: '683 1234' })).status).toBe(200);
    expect((await api('GET', `/v1/otp/logs?widgetId=${widgetId}`)).body.data.map((log: { identifier: string }) => log.identifier)).toEqual(['+6831234', '+14155550173']);
    const refused = await api('POST', '/v1/otp/send', { widgetId, identifier: '0044 7700 900123' });
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringMatching(/^Invalid body: identifier: must be a phone number in international format: 7 to 15 digits/)]);
  });

  it('is taken so by an agent call\'s toNumber and the simulated caller of a business number, the + optional', async () => {
    const agentId = (await api('POST', '/v1/voice/agents', { name: 'A', greeting: 'Hi.', instructions: 'x' })).body.id as string;
    const placed = await api('POST', '/v1/voice/calls/outbound', { agentId, toNumber: '+1 (415) 555-0174' });
    expect([placed.status, placed.body.calledNumber]).toEqual([201, '+14155550174']);
    const inbound = await t.dashboard('POST', '/sim/voice/inbound-call', { from: '1 415 555 0175' });
    expect(inbound.status).toBe(201);
    expect((await api('GET', `/v1/voice/app/calls/${inbound.body.callId as string}`)).body.from).toBe('+1******0175');
    const refused = await t.dashboard('POST', '/sim/voice/inbound-call', { from: '0044 7700 900123' });
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringMatching(/^Invalid phone number 0044 7700 900123/)]);
  });

  it('is taken so by a contact made in the console, stored as + and its digits; a leading 0 or 6 digits are no phone', async () => {
    const made = await t.dashboard('POST', '/dashboard/contacts', { name: 'Pat', phone: '+1 (415) 555-0176' });
    expect([made.status, made.body.phone]).toEqual([201, '+14155550176']);
    for (const phone of ['0044 7700 900123', '123456']) {
      const refused = await t.dashboard('POST', '/dashboard/contacts', { name: 'Nobody', phone });
      expect([refused.status, refused.body.message]).toEqual([400, expect.stringMatching(/^Invalid body: phone: must be a phone number in international format/)]);
    }
  });
});

describe('where the seed fixes the form', () => {
  it('reads digits without a + with the country code first, as the seed\'s WhatsApp form is: 4155550101 is +4155550101, never a US number missing its 1', async () => {
    const template = await api('POST', '/v1/whatsapp/templates', { name: 'digits_hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello from Acme.' }] });
    expect(template.status).toBe(201);
    await t.advance(60);
    const whatsapp = await api('POST', '/v1/whatsapp/send-template', { to: '4155550101', templateName: 'digits_hello', languageCode: 'en' });
    expect(whatsapp.status).toBe(200);
    expect((await api('POST', '/v1/sms/send', { senderId: 'ACMEIN', to: ['4155550101'], message: SHIPPED })).status).toBe(200);
    expect((await t.handset('+4155550101')).map((m) => m.channel).sort()).toEqual(['sms', 'whatsapp']);
    expect(await t.handset('+14155550101')).toEqual([]);
    const agentId = (await api('POST', '/v1/voice/agents', { name: 'Digits', greeting: 'Hi.', instructions: 'x' })).body.id as string;
    const placed = await api('POST', '/v1/voice/calls/outbound', { agentId, toNumber: '4155550101' });
    expect([placed.status, placed.body.calledNumber]).toEqual([201, '+4155550101']);
  });

  it('keeps it: WhatsApp\'s digits and unified send\'s E.164 take no separators, an identity\'s phone is E.164 with its +', async () => {
    const whatsapp = await api('POST', '/v1/whatsapp/send-template', { to: '1 415 555 0177', templateName: 'hello', languageCode: 'en' });
    expect([whatsapp.status, whatsapp.body.message]).toEqual([400, expect.stringMatching(/^Invalid body: to: must be a phone number/)]);
    const unified = await api('POST', '/v1/messages/send', { to: '+1 415 555 0177', channel: 'sms', message: SHIPPED, sms: { senderId: 'ACMEIN' } });
    expect([unified.status, unified.body.message]).toEqual([400, expect.stringMatching(/^Invalid body: to: must be a phone number in international format for channel sms/)]);
    const bare = await api('POST', '/v1/voice/app/identities', { externalId: 'pro_77', role: 'PRO', phone: '14155550177' });
    expect([bare.status, bare.body.message]).toEqual([400, expect.stringMatching(/phone: must be in E\.164 form/)]);
    expect((await api('POST', '/v1/voice/app/identities', { externalId: 'pro_77', role: 'PRO', phone: '+14155550177' })).status).toBe(201);
  });
});
