// Searching an internationalized email domain as the console shows it, over real HTTP: `bücher` or `kai@bücher.de` finds
// what the core stores as `kai@xn--bcher-kva.de`, in the contacts search (/v1 and the console's), the inbox search (a
// conversation's address, a conversation's contact) and the email contacts search; the word as typed still matches a
// name, and a search in A-labels still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, Conversation, ListEnvelope } from '../contract/index.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
let key: string;
const KAI_PHONE = '+14155550702';

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey()).key;
  for (const contact of [{ name: 'Kai Brandt', email: 'kai@bücher.de', phone: KAI_PHONE }, { name: 'Anna Bücher' }, { name: 'Mia Sato', email: 'mia@例え.テスト' }]) {
    expect((await t.dashboard('POST', '/dashboard/contacts', contact)).status).toBe(201);
  }
  // Kai writes in on WhatsApp: a conversation whose contact has the address.
  expect((await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: KAI_PHONE, text: 'Is my order on its way?' })).status).toBe(201);
  // An email to Lena: an email conversation at her address, and her email contact.
  await t.dashboard('POST', '/dashboard/email/domains', { domain: 'acme.test' });
  await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 2 });
  await t.advance(60);
  const template = await t.request('POST', '/v1/email/templates', { token: key, body: { name: 'Invoice', subject: 'Your invoice', html: '<p>Attached.</p>' } });
  const sent = await t.request('POST', '/v1/email/send', {
    token: key, body: { templateId: template.body.id, recipient: { to: 'lena@bücher.de', firstName: 'Lena' }, fromName: 'Acme', fromEmail: 'billing@acme.test' },
  });
  expect([sent.status, sent.body.to]).toEqual([200, 'lena@xn--bcher-kva.de']);
  expect((await t.request('POST', '/v1/email/contacts', { token: key, body: { email: 'lena@bücher.de', firstName: 'Lena' } })).status).toBe(201);
});
afterAll(async () => {
  await t.close();
});

const contacts = async (term: string, path = '/v1/contacts') => {
  const res = await t.request('GET', `${path}?search=${encodeURIComponent(term)}`, { token: path.startsWith('/v1') ? key : t.dashboardToken });
  expect(res.status).toBe(200);
  const body = res.body as ListEnvelope<Contact> & { meta: { fuzzy?: true } };
  return { found: body.data.map((c) => c.email ?? c.name), fuzzy: body.meta.fuzzy };
};
const conversations = async (channel: string, term: string) => {
  const res = await t.dashboard('GET', `/dashboard/conversations?channel=${channel}&search=${encodeURIComponent(term)}`);
  expect(res.status).toBe(200);
  return (res.body as ListEnvelope<Conversation>).data.map((c) => [c.address, c.searchMatch]);
};

describe('searching an internationalized email domain as it is shown', () => {
  it('finds contacts by the domain in its own script, whole or with the address, and by the word in a name too', async () => {
    expect(await contacts('bücher')).toEqual({ found: ['lena@xn--bcher-kva.de', 'Anna Bücher', 'kai@xn--bcher-kva.de'], fuzzy: undefined });
    expect(await contacts('bücher.de')).toEqual({ found: ['lena@xn--bcher-kva.de', 'kai@xn--bcher-kva.de'], fuzzy: undefined });
    for (const term of ['kai@bücher.de', 'Kai@Bücher.DE', 'kai@bücher', '@bücher.de kai', 'kai@xn--bcher-kva.de']) {
      expect(await contacts(term), term).toEqual({ found: ['kai@xn--bcher-kva.de'], fuzzy: undefined });
    }
    expect((await contacts('例え.テスト')).found).toEqual(['mia@xn--r8jz45g.xn--zckzah']);
    expect((await contacts('mia@例え')).found).toEqual(['mia@xn--r8jz45g.xn--zckzah']);
    // The console's list searches the same way.
    expect((await contacts('kai@bücher.de', '/dashboard/contacts')).found).toEqual(['kai@xn--bcher-kva.de']);
    // Only whole labels: the first letters of one have an A-label of their own (`büch` is `xn--bch-hoa`), so `büch`
    // finds the name holding it and no address at bücher.de.
    expect((await contacts('büch')).found).toEqual(['Anna Bücher']);
  });

  it('finds a conversation by its address, or by its contact’s, in the inbox search', async () => {
    for (const term of ['bücher', 'lena@bücher.de', 'LENA@BÜCHER.DE']) {
      // Found by its address: the row is the usual one, no message matched.
      expect(await conversations('email', term), term).toEqual([['lena@xn--bcher-kva.de', null]]);
    }
    for (const term of ['bücher.de', 'kai@bücher.de']) expect(await conversations('whatsapp', term), term).toEqual([[KAI_PHONE, null]]);
    expect(await conversations('email', 'kai@bücher.de')).toEqual([]);
  });

  it('finds email contacts by the domain in its own script', async () => {
    const res = await t.request('GET', `/v1/email/contacts?search=${encodeURIComponent('lena@bücher.de')}`, { token: key });
    expect([res.status, res.body.data.map((c: { email: string }) => c.email)]).toEqual([200, ['lena@xn--bcher-kva.de']]);
    const byDomain = await t.request('GET', `/v1/email/contacts?search=${encodeURIComponent('bücher')}`, { token: key });
    expect(byDomain.body.data.map((c: { email: string }) => c.email)).toEqual(['lena@xn--bcher-kva.de']);
  });
});
