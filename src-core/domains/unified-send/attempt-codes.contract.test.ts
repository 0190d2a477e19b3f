// Unified send over real HTTP: each failed attempt says why in codes a client can branch on, not only in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
let rcsTemplateId: string;
const DLT_TEXT = 'Order #9 ships today - ACME';
const unified = (body: unknown) => t.request('POST', '/v1/messages/send', { token: key, body });
/** A chain of every phone channel, each given what it needs (WhatsApp's template named by the test). */
const everyPhoneChannel = (to: string, whatsappTemplate = 'hello', message = DLT_TEXT) => ({
  to, channel: 'whatsapp', fallbackChannels: ['sms', 'rcs'], message, sms: { senderId: 'ACMEIN' },
  template: { name: whatsappTemplate, languageCode: 'en', id: rcsTemplateId, variables: { 1: 'Ann', order: '#9' } },
});
const codes = (attempts: Array<{ channel: string; code: unknown; errorCode: unknown }>) => attempts.map((a) => [a.channel, a.code, a.errorCode]);

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  // The wallet stays empty until a test tops it up.
  await t.request('POST', '/v1/whatsapp/templates', {
    token: key, body: { name: 'hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}' }] },
  });
  const bot = await t.dashboard('POST', '/dashboard/rcs/bots', { name: 'Acme' });
  rcsTemplateId = (await t.dashboard('POST', '/dashboard/rcs/templates', { botId: bot.body.id, name: 'Shipped', text: 'Order {{order}} ships today.' })).body.id;
  await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' });
  await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Shipped', dltTemplateId: '1207160000000000001', body: 'Order {#var#} ships today - ACME' });
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

describe('POST /v1/messages/send: the codes of failed attempts', () => {
  it('a refusal carries the code its own route answers (empty wallet, unknown template), with no provider code', async () => {
    const res = await unified(everyPhoneChannel('+14155550901', 'no_such_template'));
    expect(res.status).toBe(502);
    expect(res.body.attempts).toEqual([
      { channel: 'whatsapp', status: 'failed', error: 'Template no_such_template (en) not found', code: 'VALIDATION_FAILED', errorCode: null },
      { channel: 'sms', status: 'failed', error: 'Insufficient wallet balance: 1 SMS message costs ₹0.25, the balance is ₹0.00', code: 'INSUFFICIENT_BALANCE', errorCode: null },
      { channel: 'rcs', status: 'failed', error: 'Insufficient wallet balance: 1 RCS message costs ₹0.30, the balance is ₹0.00', code: 'INSUFFICIENT_BALANCE', errorCode: null },
    ]);
    // The dedicated routes answer the same refusals with the same codes, the channel named as users know it.
    const dedicated = await t.request('POST', '/v1/sms/send', { token: key, body: { senderId: 'ACMEIN', to: ['+14155550901'], message: DLT_TEXT } });
    expect([dedicated.status, dedicated.body.code, dedicated.body.message]).toEqual([400, 'INSUFFICIENT_BALANCE', 'Insufficient wallet balance: 1 SMS message costs ₹0.25, the balance is ₹0.00']);
    const whatsapp = await t.request('POST', '/v1/whatsapp/send-template', {
      token: key, body: { to: '14155550901', templateName: 'hello', languageCode: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ann' }] }] },
    });
    expect([whatsapp.status, whatsapp.body.code, whatsapp.body.message]).toEqual([400, 'INSUFFICIENT_BALANCE', 'Insufficient wallet balance: 1 WhatsApp message costs ₹0.80, the balance is ₹0.00']);
  });
  it('a message the provider failed has no refusal code and carries the provider\'s (no RCS, unreachable handset); a DLT mismatch is VALIDATION_FAILED', async () => {
    await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 10_000 });
    const noRcs = await unified({ ...everyPhoneChannel('+15005550003', 'hello', 'Not the registered text'), channel: 'rcs', fallbackChannels: ['sms'] });
    expect(noRcs.status).toBe(502);
    expect(codes(noRcs.body.attempts)).toEqual([['rcs', null, 'RCS_NOT_SUPPORTED'], ['sms', 'VALIDATION_FAILED', null]]);
    expect(noRcs.body.attempts[1].error).toMatch(/does not match any approved transactional DLT template/);
    const unreachable = await unified(everyPhoneChannel('+15005550001'));
    expect(unreachable.status).toBe(502);
    expect(codes(unreachable.body.attempts)).toEqual([['whatsapp', null, 'SIM_UNREACHABLE'], ['sms', null, 'SIM_UNREACHABLE'], ['rcs', null, 'SIM_UNREACHABLE']]);
    // As the channel's log keeps it.
    const log = await t.request('GET', '/v1/rcs/logs?limit=2', { token: key });
    expect(log.body.data.map((m: { phone: string; errorCode: string }) => [m.phone, m.errorCode])).toEqual([['+15005550001', 'SIM_UNREACHABLE'], ['+15005550003', 'RCS_NOT_SUPPORTED']]);
  });
  it('a success after a failed channel carries the failed attempt\'s codes too', async () => {
    const res = await unified(everyPhoneChannel('+15005550002'));
    expect(res.status).toBe(200);
    expect(res.body.attempts).toEqual([
      { channel: 'whatsapp', status: 'failed', error: expect.stringContaining('no WhatsApp account'), code: null, errorCode: 'SIM_WHATSAPP_UNAVAILABLE' },
      { channel: 'sms', status: 'sent', messageId: res.body.messageId },
    ]);
  });
});
