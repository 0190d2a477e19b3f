// Email through a real SMTP server (smtp-server, on 127.0.0.1 and a free port) when the organization has configured
// one: authenticated, the merged message as sent; a refused login answers why and gives the credit back.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('email through a real SMTP server', () => {
  it('goes out through the organization\'s SMTP connection', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      secure: false, authOptional: false, disabledCommands: ['STARTTLS'],
      onAuth: (auth, _session, callback) => callback(auth.username === 'acme' && auth.password === 's3cret' ? null : new Error('bad credentials'), { user: 'acme' }),
      onData: (stream, _session, callback) => {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    try {
      const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'SMTP org' })).body.id as string;
      const orgKey = (await t.createKey({ organizationId: org })).key;
      await t.request('POST', '/dashboard/wallet/top-up', { token: t.dashboardToken, body: { organizationId: org, emailCredits: 2 } });
      const saved = await t.request('PUT', '/dashboard/email/smtp', { token: t.dashboardToken, body: { organizationId: org, host: '127.0.0.1', port, user: 'acme', password: 's3cret', fromEmail: 'ops@smtp-org.test' } });
      expect(saved.body).toMatchObject({ connected: true, fromEmail: 'ops@smtp-org.test' });
      expect(JSON.stringify(saved.body)).not.toContain('s3cret');
      const tpl = await t.request('POST', '/v1/email/templates', { token: orgKey, body: { name: 'Hi', subject: 'Welcome {{first_name}}', html: '<b>Hello {{first_name}}</b>' } });
      const res = await t.request('POST', '/v1/email/send', { token: orgKey, body: { templateId: tpl.body.id, recipient: { to: 'bo@customer.io', firstName: 'Bo' }, fromName: 'Ops', fromEmail: 'ops@smtp-org.test' } });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('sent');
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Welcome Bo');
      expect(received[0]).toContain('<b>Hello Bo</b>');
      expect(received[0]).toMatch(/X-Service-Message-Id: msg_/i);
      await t.request('PUT', '/dashboard/email/smtp', { token: t.dashboardToken, body: { organizationId: org, host: '127.0.0.1', port, user: 'acme', password: 'wrong', fromEmail: 'ops@smtp-org.test' } });
      const credits = async () => (await t.request('GET', `/dashboard/wallet?organizationId=${org}`, { token: t.dashboardToken })).body.emailCredits as number;
      expect(await credits()).toBe(1);
      const refused = await t.request('POST', '/v1/email/send', { token: orgKey, body: { templateId: tpl.body.id, recipient: { to: 'bo@customer.io' }, fromName: 'Ops', fromEmail: 'ops@smtp-org.test' } });
      // Why it failed is in the answer: email has no log route, and no event for an email its server never took.
      // As every dedicated send says it (errorCode, error), and errorMessage as this answer said it before error was: the same words.
      expect(refused.body).toEqual({
        messageId: expect.stringMatching(/^msg_/), status: 'failed', to: 'bo@customer.io', templateId: tpl.body.id, templateName: 'Hi',
        errorCode: 'SMTP_ERROR', error: expect.stringMatching(/^Invalid login: 535/), errorMessage: refused.body.error,
      });
      expect(res.body).toEqual({ messageId: expect.any(String), status: 'sent', to: 'bo@customer.io', templateId: tpl.body.id, templateName: 'Hi', errorCode: null, error: null });
      // The refused email gives its credit back, in a ledger line of its own.
      expect(await credits()).toBe(1);
      const ledger = await t.request('GET', `/dashboard/wallet/ledger?organizationId=${org}&limit=1`, { token: t.dashboardToken });
      expect(ledger.body.data[0]).toMatchObject({ kind: 'email_credit_refunded', emailCredits: 1, referenceId: refused.body.messageId, description: 'email message to Bo (bo@customer.io) not sent · mail server refused the login' });
      // A keyed repeat of a refused send answers the same, reason and all.
      const keyed = async () => t.request('POST', '/v1/email/send', {
        token: orgKey, headers: { 'Idempotency-Key': 'smtp-refused-once' },
        body: { templateId: tpl.body.id, recipient: { to: 'bo@customer.io' }, fromName: 'Ops', fromEmail: 'ops@smtp-org.test' },
      });
      const [first, again] = [await keyed(), await keyed()];
      expect([first.body.errorCode, again.headers.get('idempotent-replayed')]).toEqual(['SMTP_ERROR', 'true']);
      expect(again.body).toEqual(first.body);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
