// The console's contact edit (`PATCH /dashboard/contacts/{id}`) over real HTTP: fields checked as create checks them,
// clearing, create's 409 for another contact's address, 404s, the event, and what an address change leaves of the history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  await t.dashboard('POST', '/dashboard/whatsapp/templates', { name: 'hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}' }] });
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

type Contact = { id: string; name: string | null; username: string | null; email: string | null; phone: string | null; profilePic: string | null; updatedAt: string };
const create = async (body: Record<string, unknown>): Promise<Contact> => {
  const made = await t.dashboard('POST', '/dashboard/contacts', body);
  expect(made.status).toBe(201);
  return made.body as Contact;
};
const edit = (id: string, body: unknown) => t.dashboard('PATCH', `/dashboard/contacts/${id}`, body);
const read = async (id: string): Promise<Contact> => (await t.dashboard('GET', `/dashboard/contacts/${id}`)).body as Contact;
/** The `changedFields` of every contact.updated about `id` so far, oldest first. */
const updates = async (id: string): Promise<string[][]> => {
  await t.server.bus.flush();
  return t.server.bus.recent(t.organizationId, 1000).filter((e) => e.type === 'contact.updated' && e.data.includes(id)).reverse()
    .map((e) => (JSON.parse(e.data) as { changedFields: string[] }).changedFields);
};

describe('PATCH /dashboard/contacts/{id}', () => {
  it('changes the fields given, stored as create stores them, answers the console contact and emits contact.updated with what changed', async () => {
    const dana = await create({ name: 'Edit Dana', phone: '+14155550901', email: 'dana@example.com' });
    await t.advance(60);
    const res = await edit(dana.id, { name: '  Dana Reyes ', phone: '+1 (415) 555-0902', email: 'Dana.Reyes@Example.COM', username: 'dana.r', profilePic: 'https://cdn.example.com/dana.jpg' });
    expect(res.status).toBe(200);
    const expected = { id: dana.id, name: 'Dana Reyes', phone: '+14155550902', email: 'dana.reyes@example.com', username: 'dana.r', profilePic: 'https://cdn.example.com/dana.jpg' };
    expect(res.body).toMatchObject({ ...expected, optedOutOn: null, createdAt: dana.updatedAt });
    expect(res.body.updatedAt).not.toBe(dana.updatedAt);
    expect(await read(dana.id)).toMatchObject(expected);
    const listed = (await t.request('GET', '/v1/contacts?search=dana.reyes', { token: key })).body.data as Contact[];
    expect(listed.map((c) => [c.id, c.phone])).toEqual([[dana.id, '+14155550902']]);
    expect(await updates(dana.id)).toEqual([['username', 'name', 'email', 'phone', 'profilePic']]);
    // Only what changed is named.
    expect((await edit(dana.id, { name: 'Dana R.', phone: '+14155550902' })).status).toBe(200);
    expect(await updates(dana.id)).toEqual([['username', 'name', 'email', 'phone', 'profilePic'], ['name']]);
  });

  it('changes nothing and emits nothing when the values given are the ones stored (in any form create takes)', async () => {
    const eli = await create({ name: 'Edit Eli', phone: '+14155550903', email: 'eli@example.com', username: 'eli' });
    await t.advance(60);
    const res = await edit(eli.id, { name: 'Edit Eli ', phone: '1 415 555 0903', email: 'ELI@example.com', username: 'eli' });
    expect([res.status, res.body.updatedAt]).toEqual([200, eli.updatedAt]);
    expect(await updates(eli.id)).toEqual([]);
    // A username's spelling is its own: another case is a change (and not another contact's username).
    expect((await edit(eli.id, { username: 'Eli' })).body.username).toBe('Eli');
    expect(await updates(eli.id)).toEqual([['username']]);
  });

  it('clears a field given null or blank, so long as the contact keeps a name, username, email or phone', async () => {
    const fay = await create({ name: 'Edit Fay', phone: '+14155550904', email: 'fay@example.com', profilePic: 'https://cdn.example.com/fay.jpg' });
    expect((await edit(fay.id, { email: null, profilePic: '' })).body).toMatchObject({ email: null, profilePic: null, phone: '+14155550904' });
    expect((await edit(fay.id, { name: '   ' })).body).toMatchObject({ name: null, phone: '+14155550904' });
    expect(await updates(fay.id)).toEqual([['email', 'profilePic'], ['name']]);
    const none = await edit(fay.id, { phone: null });
    expect([none.status, none.body.code, none.body.message]).toEqual([
      400, 'VALIDATION_FAILED', 'Invalid body: a contact needs at least one of name, username, email or phone (this edit would leave it none)',
    ]);
    // Swapping the last address for another is no problem.
    expect((await edit(fay.id, { phone: null, username: 'fay' })).body).toMatchObject({ phone: null, username: 'fay' });
  });

  it('refuses an empty edit, an unknown field and a value create refuses, with 400 naming it, and changes nothing', async () => {
    const gus = await create({ name: 'Edit Gus', phone: '+14155550905' });
    const cases: Array<[unknown, string | RegExp]> = [
      [{}, 'Invalid body: body: give at least one of username, name, email, phone, profilePic'],
      // The Instagram username is the record's `username`, as create names it.
      [{ instagramUsername: 'gus' }, 'Invalid body: unknown field "instagramUsername" (the body takes username, name, email, phone, profilePic)'],
      [{ phone: 'call me' }, /^Invalid body: phone: must be a phone number in international format/],
      [{ email: 'not-an-email' }, /^Invalid body: email: /],
      [{ profilePic: 'javascript:alert(1)' }, 'Invalid body: profilePic: must be an http or https URL'],
      [{ name: 'x'.repeat(201) }, /^Invalid body: name: /],
    ];
    for (const [body, message] of cases) {
      const refused = await edit(gus.id, body);
      expect([refused.status, refused.body.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
      expect(refused.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    }
    expect(await read(gus.id)).toMatchObject({ name: 'Edit Gus', phone: '+14155550905', updatedAt: gus.updatedAt });
    expect(await updates(gus.id)).toEqual([]);
  });

  it('refuses a phone, email or username another contact has with create\'s 409, naming the field and that contact; nothing changes', async () => {
    const holder = await create({ name: 'Edit Holder', phone: '+14155550906', email: 'holder@example.com', username: 'holder' });
    const ivy = await create({ name: 'Edit Ivy', phone: '+14155550907' });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'Ivy Two', phone: '+1 415 555 0906' }, 'phone', '+14155550906'],
      [{ email: 'HOLDER@example.com' }, 'email', 'holder@example.com'],
      [{ username: 'Holder' }, 'username', 'Holder'],
    ];
    for (const [body, field, value] of cases) {
      const refused = await edit(ivy.id, body);
      expect([refused.status, refused.body.code, refused.body.field, refused.body.contactId], field).toEqual([409, 'CONFLICT', field, holder.id]);
      expect(refused.body.message).toBe(`Contact Edit Holder already has this ${field} (${value})`);
    }
    expect(await read(ivy.id)).toMatchObject({ name: 'Edit Ivy', phone: '+14155550907', email: null, username: null });
    expect(await updates(ivy.id)).toEqual([]);
  });

  it('answers 404 for an unknown contact and for another organization\'s', async () => {
    expect((await edit('cnt_nope', { name: 'Nobody' })).status).toBe(404);
    const other = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Edit Elsewhere' })).body.id as string;
    const theirs = await create({ organizationId: other, name: 'Edit Theirs', phone: '+14155550908' });
    const refused = await edit(theirs.id, { name: 'Mine now' });
    expect([refused.status, refused.body.code]).toEqual([404, 'NOT_FOUND']);
    // Their own organization edits it, and another organization's addresses are no conflict.
    await create({ name: 'Edit Ours', phone: '+14155550909' });
    const theirEdit = await edit(theirs.id, { organizationId: other, phone: '+14155550909' });
    expect([theirEdit.status, theirEdit.body.phone]).toEqual([200, '+14155550909']);
  });
});

describe('a changed phone and the contact\'s history', () => {
  it('keeps the conversations and messages on the old phone with the contact; a send or a message on the new phone is the same contact\'s', async () => {
    expect((await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550910', text: 'Hi, my number is changing' })).status).toBe(201);
    const [contact] = (await t.request('GET', '/v1/contacts?search=14155550910', { token: key })).body.data as Contact[];
    const id = (contact as Contact).id;
    expect((await edit(id, { name: 'Moved Max', phone: '+14155550911' })).status).toBe(200);
    const count = async () => (await t.request('GET', '/v1/contacts?limit=1', { token: key })).body.meta.total as number;
    const before = await count();

    const send = await t.request('POST', '/v1/whatsapp/send-template', {
      token: key, body: { to: '+14155550911', templateName: 'hello', languageCode: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Max' }] }] },
    });
    expect(send.status).toBe(200);
    expect((await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550911', text: 'Got it, thanks' })).status).toBe(201);
    expect(await count()).toBe(before);

    const conversations = (await t.dashboard('GET', `/dashboard/conversations?contactId=${id}`)).body.data as Array<{ id: string; address: string; contactId: string }>;
    expect(conversations.map((c) => [c.address, c.contactId]).sort()).toEqual([['+14155550910', id], ['+14155550911', id]]);
    const old = conversations.find((c) => c.address === '+14155550910') as { id: string };
    const thread = (await t.dashboard('GET', `/dashboard/conversations/${old.id}/messages`)).body.data as Array<{ text: string; contactId: string; address: string }>;
    expect(thread.map((m) => [m.text, m.contactId, m.address])).toEqual([['Hi, my number is changing', id, '+14155550910']]);
  });
});
