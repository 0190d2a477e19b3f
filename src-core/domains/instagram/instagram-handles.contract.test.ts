// Over real HTTP: an Instagram customer's unified contact takes the handle (and name) the platform knows for their IGSID
// when they write in, in place of the IGSID it held; it stays one contact across their messages and the replies to them,
// and the console's conversations carry the contact's username (`customerUsername`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const inbound = (from: string, text: string, name?: string) => t.dashboard('POST', '/sim/inbound', { channel: 'instagram', from, text, ...(name ? { name } : {}) });
const known = (igsid: string, username: string, name?: string) => t.dashboard('PUT', `/dashboard/instagram/senders/${igsid}`, { username, ...(name ? { name } : {}) });
type Listed = { id: string; name: string | null; username: string | null };
const contactsFound = async (search: string): Promise<Listed[]> =>
  (await t.request('GET', `/v1/contacts?search=${encodeURIComponent(search)}`, { token: key })).body.data as Listed[];
const conversationOf = async (contactId: string) => (await t.dashboard('GET', `/dashboard/conversations?channel=instagram&contactId=${contactId}`)).body.data[0];
const contactEvents = (type: string) => t.server.bus.recent(t.organizationId, 200).filter((e) => e.type === type).map((e) => JSON.parse(e.data) as {
  contact: { id: string; username: string | null }; changedFields?: string[];
});

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/instagram/connection', { username: 'examplestore', name: 'Example Store' });
});
afterAll(async () => {
  await t.close();
});

describe('an Instagram customer whose handle the platform knows', () => {
  it('is made a contact with the handle as username and the known name, and stays that one contact', async () => {
    await known('6234817790112233', '@maya.designs', 'Maya Fernandes');
    const first = await inbound('6234817790112233', 'Is the linen tote still available?');
    expect(first.status).toBe(201);
    const [maya] = await contactsFound('maya.designs');
    expect(maya).toMatchObject({ id: first.body.contactId, name: 'Maya Fernandes', username: 'maya.designs' });
    expect(contactEvents('contact.created').find((e) => e.contact.id === maya?.id)?.contact.username).toBe('maya.designs');
    // Her next message and a reply to her IGSID are hers: no contact is made for the IGSID.
    await t.advance(1);
    expect((await inbound('6234817790112233', 'In sand?')).body.contactId).toBe(maya?.id);
    const reply = await t.request('POST', '/v1/instagram/messages', { token: key, body: { recipientIgsid: '6234817790112233', message: 'Yes!' } });
    expect(reply.status).toBe(200);
    expect(await contactsFound('6234817790112233')).toEqual([]);
    expect(await conversationOf(maya?.id as string)).toMatchObject({ address: '6234817790112233', customerName: 'Maya Fernandes', customerUsername: 'maya.designs' });
  });

  it('a contact known only by the IGSID takes the handle at the next message (contact.updated), keeping its name and history', async () => {
    const first = await inbound('7109923456781234', 'Do you ship to Berlin?', 'Jonas');
    const jonasId = first.body.contactId as string;
    expect((await conversationOf(jonasId)).customerUsername).toBe('7109923456781234');
    await known('7109923456781234', 'the_urban_runner', 'Jonas Weber');
    await t.advance(1);
    expect((await inbound('7109923456781234', 'And how long does it take?')).body.contactId).toBe(jonasId);
    expect(await contactsFound('the_urban_runner')).toEqual([expect.objectContaining({ id: jonasId, name: 'Jonas', username: 'the_urban_runner' })]);
    expect(contactEvents('contact.updated').find((e) => e.contact.id === jonasId)).toMatchObject({ changedFields: ['username'], contact: { username: 'the_urban_runner' } });
    const conversation = await conversationOf(jonasId);
    expect(conversation).toMatchObject({ customerName: 'Jonas', customerUsername: 'the_urban_runner' });
    const thread = await t.dashboard('GET', `/dashboard/conversations/${conversation.id}/messages`);
    expect(thread.body.data.map((m: { contactId: string }) => m.contactId)).toEqual([jonasId, jonasId]);
  });

  it('a reply to a contact known only by the IGSID gives it the handle too, and lands on it', async () => {
    const first = await inbound('5912200487351167', 'Mugs in oat?');
    await known('5912200487351167', 'sara.pottery');
    const reply = await t.request('POST', '/v1/instagram/messages', { token: key, body: { recipientIgsid: '5912200487351167', message: 'Due in two days!' } });
    expect(reply.status).toBe(200);
    expect(await contactsFound('sara.pottery')).toEqual([expect.objectContaining({ id: first.body.contactId, username: 'sara.pottery' })]);
  });

  it('writes into a contact a person made with that username, its name and username kept', async () => {
    const made = await t.dashboard('POST', '/dashboard/contacts', { name: 'Priya M.', username: 'Priya.Bakes' });
    expect(made.status).toBe(201);
    await known('5587120934412290', 'priya.bakes', 'Priya Menon');
    expect((await inbound('5587120934412290', 'When is the giveaway?')).body.contactId).toBe(made.body.id);
    expect(await contactsFound('priya')).toEqual([expect.objectContaining({ id: made.body.id, name: 'Priya M.', username: 'Priya.Bakes' })]);
  });
});

describe('an Instagram customer who changes their handle', () => {
  it('stays one contact: the contact that took the old handle takes the new one, and their next message is theirs', async () => {
    await known('6234817790117001', 'old.handle', 'Ines Duarte');
    const first = await inbound('6234817790117001', 'Hello!');
    expect((await known('6234817790117001', 'new.handle')).status).toBe(200);
    expect(await contactsFound('new.handle')).toEqual([expect.objectContaining({ id: first.body.contactId, name: 'Ines Duarte', username: 'new.handle' })]);
    expect(contactEvents('contact.updated').find((e) => e.contact.id === first.body.contactId)).toMatchObject({ changedFields: ['username'] });
    await t.advance(1);
    expect((await inbound('6234817790117001', 'It is me again')).body.contactId).toBe(first.body.contactId);
    expect(await contactsFound('old.handle')).toEqual([]);
  });
});

describe('an Instagram customer whose handle is not known', () => {
  it('keeps the IGSID as username, and the conversation says so', async () => {
    const first = await inbound('6690012384756120', 'Where is my order?');
    expect(await contactsFound('6690012384756120')).toEqual([expect.objectContaining({ id: first.body.contactId, name: null, username: '6690012384756120' })]);
    expect((await conversationOf(first.body.contactId)).customerUsername).toBe('6690012384756120');
  });
});
