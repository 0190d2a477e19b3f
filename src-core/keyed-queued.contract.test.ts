// A keyed request stopped while its message was queued (recorded and charged, handed to a provider that had not
// answered): the restarted server, asked again with the key, hands the message over again as it was recorded and
// answers as the first run would have, before any check runs again, whatever changed since (a sending domain
// unverified, a sender id rejected, a contact blocked, a template rejected, an OTP widget changed); a unified send's
// channel that refused the first run is reported with that run's reason. The stop is what it leaves: the database as
// committed while the provider held the message, on which a second server starts. That server's start hands the queued
// messages over again itself (queued-recovery.contract.test.ts), before or while the retry comes: either way, once.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelProvider, ProviderOutcome } from './domains/messaging/index.ts';
import { createTestServer, stoppedCopy, type TestServer } from './testing/test-server.ts';

const SMS_TEXT = 'Your order #1001 has shipped - ACME';
const dir = mkdtempSync(join(tmpdir(), 'sb-keyed-queued-'));

/** Messages the remote providers hold (answered once released), and who waits for one to be held. */
const held: Array<(outcome: ProviderOutcome) => void> = [];
let holding = false;
let heldWaiter: { count: number; resolve(): void } | null = null;
const heldCount = (count: number): Promise<void> => new Promise((resolve) => (heldWaiter = { count, resolve }));
/** A provider that answers later (not inside the send's transaction), as a remote one does; while `holding`, it does not answer. */
const remote = (simulated: ChannelProvider): ChannelProvider => ({
  send(message) {
    if (!holding) return simulated.send(message);
    return new Promise((resolve) => {
      held.push(resolve);
      if (heldWaiter && held.length >= heldWaiter.count) heldWaiter.resolve();
    });
  },
});
const releaseHeld = (): void => {
  holding = false;
  for (const answer of held.splice(0)) answer({ ok: false, code: 'STOPPED', message: 'the first server stopped' });
};

/** The organization's SMTP server: what it received, and while `smtpHolding`, DATA left unanswered. */
const received: string[] = [];
let smtpHolding = false;
const smtpHeld: Array<(error?: Error) => void> = [];
let smtpWaiter: (() => void) | null = null;
const smtp = new SMTPServer({
  secure: false, authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'],
  onData: (stream, _session, callback) => {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    stream.on('end', () => {
      if (smtpHolding) {
        smtpHeld.push(callback);
        smtpWaiter?.();
        return;
      }
      received.push(raw);
      callback();
    });
  },
});

let a: TestServer;
let key: string;
let stops = 0;
const keyed = (t: TestServer, path: string, body: unknown, idempotencyKey: string) =>
  t.request('POST', path, { token: key, body, headers: { 'idempotency-key': idempotencyKey } });
const wallet = async (t: TestServer) => {
  const { balancePaise, emailCredits } = (await t.dashboard('GET', '/dashboard/wallet')).body as { balancePaise: number; emailCredits: number };
  return { balancePaise, emailCredits };
};
const sql = (t: TestServer, statement: string, ...args: unknown[]) => t.server.db.sql.prepare(statement).run(...args);
async function block(t: TestServer, address: string): Promise<void> {
  const found = await t.request('GET', `/v1/contacts?search=${encodeURIComponent(address)}`, { token: key });
  expect((await t.request('POST', `/v1/contacts/${found.body.data[0].id}/block`, { token: key, body: { reason: 'Asked us to stop' } })).status).toBe(200);
}

/**
 * Sends `request` to the first server and, once `reached` (its messages queued and held by the provider), starts a
 * second server on what a stop at that instant leaves: the database as committed. The first server's request is then
 * let go (`release`), out of the second's sight.
 */
async function stopWhenHeld(request: () => Promise<unknown>, reached: Promise<void>, release: () => void): Promise<TestServer> {
  const answered = request();
  await reached;
  const stopped = stoppedCopy(a, join(dir, `stopped-${++stops}.db`));
  release();
  await answered;
  return stopped.restart();
}

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  a = await createTestServer({ providers: (simulated) => ({ ...simulated, sms: remote(simulated.sms), whatsapp: remote(simulated.whatsapp) }) });
  key = (await a.createKey({ rateLimitPerMinute: 10_000 })).key;
  await a.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000, emailCredits: 10 });
  for (const name of ['hello', 'soon_rejected']) {
    await a.request('POST', '/v1/whatsapp/templates', { token: key, body: { name, category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello there' }] } });
  }
  await a.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' });
  await a.dashboard('POST', '/dashboard/sms/templates', { name: 'Shipped', dltTemplateId: '1207160000000000001', body: 'Your order {#var#} has shipped - ACME' });
  await a.dashboard('POST', '/dashboard/email/domains', { domain: 'acme.test' });
  await a.advance(60);
});
afterAll(async () => {
  await a.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('a keyed message left queued by a stop, asked for again after the restart', () => {
  it('email through the organization\'s SMTP server: handed over again and answered, though its domain is unverified and its contact blocked since', async () => {
    const port = (smtp.server.address() as AddressInfo).port;
    await a.dashboard('PUT', '/dashboard/email/smtp', { host: '127.0.0.1', port, fromEmail: 'ops@smtp.acme.test' });
    const template = await a.request('POST', '/v1/email/templates', { token: key, body: { name: 'Hi', subject: 'Hello {{first_name}}', html: '<p>Hello {{first_name}}</p>' } });
    const body = { templateId: template.body.id, recipient: { to: 'ana@customer.io', firstName: 'Ana' }, fromName: 'Acme', fromEmail: 'hello@acme.test' };
    received.length = 0;
    smtpHolding = true;
    const reached = new Promise<void>((resolve) => (smtpWaiter = resolve));
    const b = await stopWhenHeld(() => keyed(a, '/v1/email/send', body, 'email-queued'), reached, () => {
      smtpHolding = false;
      for (const answer of smtpHeld.splice(0)) answer(new Error('the first server stopped'));
    });
    try {
      const before = await wallet(b);
      sql(b, `UPDATE email_domains SET status = 'PENDING' WHERE domain = 'acme.test'`);
      await block(b, 'ana@customer.io');
      const again = await keyed(b, '/v1/email/send', body, 'email-queued');
      expect([again.status, again.headers.get('idempotent-replayed'), again.body.status, again.body.to]).toEqual([200, null, 'sent', 'ana@customer.io']);
      const messages = b.server.db.sql.prepare(`SELECT id, status FROM messages WHERE address = 'ana@customer.io'`).all() as Array<{ id: string; status: string }>;
      expect(messages).toEqual([{ id: expect.stringMatching(/^msg_/), status: 'sent' }]);
      // The email as recorded, once, under the message's id; the credit spent once, by the first run.
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Hello Ana');
      expect(received[0]).toMatch(new RegExp(`^X-Service-Message-Id: ${messages[0]?.id}\r?$`, 'im'));
      expect(received[0]).toContain(again.body.messageId);
      expect(await wallet(b)).toEqual(before);
      // The changes hold for a new request.
      expect((await keyed(b, '/v1/email/send', { ...body, recipient: { to: 'bo@customer.io' } }, 'email-new')).status).toBe(400);
    } finally {
      await b.close();
    }
  });

  it('SMS to many: every recipient\'s message handed over again, though the sender id is rejected and a recipient blocked since', async () => {
    const body = { senderId: 'ACMEIN', to: ['+14155550961', '+14155550962'], message: SMS_TEXT };
    holding = true;
    const b = await stopWhenHeld(() => keyed(a, '/v1/sms/send', body, 'sms-queued'), heldCount(2), releaseHeld);
    try {
      const before = await wallet(b);
      sql(b, `UPDATE sms_senders SET status = 'REJECTED' WHERE sender_id = 'ACMEIN'`);
      await block(b, '+14155550962');
      const again = await keyed(b, '/v1/sms/send', body, 'sms-queued');
      expect([again.status, again.body.status, again.body.recipients]).toEqual([200, 'sent', 2]);
      for (const phone of body.to) expect((await b.handset(phone)).map((m) => [m.channel, m.text])).toEqual([['sms', SMS_TEXT]]);
      expect(await wallet(b)).toEqual(before);
      expect((await b.request('GET', '/v1/sms/logs?status=queued', { token: key })).body.meta.total).toBe(0);
    } finally {
      await b.close();
    }
  });

  it('unified send: the WhatsApp message handed over again and answered, though its template is rejected since; SMS not tried', async () => {
    const body = { to: '+14155550971', channel: 'whatsapp', fallbackChannels: ['sms'], template: { name: 'soon_rejected', languageCode: 'en' }, message: SMS_TEXT, sms: { senderId: 'ACMEIN' } };
    holding = true;
    const b = await stopWhenHeld(() => keyed(a, '/v1/messages/send', body, 'unified-queued'), heldCount(1), releaseHeld);
    try {
      const before = await wallet(b);
      sql(b, `UPDATE whatsapp_templates SET status = 'REJECTED' WHERE name = 'soon_rejected'`);
      const again = await keyed(b, '/v1/messages/send', body, 'unified-queued');
      expect([again.status, again.body.channelUsed, again.body.attempts]).toEqual([200, 'whatsapp', [{ channel: 'whatsapp', status: 'sent', messageId: again.body.messageId }]]);
      expect((await b.handset('+14155550971')).map((m) => m.channel)).toEqual(['whatsapp']);
      expect(await wallet(b)).toEqual(before);
    } finally {
      await b.close();
    }
  });

  it('unified send: WhatsApp refused and the SMS left queued; after the restart the SMS answers, and WhatsApp\'s refusal is the one the first run met', async () => {
    await a.request('POST', '/v1/whatsapp/templates', { token: key, body: { name: 'not_yet', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello there' }] } });
    const body = { to: '+14155550972', channel: 'whatsapp', fallbackChannels: ['sms'], template: { name: 'not_yet', languageCode: 'en' }, message: SMS_TEXT, sms: { senderId: 'ACMEIN' } };
    holding = true;
    const b = await stopWhenHeld(() => keyed(a, '/v1/messages/send', body, 'unified-refused'), heldCount(1), releaseHeld);
    try {
      sql(b, `UPDATE whatsapp_templates SET status = 'APPROVED' WHERE name = 'not_yet'`);
      const again = await keyed(b, '/v1/messages/send', body, 'unified-refused');
      expect([again.status, again.body.channelUsed]).toEqual([200, 'sms']);
      expect(again.body.attempts).toEqual([
        { channel: 'whatsapp', status: 'failed', error: 'Template not_yet is PENDING; only APPROVED templates can be sent', code: 'VALIDATION_FAILED', errorCode: null },
        { channel: 'sms', status: 'sent', messageId: again.body.messageId },
      ]);
      expect((await b.handset('+14155550972')).map((m) => m.channel)).toEqual(['sms']);
    } finally {
      await b.close();
    }
  });

  it('OTP send: the code recorded goes out on the channel it was recorded for, though the widget has changed channel since', async () => {
    const widgetId = (await a.dashboard('POST', '/dashboard/otp-widgets', { name: 'Login' })).body.id;
    const phone = '+14155550981';
    holding = true;
    const b = await stopWhenHeld(() => keyed(a, '/v1/otp/send', { widgetId, identifier: phone }, 'otp-queued'), heldCount(1), releaseHeld);
    try {
      const before = await wallet(b);
      expect((await b.dashboard('PATCH', `/dashboard/otp-widgets/${widgetId}`, { channels: ['whatsapp'] })).status).toBe(200);
      const again = await keyed(b, '/v1/otp/send', { widgetId, identifier: phone }, 'otp-queued');
      expect([again.status, again.body.requestId]).toEqual([200, expect.stringMatching(/^otp_/)]);
      const got = await b.handset(phone);
      expect(got.map((m) => m.channel)).toEqual(['sms']);
      expect(await wallet(b)).toEqual(before);
      const code = /^(\d+) is your verification code/.exec(got[0].text)?.[1];
      expect((await b.request('POST', '/v1/otp/verify', { token: key, body: { requestId: again.body.requestId, otp: code } })).status).toBe(200);
    } finally {
      await b.close();
    }
  });

  it('OTP retry: the code it recorded goes out, though that resend was the widget\'s last', async () => {
    const widgetId = (await a.dashboard('POST', '/dashboard/otp-widgets', { name: 'Checkout', maxResends: 1 })).body.id;
    const phone = '+14155550982';
    const sent = await keyed(a, '/v1/otp/send', { widgetId, identifier: phone }, 'otp-first');
    expect(sent.status).toBe(200);
    await a.advance(30);
    const retry = { requestId: sent.body.requestId };
    holding = true;
    const b = await stopWhenHeld(() => keyed(a, '/v1/otp/retry', retry, 'otp-retry-queued'), heldCount(1), releaseHeld);
    try {
      const before = await wallet(b);
      const again = await keyed(b, '/v1/otp/retry', retry, 'otp-retry-queued');
      expect([again.status, again.body]).toEqual([200, retry]);
      const codes = (await b.handset(phone)).map((m: { text: string }) => /^(\d+) is your verification code/.exec(m.text)?.[1]);
      expect(codes).toHaveLength(2);
      expect(await wallet(b)).toEqual(before);
      expect((await b.request('POST', '/v1/otp/verify', { token: key, body: { ...retry, otp: codes[1] } })).status).toBe(200);
    } finally {
      await b.close();
    }
  });
});
