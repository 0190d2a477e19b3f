// A conversation belongs to the contact that owns its address now: after an edit takes an address from a contact, a
// message from it or a send to it (any channel) is another contact's, and so is the conversation on it from then on;
// the earlier messages stay the first contact's. A message from the owner's own address moves nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
let emailTemplateId: string;

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000, emailCredits: 10 });
  await t.dashboard('POST', '/dashboard/whatsapp/templates', { name: 'hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}' }] });
  emailTemplateId = (await t.request('POST', '/v1/email/templates', { token: key, body: { name: 'Hi', subject: 'Hi', html: '<p>Hi</p>' } })).body.id;
  await t.dashboard('POST', '/dashboard/email/domains', { domain: 'acme.test' });
  await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' });
  await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Help', dltTemplateId: '1207160000000000001', body: 'Hi, {#var#} - ACME' });
  await t.dashboard('POST', '/dashboard/instagram/connection', { username: 'examplestore', followersCount: 500 });
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

type Conversation = { id: string; channel: string; address: string; contactId: string | null; customerName: string | null };
const createContact = async (body: Record<string, unknown>): Promise<string> => {
  const made = await t.dashboard('POST', '/dashboard/contacts', body);
  expect(made.status).toBe(201);
  return made.body.id as string;
};
const edit = async (id: string, body: Record<string, unknown>) => expect((await t.dashboard('PATCH', `/dashboard/contacts/${id}`, body)).status).toBe(200);
const inbound = async (channel: string, from: string, text: string, name?: string): Promise<{ contactId: string; conversationId: string }> => {
  const res = await t.dashboard('POST', '/sim/inbound', { channel, from, text, ...(name ? { name } : {}) });
  expect(res.status).toBe(201);
  return res.body as { contactId: string; conversationId: string };
};
const detail = async (id: string): Promise<Conversation> => (await t.dashboard('GET', `/dashboard/conversations/${id}`)).body as Conversation;
const listed = async (channel: string, id: string): Promise<Conversation | undefined> =>
  ((await t.dashboard('GET', `/dashboard/conversations?channel=${channel}&limit=100`)).body.data as Conversation[]).find((c) => c.id === id);
const contactConversations = async (contactId: string): Promise<string[]> =>
  ((await t.dashboard('GET', `/dashboard/conversations?contactId=${contactId}`)).body.data as Conversation[]).map((c) => c.id);
const thread = async (id: string): Promise<Array<[string | null, string | null]>> =>
  ((await t.dashboard('GET', `/dashboard/conversations/${id}/messages`)).body.data as Array<{ text: string | null; contactId: string | null }>)
    .map((m) => [m.text, m.contactId]);
/** The conversation is `owner`'s, in its detail, its channel's list and the owner's conversations, and no longer `former`'s. */
async function expectOwner(conversation: string, channel: string, owner: { id: string; name: string | null }, former: string): Promise<void> {
  expect(await detail(conversation)).toMatchObject({ contactId: owner.id, customerName: owner.name });
  expect(await listed(channel, conversation)).toMatchObject({ contactId: owner.id, customerName: owner.name });
  expect(await contactConversations(owner.id)).toEqual([conversation]);
  expect(await contactConversations(former)).not.toContain(conversation);
}

describe('a conversation follows the contact that owns its address now', () => {
  it('a message from an address an edit took from its contact moves the conversation to the new contact; the earlier messages stay the first one\'s', async () => {
    for (const [channel, old, now] of [['whatsapp', '+14155550111', '+14155550122'], ['sms', '+14155550112', '+14155550123']] as const) {
      const alice = await createContact({ name: `Alice Rao (${channel})`, phone: old });
      const first = await inbound(channel, old, 'Hi, Alice here');
      expect(first.contactId).toBe(alice);
      const conversation = first.conversationId;
      expect((await t.dashboard('POST', `/dashboard/conversations/${conversation}/reply`, { text: 'Hi, Alice - ACME' })).status).toBe(201);
      await edit(alice, { phone: now });

      const later = await inbound(channel, old, 'Hello, who is this?', `Ben Ortiz (${channel})`);
      expect(later.conversationId).toBe(conversation);
      expect(later.contactId).not.toBe(alice);
      const ben = (await t.dashboard('GET', `/dashboard/contacts/${later.contactId}`)).body as { name: string; phone: string };
      expect([ben.name, ben.phone]).toEqual([`Ben Ortiz (${channel})`, old]);
      await expectOwner(conversation, channel, { id: later.contactId, name: ben.name }, alice);
      expect(await contactConversations(alice)).toEqual([]);
      expect(await thread(conversation)).toEqual([['Hi, Alice here', alice], ['Hi, Alice - ACME', alice], ['Hello, who is this?', later.contactId]]);
    }
  });

  it('an Instagram message from a username an edit took from its contact moves the conversation', async () => {
    const mia = await createContact({ name: 'Mia Chen', username: '6234817790110001' });
    const { conversationId } = await inbound('instagram', '6234817790110001', 'Hi from Mia');
    await edit(mia, { username: 'mia.chen' });
    const later = await inbound('instagram', '6234817790110001', 'New account owner here');
    expect(later.contactId).not.toBe(mia);
    await expectOwner(conversationId, 'instagram', { id: later.contactId, name: null }, mia);
    expect(await thread(conversationId)).toEqual([['Hi from Mia', mia], ['New account owner here', later.contactId]]);
  });

  it('a WhatsApp template sent to a phone an edit took from its contact moves the conversation to the contact made for it', async () => {
    const dan = await createContact({ name: 'Dan Cole', phone: '+14155550131' });
    const { conversationId: wa } = await inbound('whatsapp', '+14155550131', 'Dan here');
    await edit(dan, { phone: '+14155550132' });
    const template = await t.request('POST', '/v1/whatsapp/send-template', {
      token: key, body: { to: '+14155550131', templateName: 'hello', languageCode: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: 'there' }] }] },
    });
    expect(template.status).toBe(200);
    const [sent] = await t.dashboard('GET', `/dashboard/conversations/${wa}/messages`).then((r) => (r.body.data as Array<{ contactId: string }>).slice(-1));
    expect(sent?.contactId).not.toBe(dan);
    await expectOwner(wa, 'whatsapp', { id: sent?.contactId as string, name: null }, dan);
  });

  it('an email sent through unified send to an address an edit took from its contact moves the email conversation', async () => {
    const carla = await createContact({ name: 'Carla Diaz', email: 'carla@example.com' });
    const email = (to: string) => t.request('POST', '/v1/messages/send', {
      token: key, body: { to, channel: 'email', template: { id: emailTemplateId }, email: { fromName: 'Acme', fromEmail: 'hello@acme.test' } },
    });
    expect((await email('carla@example.com')).status).toBe(200);
    const mail = (await contactConversations(carla))[0] as string;
    await edit(carla, { email: 'carla.diaz@example.com' });
    expect((await email('carla@example.com')).status).toBe(200);
    const messages = (await t.dashboard('GET', `/dashboard/conversations/${mail}/messages`)).body.data as Array<{ contactId: string }>;
    expect(messages[0]?.contactId).toBe(carla);
    const newcomer = messages[1]?.contactId as string;
    expect(newcomer).not.toBe(carla);
    await expectOwner(mail, 'email', { id: newcomer, name: null }, carla);
  });

  it('a message from or to the address of the conversation\'s own contact leaves it theirs (a name given changes nothing)', async () => {
    const eve = await createContact({ name: 'Eve Park', phone: '+14155550141' });
    const { conversationId } = await inbound('whatsapp', '+14155550141', 'Eve here');
    await edit(eve, { name: 'Eve Park-Lee' });
    expect((await inbound('whatsapp', '+14155550141', 'Still Eve', 'Somebody Else')).contactId).toBe(eve);
    expect((await t.dashboard('POST', `/dashboard/conversations/${conversationId}/reply`, { text: 'Hi Eve' })).status).toBe(201);
    await expectOwner(conversationId, 'whatsapp', { id: eve, name: 'Eve Park-Lee' }, 'nobody');
    expect((await thread(conversationId)).map(([, contactId]) => contactId)).toEqual([eve, eve, eve]);
  });
});
