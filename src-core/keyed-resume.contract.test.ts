// A keyed request cut short by a stop after its work committed (its answer never kept) runs again under its
// key: the records it made take their ids from the key, so the repeat finds them and answers them, sending,
// charging or creating nothing twice (an OTP's code included). (keyed-sends.crash.test.ts does the same across a real SIGKILL.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer;
let key: string;
const keyed = (path: string, body: unknown, idempotencyKey: string) => t.request('POST', path, { token: key, body, headers: { 'idempotency-key': idempotencyKey } });
/** As if the server had stopped after the request's commit and before its answer was kept. */
const cutShort = (idempotencyKey: string) => t.server.db.sql
  .prepare(`UPDATE idempotency_keys SET state = 'running', status_code = NULL, response = NULL WHERE idem_key = ?`).run(idempotencyKey);
const balance = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;
const handset = async (address: string) => (await t.dashboard('GET', `/sim/handsets/${address}/messages`)).body.data.length as number;
const SMS_TEXT = 'Your order #1001 has shipped - ACME';

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  await t.request('POST', '/v1/whatsapp/templates', { token: key, body: { name: 'hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello there' }] } });
  await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' });
  await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Shipped', dltTemplateId: '1207160000000000001', body: 'Your order {#var#} has shipped - ACME' });
  const bot = await t.dashboard('POST', '/dashboard/rcs/bots', { name: 'Acme' });
  await t.dashboard('POST', '/dashboard/rcs/templates', { botId: bot.body.id, name: 'Plain', text: 'Your order ships today' });
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

describe('a keyed request cut short after its commit', () => {
  it('sends: answers what it had sent, with the same ids, and sends and charges nothing again', async () => {
    const cases: Array<[string, unknown, string[]]> = [
      ['/v1/whatsapp/send-template', { to: '14155550901', templateName: 'hello', languageCode: 'en' }, ['+14155550901']],
      ['/v1/sms/send', { senderId: 'ACMEIN', to: ['+14155550902', '+14155550903'], message: SMS_TEXT }, ['+14155550902', '+14155550903']],
      // WhatsApp fails for this number (no WhatsApp), SMS goes: both attempts are found again.
      ['/v1/messages/send', { to: '+15005550002', channel: 'whatsapp', fallbackChannels: ['sms'], template: { name: 'hello', languageCode: 'en' }, message: SMS_TEXT, sms: { senderId: 'ACMEIN' } }, ['+15005550002']],
    ];
    for (const [i, [path, body, addresses]] of cases.entries()) {
      const first = await keyed(path, body, `send-${i}`);
      expect(first.status).toBe(200);
      const before = [await balance(), ...(await Promise.all(addresses.map(handset)))];
      cutShort(`send-${i}`);
      const again = await keyed(path, body, `send-${i}`);
      expect([again.status, again.headers.get('idempotent-replayed'), again.body]).toEqual([200, null, first.body]);
      expect([await balance(), ...(await Promise.all(addresses.map(handset)))]).toEqual(before);
      // Kept now: a third try is a plain replay.
      expect((await keyed(path, body, `send-${i}`)).headers.get('idempotent-replayed')).toBe('true');
    }
  });

  it('a send its provider failed: answers the failure and its reason again, from what the message recorded', async () => {
    const rcsTemplateId = (await t.request('GET', '/v1/rcs/templates', { token: key })).body.data[0].id as string;
    const cases: Array<[string, unknown, string]> = [
      ['/v1/whatsapp/send-template', { to: '15005550002', templateName: 'hello', languageCode: 'en' }, 'SIM_WHATSAPP_UNAVAILABLE'],
      // No RCS on this handset: the fallback goes, and fails.
      ['/v1/rcs/send', { to: '+15005550001', templateId: rcsTemplateId, smsFallback: { sender: 'ACMEIN', message: SMS_TEXT } }, 'SIM_UNREACHABLE'],
    ];
    for (const [i, [path, body, errorCode]] of cases.entries()) {
      const first = await keyed(path, body, `failed-${i}`);
      expect([first.status, first.body.status, first.body.errorCode, first.body.error]).toEqual([200, 'failed', errorCode, expect.stringContaining('simulated handset')]);
      cutShort(`failed-${i}`);
      const again = await keyed(path, body, `failed-${i}`);
      expect([again.status, again.headers.get('idempotent-replayed'), again.body]).toEqual([200, null, first.body]);
    }
  });

  it('campaign creation: answers the campaign it had created (and for RCS, launched and charged), not a second one', async () => {
    const wa = { templateId: (await t.request('GET', '/v1/whatsapp/templates', { token: key })).body.data[0].id, phones: ['919810012345'], name: 'Once' };
    const created = await keyed('/v1/whatsapp/campaigns', wa, 'campaign-wa');
    cutShort('campaign-wa');
    const again = await keyed('/v1/whatsapp/campaigns', wa, 'campaign-wa');
    expect([again.status, again.body.id]).toEqual([201, created.body.id]);
    expect((await t.request('GET', '/v1/whatsapp/campaigns', { token: key })).body.meta.total).toBe(1);

    const rcsTemplate = (await t.request('GET', '/v1/rcs/templates', { token: key })).body.data[0];
    const rcs = { botId: rcsTemplate.botId, templateId: rcsTemplate.id, numbers: ['+14155550904'] };
    const launched = await keyed('/v1/rcs/campaigns', rcs, 'campaign-rcs');
    expect(launched.status).toBe(202);
    const charged = await balance();
    cutShort('campaign-rcs');
    const repeat = await keyed('/v1/rcs/campaigns', rcs, 'campaign-rcs');
    expect([repeat.status, repeat.body.id, repeat.body.dispatch]).toEqual([202, launched.body.id, 'queued']);
    expect(await balance()).toBe(charged);
    expect((await t.request('GET', '/v1/rcs/campaigns', { token: key })).body.meta.total).toBe(1);
  });

  it('OTP send and retry: answer the request and code they had sent; no second code, no second charge', async () => {
    const widgetId = (await t.dashboard('POST', '/dashboard/otp-widgets', { name: 'Login' })).body.id;
    const phone = '+14155550905';
    const codes = async () => (await t.handset(phone.slice(1))).map((m: { text: string }) => /^(\d+) is your verification code/.exec(m.text)?.[1]);
    const verify = (requestId: string, otp: string) => t.request('POST', '/v1/otp/verify', { token: key, body: { requestId, otp } });
    const body = { widgetId, identifier: phone };
    const start = await balance();
    const first = await keyed('/v1/otp/send', body, 'otp-1');
    expect([first.status, first.body.requestId]).toEqual([200, expect.stringMatching(/^otp_/)]);
    const charged = await balance();
    expect(charged).toBeLessThan(start);
    cutShort('otp-1');
    const again = await keyed('/v1/otp/send', body, 'otp-1');
    expect([again.status, again.headers.get('idempotent-replayed'), again.body]).toEqual([200, null, first.body]);
    expect([await balance(), (await codes()).length]).toEqual([charged, 1]);

    // A retry (after the cooldown) cut short: its re-run answers the code it sent, and sends no third.
    await t.advance(30);
    const retry = { requestId: first.body.requestId };
    expect((await keyed('/v1/otp/retry', retry, 'otp-retry-1')).body).toEqual(retry);
    const afterRetry = await balance();
    expect(start - afterRetry).toBe(2 * (start - charged));
    cutShort('otp-retry-1');
    const retried = await keyed('/v1/otp/retry', retry, 'otp-retry-1');
    expect([retried.status, retried.headers.get('idempotent-replayed'), retried.body]).toEqual([200, null, retry]);
    const sentCodes = await codes();
    expect([await balance(), sentCodes.length]).toEqual([afterRetry, 2]);
    // The code the handset got last is the one stored: it verifies.
    expect((await verify(first.body.requestId, sentCodes[1] as string)).status).toBe(200);
  });

  it('OTP send whose first run committed nothing (refused then, sendable now): the re-run makes the request afresh', async () => {
    const widgetId = (await t.dashboard('POST', '/dashboard/otp-widgets', { name: 'Checkout' })).body.id;
    const phone = '+14155550906';
    const contact = (await t.dashboard('POST', '/dashboard/contacts', { name: 'Blocked for a while', phone })).body.id;
    await t.request('POST', `/v1/contacts/${contact}/block`, { token: key, body: { reason: 'Paused' } });
    const body = { widgetId, identifier: phone };
    expect((await keyed('/v1/otp/send', body, 'otp-2')).status).toBe(409);
    cutShort('otp-2');
    await t.request('POST', `/v1/contacts/${contact}/unblock`, { token: key });
    const before = await balance();
    const again = await keyed('/v1/otp/send', body, 'otp-2');
    expect([again.status, again.body.requestId]).toEqual([200, expect.stringMatching(/^otp_/)]);
    expect(await handset(phone)).toBe(1);
    expect(await balance()).toBeLessThan(before);
  });
});
