// Opt-out keywords over real HTTP: a customer writing STOP on SMS, WhatsApp or RCS is blocked with a reason saying so
// (every send then refused, campaigns skip them), START lifts only that block, and the events say what happened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';
import { createContactsStore } from './contacts.store.ts';

let t: TestServer;
let key: string;
let templateId: string;
const reason = (keyword: string, channel: string) => `Opted out by sending ${keyword} on ${channel} (writing START opts them back in)`;
type Contact = { id: string; isBlocked: boolean; blockedReason: string | null; blockedAt: string | null };

const inbound = (channel: string, from: string, text: string) => t.dashboard('POST', '/sim/inbound', { channel, from, text });
const contactOf = async (address: string): Promise<Contact> => {
  const found = await t.request('GET', `/v1/contacts?search=${encodeURIComponent(address.replace(/\D/g, '') || address)}`, { token: key });
  expect(found.body.data, address).toHaveLength(1);
  return found.body.data[0] as Contact;
};
const smsSend = (to: string) => t.request('POST', '/v1/sms/send', {
  token: key, body: { senderId: 'ACMEIN', to: [to], message: 'Your order #1001 has shipped. Track it at acme.in/t/1001 - ACME' },
});
const hello = (to: string) => ({ to, templateName: 'hello', languageCode: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ann' }] }] });
const whatsappSend = (to: string) => t.request('POST', '/v1/whatsapp/send-template', { token: key, body: hello(to) });
const balance = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;
/** The outbox's events about `contactId`, oldest first, as `[type, data]`. */
const eventsOf = async (contactId: string) => {
  await t.server.bus.flush();
  return t.server.bus.recent(t.organizationId, 500).filter((e) => e.data.includes(contactId)).reverse()
    .map((e) => [e.type, JSON.parse(e.data) as { changedFields?: string[]; contact: Contact; message?: { text: string } }] as const);
};

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  expect((await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' })).status).toBe(201);
  const dlt = { name: 'Order shipped', dltTemplateId: '1207160000000000001', body: 'Your order {#var#} has shipped. Track it at {#var#} - ACME' };
  expect((await t.dashboard('POST', '/dashboard/sms/templates', dlt)).status).toBe(201);
  const template = await t.dashboard('POST', '/dashboard/whatsapp/templates', { name: 'hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}' }] });
  templateId = template.body.id as string;
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

describe('opting out', () => {
  it('STOP on SMS opts the contact out: the message is received as any other, then every send is 409 CONTACT_BLOCKED with the reason, nothing charged', async () => {
    expect((await smsSend('+14155550601')).status).toBe(200);
    const res = await inbound('sms', '+1 415 555 0601', 'STOP');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ direction: 'inbound', status: 'received', text: 'STOP' });
    const contact = await contactOf('+14155550601');
    expect(contact).toMatchObject({ isBlocked: true, blockedReason: reason('STOP', 'SMS'), blockedAt: expect.any(String) });
    // Shown in the inbox as received: the latest message of its conversation, the row marked blocked.
    const inbox = await t.dashboard('GET', '/dashboard/conversations?channel=sms');
    expect(inbox.body.data.find((c: { address: string }) => c.address === '+14155550601')).toMatchObject({ contactBlocked: true });
    expect((await t.request('GET', '/v1/sms/logs?direction=inbound', { token: key })).body.data[0]).toMatchObject({ body: 'STOP', phone: '+14155550601' });
    const before = await balance();
    for (const refused of [await smsSend('+14155550601'), await whatsappSend('+14155550601')]) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'CONTACT_BLOCKED', contactId: contact.id, reason: reason('STOP', 'SMS') });
    }
    expect(await balance()).toBe(before);
    expect(await t.handset('+14155550601')).toHaveLength(1);
  });
  it('a campaign skips an opted-out contact: failed with the opt-out reason and refunded, the others sent', async () => {
    await inbound('sms', '+919810040001', 'stop');
    const body = { templateId, phones: ['919810040001', '919810040002'], templateComponents: [{ type: 'body', parameters: [{ type: 'text', text: 'Ann' }] }] };
    const id = (await t.request('POST', '/v1/whatsapp/campaigns', { token: key, body })).body.id as string;
    const before = await balance();
    expect((await t.request('POST', `/v1/whatsapp/campaigns/${id}/launch`, { token: key })).status).toBe(202);
    await t.advance(1);
    const failures = await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${id}/failures`);
    expect(failures.body.data.map((f: { address: string; reason: string }) => [f.address, f.reason])).toEqual([
      ['+919810040001', expect.stringContaining(`is blocked: ${reason('STOP', 'SMS')}`)],
    ]);
    expect([await t.handset('+919810040001'), await t.handset('+919810040002')].map((received) => received.length)).toEqual([0, 1]);
    expect(await balance()).toBe(before - 80);
  });
  it('takes the whole text, trimmed and in any case, as a keyword; a sentence with one in it is an ordinary message', async () => {
    const optOuts: Array<[string, string]> = [[' stop ', 'STOP'], ['Unsubscribe', 'UNSUBSCRIBE'], ['\tQUIT\n', 'QUIT'], ['stopall', 'STOPALL'],
      ['Cancel', 'CANCEL'], ['end', 'END'], ['revoke', 'REVOKE'], ['OptOut', 'OPTOUT']];
    for (const [i, [text, keyword]] of optOuts.entries()) {
      const phone = `+1415556${String(i).padStart(4, '0')}`;
      await inbound('sms', phone, text);
      expect(await contactOf(phone), JSON.stringify(text)).toMatchObject({ isBlocked: true, blockedReason: reason(keyword, 'SMS') });
    }
    const ordinary = ['stop the order please', 'Please stop', 'STOP!', 'cancel my order', 'opt out', 'YES', 'The end'];
    for (const [i, text] of ordinary.entries()) {
      const phone = `+1415557${String(i).padStart(4, '0')}`;
      await inbound('sms', phone, text);
      expect(await contactOf(phone), text).toMatchObject({ isBlocked: false, blockedReason: null });
    }
  });
});

describe('opting back in', () => {
  it('START (or UNSTOP) re-subscribes a contact STOP blocked; a second STOP keeps the first reason', async () => {
    await inbound('sms', '+14155550611', 'STOP');
    await inbound('whatsapp', '+14155550611', 'QUIT');
    expect(await contactOf('+14155550611')).toMatchObject({ isBlocked: true, blockedReason: reason('STOP', 'SMS') });
    await inbound('sms', '+14155550611', ' start ');
    expect(await contactOf('+14155550611')).toMatchObject({ isBlocked: false, blockedReason: null, blockedAt: null });
    expect((await smsSend('+14155550611')).status).toBe(200);
    await inbound('sms', '+14155550611', 'END');
    expect((await contactOf('+14155550611')).isBlocked).toBe(true);
    await inbound('whatsapp', '+14155550611', 'unstop');
    expect((await contactOf('+14155550611')).isBlocked).toBe(false);
  });
  it('START does not unblock a contact a person blocked, and STOP keeps their reason', async () => {
    await inbound('sms', '+14155550621', 'Hi');
    const { id } = await contactOf('+14155550621');
    await t.request('POST', `/v1/contacts/${id}/block`, { token: key, body: { reason: 'Abusive language' } });
    for (const text of ['STOP', 'START', 'UNSTOP']) await inbound('sms', '+14155550621', text);
    expect(await contactOf('+14155550621')).toMatchObject({ isBlocked: true, blockedReason: 'Abusive language' });
  });
  it('a person\'s block over an opt-out, with a reason of their own, is theirs: START leaves it; their unblock lifts it', async () => {
    await inbound('sms', '+14155550631', 'STOP');
    const { id } = await contactOf('+14155550631');
    // Without a reason the block is unchanged, still the opt-out's.
    await t.request('POST', `/v1/contacts/${id}/block`, { token: key, body: {} });
    await inbound('sms', '+14155550631', 'START');
    expect((await contactOf('+14155550631')).isBlocked).toBe(false);
    await inbound('sms', '+14155550631', 'STOP');
    await t.request('POST', `/v1/contacts/${id}/block`, { token: key, body: { reason: 'Chargeback dispute' } });
    await inbound('sms', '+14155550631', 'START');
    expect(await contactOf('+14155550631')).toMatchObject({ isBlocked: true, blockedReason: 'Chargeback dispute' });
    await t.request('POST', `/v1/contacts/${id}/unblock`, { token: key });
    await inbound('sms', '+14155550631', 'STOP');
    expect(await contactOf('+14155550631')).toMatchObject({ isBlocked: true, blockedReason: reason('STOP', 'SMS') });
  });
  it('tells an opt-out by what is stored, never by its reason\'s text; the console\'s contact says which it is', async () => {
    const consoleContact = async (id: string) => (await t.dashboard('GET', `/dashboard/contacts/${id}`)).body as Contact & { optedOutOn: string | null };
    // A person's block in the very words of an opt-out is theirs: START leaves it, and the console asks nothing before Unblock.
    await inbound('sms', '+14155550661', 'Hi');
    const { id: person } = await contactOf('+14155550661');
    await t.request('POST', `/v1/contacts/${person}/block`, { token: key, body: { reason: reason('STOP', 'SMS') } });
    for (const text of ['START', 'UNSTOP']) await inbound('sms', '+14155550661', text);
    expect(await consoleContact(person)).toMatchObject({ isBlocked: true, blockedReason: reason('STOP', 'SMS'), optedOutOn: null });
    // A real opt-out: the console's contact names its channel (/v1's does not), and START lifts it.
    await inbound('whatsapp', '14155550662', 'STOP');
    const optedOut = await contactOf('+14155550662');
    expect(optedOut).not.toHaveProperty('optedOutOn');
    expect(await consoleContact(optedOut.id)).toMatchObject({ isBlocked: true, optedOutOn: 'whatsapp' });
    await inbound('whatsapp', '14155550662', 'START');
    expect(await consoleContact(optedOut.id)).toMatchObject({ isBlocked: false, blockedReason: null, optedOutOn: null });
    // An opt-out stored with other words (as another wording of the reason would leave it) is still one.
    await inbound('sms', '+14155550663', 'Hi');
    const { id: reworded } = await contactOf('+14155550663');
    createContactsStore(t.server.db.sql).setBlocked({
      orgId: t.organizationId, id: reworded, blocked: true, reason: 'Texted STOP', at: t.server.clock.nowIso(), optedOutOn: 'sms', updated: t.server.clock.nowIso(),
    });
    expect(await consoleContact(reworded)).toMatchObject({ isBlocked: true, blockedReason: 'Texted STOP', optedOutOn: 'sms' });
    await inbound('sms', '+14155550663', 'START');
    expect(await consoleContact(reworded)).toMatchObject({ isBlocked: false, optedOutOn: null });
  });
});

describe('channels', () => {
  it('WhatsApp and RCS keywords work as SMS\'s; on Instagram and email STOP is an ordinary message', async () => {
    await inbound('whatsapp', '14155550641', 'Stop');
    expect(await contactOf('+14155550641')).toMatchObject({ isBlocked: true, blockedReason: reason('STOP', 'WhatsApp') });
    expect((await whatsappSend('+14155550641')).body).toMatchObject({ code: 'CONTACT_BLOCKED', reason: reason('STOP', 'WhatsApp') });
    await inbound('whatsapp', '14155550641', 'START');
    expect((await whatsappSend('+14155550641')).status).toBe(200);
    // RCS has no /sim/inbound (INTERFACES.md); a provider's delivery of an RCS reply takes the same path.
    const { messaging } = t.server.services;
    messaging.receive({ orgId: t.organizationId, channel: 'rcs', from: '+14155550642', text: 'unsubscribe' });
    expect(await contactOf('+14155550642')).toMatchObject({ isBlocked: true, blockedReason: reason('UNSUBSCRIBE', 'RCS') });
    await t.dashboard('POST', '/dashboard/instagram/connection', { username: 'examplestore', followersCount: 10 });
    expect((await inbound('instagram', '6234817790110643', 'STOP')).status).toBe(201);
    expect(await contactOf('6234817790110643')).toMatchObject({ isBlocked: false });
    messaging.receive({ orgId: t.organizationId, channel: 'email', from: 'ann@customer.test', text: 'STOP' });
    expect((await t.request('GET', '/v1/contacts?search=ann%40customer.test', { token: key })).body.data[0]).toMatchObject({ isBlocked: false });
  });
});

describe('events', () => {
  it('the message received event, then contact.updated with changedFields; a repeat changes nothing and emits no contact.updated', async () => {
    await inbound('sms', '+14155550651', 'STOP');
    await inbound('sms', '+14155550651', 'STOP');
    await inbound('sms', '+14155550651', 'START');
    const { id } = await contactOf('+14155550651');
    const events = await eventsOf(id);
    expect(events.map(([type, data]) => [type, data.message?.text ?? data.changedFields])).toEqual([
      ['contact.created', undefined],
      ['sms.message.received', 'STOP'],
      ['contact.updated', ['isBlocked', 'blockedReason']],
      ['sms.message.received', 'STOP'],
      ['sms.message.received', 'START'],
      ['contact.updated', ['isBlocked', 'blockedReason']],
    ]);
    const [opted, back] = events.filter(([type]) => type === 'contact.updated').map(([, data]) => data.contact);
    expect(opted).toMatchObject({ id, isBlocked: true, blockedReason: reason('STOP', 'SMS') });
    expect(back).toMatchObject({ id, isBlocked: false, blockedReason: null });
    // The message's own event carries the contact as the message found it: not yet opted out.
    expect(events[1]?.[1].contact).toMatchObject({ isBlocked: false });
  });
});
