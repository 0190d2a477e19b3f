// An email address in any case is one address: the sends that make email conversations (/email/send, unified send)
// keep it lower-cased, as contacts match it, so one person never gets a second conversation or contact by a capital.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
let templateId: string;

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 5 });
  templateId = (await t.request('POST', '/v1/email/templates', { token: key, body: { name: 'Hi', subject: 'Hi', html: '<p>Hi</p>' } })).body.id;
  await t.dashboard('POST', '/dashboard/email/domains', { domain: 'acme.test' });
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

it('gives one person one email conversation and one contact whatever the case of the address', async () => {
  const direct = await t.request('POST', '/v1/email/send', {
    token: key, body: { templateId, recipient: { to: 'Alice@Example.com' }, fromName: 'Acme', fromEmail: 'hello@acme.test' },
  });
  expect([direct.status, direct.body.to]).toEqual([200, 'alice@example.com']);
  const unified = await t.request('POST', '/v1/messages/send', {
    token: key, body: { to: 'ALICE@EXAMPLE.COM', channel: 'email', template: { id: templateId }, email: { fromName: 'Acme', fromEmail: 'hello@acme.test' } },
  });
  expect([unified.status, unified.body.channelUsed]).toEqual([200, 'email']);
  const conversations = (await t.dashboard('GET', '/dashboard/conversations?channel=email')).body.data as Array<{ address: string; contactId: string }>;
  expect(conversations.map((c) => c.address)).toEqual(['alice@example.com']);
  const contacts = (await t.request('GET', '/v1/contacts?search=alice', { token: key })).body.data as Array<{ id: string; email: string }>;
  expect(contacts.map((c) => c.email)).toEqual(['alice@example.com']);
  expect(conversations[0]?.contactId).toBe(contacts[0]?.id);
});
