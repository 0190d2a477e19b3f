// The console inbox over real HTTP: conversations with unread counts and search, threads, mark-read,
// MANUAL replies through each channel's own path (an RCS template through the RCS send), inside the 24-hour window
// only, and one contact's conversations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 10_000 });
  await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550301', text: 'Hi there' });
  await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550301', text: 'Anyone?' });
  await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550302', text: 'Order question' });
  const priya = (await t.dashboard('GET', '/dashboard/contacts?search=14155550302')).body.data[0];
  t.server.services.contacts.resolveAddress(t.organizationId, 'whatsapp', priya.phone, 'Priya Sharma');
});
afterAll(async () => {
  await t.close();
});

const conversations = async (query = '') => (await t.dashboard('GET', `/dashboard/conversations?channel=whatsapp${query}`)).body;

describe('inbox', () => {
  it('lists a channel\'s conversations, most recent first, with unread counts and names, and searches them', async () => {
    const list = await conversations();
    expect(list.meta.total).toBe(2);
    expect(list.data.map((c: { address: string; unreadCount: number }) => [c.address, c.unreadCount])).toEqual([['+14155550302', 1], ['+14155550301', 2]]);
    expect(list.data[0].customerName).toBe('Priya Sharma');
    expect((await conversations('&search=priya')).data.map((c: { address: string }) => c.address)).toEqual(['+14155550302']);
    expect((await conversations('&search=0301')).data.map((c: { address: string }) => c.address)).toEqual(['+14155550301']);
    expect((await t.dashboard('GET', '/dashboard/conversations?channel=instagram')).body.meta.total).toBe(0);
    expect((await t.dashboard('GET', '/dashboard/conversations?channel=fax')).status).toBe(400);
  });
  it('search also finds a conversation by the text of an earlier message, and a handle typed with its "@"', async () => {
    const found = async (search: string) => (await conversations(`&search=${encodeURIComponent(search)}`)).data.map((c: { address: string }) => c.address);
    expect(await found('hi THERE')).toEqual(['+14155550301']); // its first message, not its latest ("Anyone?")
    expect(await found('question')).toEqual(['+14155550302']);
    expect(await found('@priya')).toEqual(['+14155550302']);
    expect(await found('@')).toHaveLength(2); // nothing left to search: every conversation
    expect(await found('%')).toEqual([]); // a LIKE wildcard is searched as itself
    // Accents and case aside, as the contacts' search: "jose" and "JOSÉ" find a message saying "José".
    await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550303', text: 'Ask José about my order' });
    await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550303', text: 'Thanks' });
    expect(await found('jose')).toEqual(['+14155550303']);
    expect(await found('JOSÉ')).toEqual(['+14155550303']);
    const jose = (await conversations('&search=jose')).data[0].id;
    await t.dashboard('POST', `/dashboard/conversations/${jose}/read`, {}); // as it was: the next test counts unread conversations
  });
  it('counts the conversations with unread messages per channel and in all, and a read one leaves the count', async () => {
    const counts = async () => (await t.dashboard('GET', '/dashboard/conversations/unread-counts')).body;
    expect(await counts()).toEqual({ whatsapp: 2, sms: 0, rcs: 0, email: 0, instagram: 0, total: 2 });
    await t.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+14155550309', text: 'Hello?' });
    await t.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+14155550309', text: 'Still there?' });
    expect(await counts()).toMatchObject({ whatsapp: 2, sms: 1, total: 3 });
    const [sms] = (await t.dashboard('GET', '/dashboard/conversations?channel=sms')).body.data;
    // A blocked contact's unread conversation waits for nobody (every reply would be refused): it is not counted.
    await t.dashboard('POST', `/dashboard/contacts/${sms.contactId}/block`, { reason: 'Spam' });
    expect(await counts()).toMatchObject({ sms: 0, total: 2 });
    await t.dashboard('POST', `/dashboard/contacts/${sms.contactId}/unblock`, {});
    expect(await counts()).toMatchObject({ sms: 1, total: 3 });
    await t.dashboard('POST', `/dashboard/conversations/${sms.id}/read`, {});
    expect(await counts()).toMatchObject({ sms: 0, total: 2 });
    expect((await t.dashboard('GET', '/dashboard/conversations/unread-counts?organizationId=org_missing')).status).toBe(404);
  });
  it('shows a thread oldest first, marks it read, and answers inside the window as MANUAL', async () => {
    const id = (await conversations('&search=0301')).data[0].id;
    const thread = await t.dashboard('GET', `/dashboard/conversations/${id}/messages`);
    expect(thread.body.data.map((m: { text: string }) => m.text)).toEqual(['Hi there', 'Anyone?']);
    expect((await t.dashboard('POST', `/dashboard/conversations/${id}/read`, {})).body.unreadCount).toBe(0);
    const reply = await t.dashboard('POST', `/dashboard/conversations/${id}/reply`, { text: 'Hello! How can we help?' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ direction: 'outbound', status: 'sent', source: 'MANUAL', type: 'text', text: 'Hello! How can we help?' });
    expect((await t.dashboard('GET', '/sim/handsets/+14155550301/messages')).body.data.map((m: { text: string }) => m.text)).toEqual(['Hello! How can we help?']);
    await t.advance(2);
    const after = await t.dashboard('GET', `/dashboard/conversations/${id}/messages`);
    expect(after.body.data.at(-1)).toMatchObject({ text: 'Hello! How can we help?', status: 'delivered' });
  });
  it('refuses a free-form reply after the 24-hour window, and a blocked contact with its reason', async () => {
    const id = (await conversations('&search=0302')).data[0].id;
    const detail = await t.dashboard('GET', `/dashboard/conversations/${id}`);
    expect(detail.body.careWindow.open).toBe(true);
    await t.advance(24 * 3600);
    const late = await t.dashboard('POST', `/dashboard/conversations/${id}/reply`, { text: 'Sorry for the wait' });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ code: 'OUTSIDE_MESSAGING_WINDOW' });
    expect(late.body.message).toContain('template');
    await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550302', text: 'Hello again' });
    const contact = (await t.dashboard('GET', '/dashboard/contacts?search=14155550302')).body.data[0];
    await t.dashboard('POST', `/dashboard/contacts/${contact.id}/block`, { reason: 'Abusive language' });
    const blocked = await t.dashboard('POST', `/dashboard/conversations/${id}/reply`, { text: 'Hi' });
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({ code: 'CONTACT_BLOCKED', reason: 'Abusive language' });
    const listed = (await conversations()).data.map((c: { address: string; contactBlocked: boolean }) => [c.address, c.contactBlocked]);
    expect(listed).toEqual(expect.arrayContaining([['+14155550302', true], ['+14155550301', false]]));
    expect((await t.dashboard('GET', `/dashboard/conversations/${id}`)).body.contactBlocked).toBe(true);
    expect((await t.dashboard('GET', '/dashboard/conversations/conv_missing')).status).toBe(404);
  });
  it('after the window, answers with an approved template (text or template, not both)', async () => {
    const template = await t.dashboard('POST', '/dashboard/whatsapp/templates', { name: 'follow_up', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hi {{1}}, we are here to help.' }] });
    await t.advance(60);
    const id = (await conversations('&search=0301')).data[0].id;
    const body = { template: { templateId: template.body.id, components: [{ type: 'body', parameters: [{ type: 'text', text: 'there' }] }] } };
    const res = await t.dashboard('POST', `/dashboard/conversations/${id}/reply`, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'template', source: 'MANUAL', templateName: 'follow_up', text: 'Hi there, we are here to help.' });
    expect((await t.dashboard('POST', `/dashboard/conversations/${id}/reply`, { text: 'x', ...body })).status).toBe(400);
    expect((await t.dashboard('POST', `/dashboard/conversations/${id}/reply`, {})).status).toBe(400);
  });
  it('replies on SMS through the DLT rules and on email from the verified domain, each billed like any send', async () => {
    await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' });
    await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Help', dltTemplateId: '1207160000000000001', body: 'Hi, {#var#} - ACME' });
    await t.dashboard('POST', '/dashboard/email/domains', { domain: 'acme.test' });
    await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 2 });
    await t.advance(60);
    await t.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+14155550401', text: 'Where is my order?' });
    const sms = (await t.dashboard('GET', '/dashboard/conversations?channel=sms')).body.data[0].id;
    const free = await t.dashboard('POST', `/dashboard/conversations/${sms}/reply`, { text: 'It ships today' });
    expect(free.status).toBe(400);
    expect(free.body.message).toContain('does not match any approved');
    const ok = await t.dashboard('POST', `/dashboard/conversations/${sms}/reply`, { text: 'Hi, your order ships today - ACME' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ channel: 'sms', sender: 'ACMEIN', source: 'MANUAL' });
    const key = (await t.createKey({ scopes: ['email:send', 'email:templates:write'] })).key;
    const template = await t.request('POST', '/v1/email/templates', { token: key, body: { name: 'Invoice', subject: 'Your invoice', html: '<p>Attached.</p>' } });
    await t.request('POST', '/v1/email/send', { token: key, body: { templateId: template.body.id, recipient: { to: 'maya@example.com' }, fromName: 'Acme', fromEmail: 'billing@acme.test' } });
    const email = (await t.dashboard('GET', '/dashboard/conversations?channel=email')).body.data[0].id;
    const mail = await t.dashboard('POST', `/dashboard/conversations/${email}/reply`, { text: 'Paid, thanks <3' });
    expect(mail.status).toBe(201);
    expect(mail.body).toMatchObject({ channel: 'email', sender: 'support@acme.test', text: 'Re: Your invoice', source: 'MANUAL' });
    const inbox = (await t.dashboard('GET', '/sim/handsets/maya@example.com/messages')).body.data;
    expect(inbox.at(-1).payload).toMatchObject({ subject: 'Re: Your invoice', html: '<p>Paid, thanks &#60;3</p>' });
    expect((await t.dashboard('GET', '/dashboard/wallet')).body.emailCredits).toBe(0);
  });
  it('replies on RCS with an approved RCS template through the RCS send: its variables, its checks, billed at the RCS price, refunded when it fails', async () => {
    const bot = await t.dashboard('POST', '/dashboard/rcs/bots', { name: 'Acme' });
    const card = await t.dashboard('POST', '/dashboard/rcs/templates', {
      botId: bot.body.id, name: 'Ready card', type: 'rich_card', title: 'Order {{order}}', text: 'Hi {{name}}, it is ready.',
    });
    await t.advance(60);
    const templateId = card.body.id;
    // RCS conversations start with a message sent to the customer.
    for (const to of ['+14155550501', '+15005550003']) {
      expect((await t.dashboard('POST', '/dashboard/rcs/send', { to, templateId, rcsVariables: { order: '#1', name: 'A' } })).status).toBe(200);
    }
    const rcs = async (address: string) => ((await t.dashboard('GET', '/dashboard/conversations?channel=rcs')).body.data as Array<{ id: string; address: string }>)
      .find((c) => c.address === address)?.id;
    const id = await rcs('+14155550501');
    const balance = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;
    const before = await balance();

    const reply = (conversation: string | undefined, body: unknown) => t.dashboard('POST', `/dashboard/conversations/${conversation}/reply`, body);
    const sent = await reply(id, { template: { templateId, variables: { order: '#2002', name: 'Rohan' } } });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ channel: 'rcs', direction: 'outbound', status: 'sent', source: 'MANUAL', sender: 'Acme', templateName: 'Ready card', text: 'Order #2002\nHi Rohan, it is ready.' });
    expect((await t.dashboard('GET', '/sim/handsets/+14155550501/messages')).body.data.at(-1)).toMatchObject({ channel: 'rcs', text: 'Order #2002\nHi Rohan, it is ready.' });
    expect(await balance()).toBe(before - 30);
    expect((await t.dashboard('GET', '/dashboard/rcs/logs')).body.data[0]).toMatchObject({ source: 'MANUAL', templateName: 'Ready card', phone: '+14155550501' });

    // The RCS send's own checks, nothing charged: a variable missing, a template not approved; then the reply's shape.
    const missing = await reply(id, { template: { templateId, variables: { order: '#3' } } });
    expect([missing.status, missing.body.message]).toEqual([400, 'template.variables is missing name for template Ready card']);
    expect((await reply(id, { template: { templateId: 'rct_nope', variables: {} } })).body.message).toBe('RCS template rct_nope not found');
    const text = await reply(id, { text: 'Thanks!' });
    expect([text.status, text.body.message]).toEqual([400, 'An RCS reply is an approved RCS template: send {template: {templateId, variables}}']);
    expect((await reply(id, { template: { templateId, components: [] } })).body.message).toContain('template.components is for WhatsApp templates');
    const whatsapp = (await conversations('&search=0302')).data[0].id;
    expect((await reply(whatsapp, { template: { templateId, variables: { order: '1' } } })).body.message).toContain('template.variables is for RCS templates');
    expect((await reply(id, { template: { templateId, variables: { order: '#3', name: 'x' }, extra: 1 } })).status).toBe(400);
    expect(await balance()).toBe(before - 30);

    // A handset without RCS: the message fails as the RCS send's does without a fallback, and is refunded.
    const failed = await reply(await rcs('+15005550003'), { template: { templateId, variables: { order: '#4', name: 'B' } } });
    expect(failed.status).toBe(201);
    expect(failed.body).toMatchObject({ channel: 'rcs', status: 'failed', source: 'MANUAL' });
    expect(await balance()).toBe(before - 30);
    // Its conversation's last message failed, which the list says (the inbox marks the row); the others' did not.
    const listed = (await t.dashboard('GET', '/dashboard/conversations?channel=rcs')).body.data.map((c: { address: string; lastMessageFailed: boolean }) => [c.address, c.lastMessageFailed]);
    expect(listed).toEqual([['+15005550003', true], ['+14155550501', false]]);
    expect((await t.dashboard('GET', `/dashboard/conversations/${failed.body.conversationId}`)).body.lastMessageFailed).toBe(true);
  });
  it('marks a conversation whose last message failed, in its channel\'s list, its detail and its contact\'s list, until a newer message', async () => {
    const address = '+15005550002'; // a simulated handset without WhatsApp: every message to it fails
    await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: address, text: 'Can you hear me?' });
    const id = (await conversations('&search=5005550002')).data[0].id;
    const marked = async () => {
      const contactId = (await t.dashboard('GET', `/dashboard/conversations/${id}`)).body.contactId;
      const ofContact = (await t.dashboard('GET', `/dashboard/conversations?contactId=${contactId}`)).body.data.find((c: { id: string }) => c.id === id);
      const listed = (await conversations()).data.find((c: { id: string }) => c.id === id);
      return [listed.lastMessageFailed, (await t.dashboard('GET', `/dashboard/conversations/${id}`)).body.lastMessageFailed, ofContact.lastMessageFailed];
    };
    expect(await marked()).toEqual([false, false, false]);
    const reply = await t.dashboard('POST', `/dashboard/conversations/${id}/reply`, { text: 'Yes, loud and clear.' });
    expect(reply.body).toMatchObject({ status: 'failed', conversationId: id });
    expect(await marked()).toEqual([true, true, true]);
    await t.advance(1);
    // The customer writes again: the newest message did not fail, so the mark goes, everywhere.
    await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: address, text: 'Hello??' });
    expect(await marked()).toEqual([false, false, false]);
    expect((await conversations()).data.find((c: { id: string }) => c.id === id).lastMessage).toBe('Hello??');
  });
  it('lists one contact\'s conversations on every channel, most recent first, or on one channel', async () => {
    await t.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+14155550301', text: 'Texting instead' });
    const contact = (await t.dashboard('GET', '/dashboard/contacts?search=14155550301')).body.data[0];
    const of = async (query: string) => (await t.dashboard('GET', `/dashboard/conversations?contactId=${contact.id}${query}`)).body;
    const all = await of('');
    expect(all.meta.total).toBe(2);
    expect(all.data.map((c: { channel: string; address: string; contactId: string }) => [c.channel, c.address, c.contactId]))
      .toEqual([['sms', '+14155550301', contact.id], ['whatsapp', '+14155550301', contact.id]]);
    expect((await of('&channel=whatsapp')).data.map((c: { channel: string }) => c.channel)).toEqual(['whatsapp']);
    expect((await of('&channel=email')).meta.total).toBe(0);
    expect((await t.dashboard('GET', '/dashboard/conversations?contactId=ct_missing')).body.meta.total).toBe(0);
    const neither = await t.dashboard('GET', '/dashboard/conversations');
    expect(neither.status).toBe(400);
    expect(neither.body.message).toContain('channel: is required unless contactId is given');
    expect((await t.dashboard('GET', `/dashboard/conversations?contactId=${contact.id}&search=x`)).status).toBe(400);
  });
});
