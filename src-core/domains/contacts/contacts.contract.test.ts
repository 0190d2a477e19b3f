// Contacts over real HTTP: listing, fuzzy search, blocking, notes, and the events they cause.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey()).key;
  const people = [
    { name: 'Alice Johnson', username: 'alice.j', email: 'alice@example.com', phone: '+14155550101' },
    { name: 'Bob Müller', username: 'bobm', email: 'bob@shop.de', phone: '+4915112345678' },
    { name: 'Priya Sharma', email: 'priya@example.in', phone: '919876543210' },
    { username: 'night_owl_42', source: 'instagram' },
  ];
  for (const person of people) {
    const res = await t.dashboard('POST', '/dashboard/contacts', person);
    expect(res.status).toBe(201);
    ids[person.name ?? person.username ?? ''] = res.body.id;
  }
});
afterAll(async () => {
  await t.close();
});

const get = (path: string) => t.request('GET', path, { token: key });
const names = (res: { body: { data: Array<{ name: string | null; username: string | null }> } }) =>
  res.body.data.map((c) => c.name ?? c.username);

describe('GET /v1/contacts', () => {
  it('lists newest first in the list envelope, with cnt_ ids and the contract fields', async () => {
    const res = await get('/v1/contacts');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 4, page: 1, limit: 50, totalPages: 1 });
    expect(names(res)).toEqual(['night_owl_42', 'Priya Sharma', 'Bob Müller', 'Alice Johnson']);
    const alice = res.body.data[3];
    expect(alice).toMatchObject({
      id: expect.stringMatching(/^cnt_[0-9A-Za-z]{24}$/), username: 'alice.j', name: 'Alice Johnson', email: 'alice@example.com',
      phone: '+14155550101', profilePic: null, source: 'manual', tags: [], isBlocked: false, createdAt: expect.any(String),
    });
    expect(res.body.data[1].phone).toBe('+919876543210');
  });
  it('pages, and clamps a limit over the maximum of 100', async () => {
    const page2 = await get('/v1/contacts?limit=3&page=2');
    expect(page2.body.meta).toEqual({ total: 4, page: 2, limit: 3, totalPages: 2 });
    expect(names(page2)).toEqual(['Alice Johnson']);
    expect((await get('/v1/contacts?limit=1000')).body.meta.limit).toBe(100);
    const bad = await get('/v1/contacts?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('limit');
  });
  it('searches fuzzily over name, username, email and phone, case-insensitively', async () => {
    const cases: Array<[string, string[]]> = [
      ['alice', ['Alice Johnson']],
      ['JOHN', ['Alice Johnson']],
      ['ohns', ['Alice Johnson']],
      ['müll', ['Bob Müller']],
      ['owl', ['night_owl_42']],
      ['example', ['Priya Sharma', 'Alice Johnson']],
      ['shop.de', ['Bob Müller']],
      ['5550101', ['Alice Johnson']],
      ['+1 415 555', ['Alice Johnson']],
      ['98765', ['Priya Sharma']],
      ['priya example', ['Priya Sharma']],
      ['al', ['Alice Johnson']],
      ['b', ['Bob Müller']],
      ['zzzz', []],
    ];
    for (const [search, expected] of cases) {
      const res = await get(`/v1/contacts?search=${encodeURIComponent(search)}`);
      expect(res.status, search).toBe(200);
      expect(names(res), search).toEqual(expected);
      expect(res.body.meta.total, search).toBe(expected.length);
    }
  });
});

describe('blocking', () => {
  it('blocks with a reason, idempotently, and unblocks', async () => {
    const id = ids['Bob Müller'];
    const res = await t.request('POST', `/v1/contacts/${id}/block`, { token: key, body: { reason: 'Abusive messages' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, contactId: id, isBlocked: true, reason: 'Abusive messages' });
    const again = await t.request('POST', `/v1/contacts/${id}/block`, { token: key });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ isBlocked: true, reason: 'Abusive messages', blockedAt: res.body.blockedAt });
    const listed = await get(`/v1/contacts?search=bobm`);
    expect(listed.body.data[0]).toMatchObject({ isBlocked: true, blockedReason: 'Abusive messages' });
    const unblocked = await t.request('POST', `/v1/contacts/${id}/unblock`, { token: key });
    expect(unblocked.body).toMatchObject({ success: true, contactId: id, isBlocked: false, reason: null });
    expect((await get(`/v1/contacts?search=bobm`)).body.data[0].isBlocked).toBe(false);
  });
  it('refuses a reason over 500 characters and changes nothing', async () => {
    const id = ids['Alice Johnson'];
    const res = await t.request('POST', `/v1/contacts/${id}/block`, { token: key, body: { reason: 'x'.repeat(501) } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('500');
    expect((await t.request('POST', `/v1/contacts/${id}/block`, { token: key, body: { reason: 'y'.repeat(500) } })).status).toBe(200);
    await t.request('POST', `/v1/contacts/${id}/unblock`, { token: key });
  });
  it('answers 404 for an unknown contact', async () => {
    const res = await t.request('POST', '/v1/contacts/cnt_nope/block', { token: key, body: {} });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
  it('answers 404 for an email contact\'s ec_ id on every {id} route, saying what it is and how to find the contact', async () => {
    const emailContact = await t.request('POST', '/v1/email/contacts', { token: key, body: { email: 'bob@shop.de' } });
    const ec = emailContact.body.id as string;
    expect(ec).toMatch(/^ec_/);
    const refusals = [
      await t.request('POST', `/v1/contacts/${ec}/block`, { token: key, body: {} }),
      await t.request('POST', `/v1/contacts/${ec}/unblock`, { token: key }),
      await get(`/v1/contacts/${ec}/notes`),
      await t.request('POST', `/v1/contacts/${ec}/notes`, { token: key, body: { content: 'x' } }),
      await t.request('DELETE', `/v1/contacts/${ec}/notes/note_nope`, { token: key }),
      await t.dashboard('GET', `/dashboard/contacts/${ec}`),
      await t.dashboard('PUT', `/dashboard/contacts/${ec}/tags`, { tags: [] }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        statusCode: 404, error: 'Not Found', code: 'NOT_FOUND',
        message: `Contact ${ec} not found: ${ec} is an email contact (GET /v1/email/contacts), not a contact; find the contact with GET /v1/contacts?search=<its email address> and use its cnt_ id`,
      });
    }
    // As the message says: the contacts list finds the contact by the address, and its id blocks it.
    const found = (await get('/v1/contacts?search=bob%40shop.de')).body.data as Array<{ id: string }>;
    expect(found.map((c) => c.id)).toEqual([ids['Bob Müller']]);
    expect((await t.request('POST', `/v1/contacts/${found[0]?.id}/block`, { token: key, body: {} })).body).toMatchObject({ success: true, isBlocked: true });
    await t.request('POST', `/v1/contacts/${found[0]?.id}/unblock`, { token: key });
  });
  it('writes contact.updated with changedFields to the outbox, once per real change', async () => {
    const id = ids['Priya Sharma'] as string;
    await t.request('POST', `/v1/contacts/${id}/block`, { token: key, body: { reason: 'spam' } });
    await t.request('POST', `/v1/contacts/${id}/block`, { token: key, body: { reason: 'spam' } });
    await t.server.bus.flush();
    const events = t.server.bus.recent(t.organizationId, 50).filter((row) => row.type === 'contact.updated' && row.data.includes(id));
    expect(events).toHaveLength(1);
    expect(JSON.parse((events[0] as { data: string }).data).changedFields).toEqual(['isBlocked', 'blockedReason']);
  });
});

describe('tags', () => {
  it('the console replaces a contact\'s tags (duplicates dropped), emits contact.updated once per change, and finds them in search', async () => {
    const id = ids['Bob Müller'] as string;
    const res = await t.dashboard('PUT', `/dashboard/contacts/${id}/tags`, { tags: ['vip', ' wholesale ', 'vip'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, tags: ['vip', 'wholesale'] });
    await t.dashboard('PUT', `/dashboard/contacts/${id}/tags`, { tags: ['vip', 'wholesale'] });
    await t.server.bus.flush();
    const events = t.server.bus.recent(t.organizationId, 50).filter((row) => row.type === 'contact.updated' && row.data.includes(id));
    expect(events.map((e) => JSON.parse(e.data).changedFields).filter((fields: string[]) => fields.includes('tags'))).toEqual([['tags']]);
    expect((await get('/v1/contacts?limit=100')).body.data.find((c: { id: string }) => c.id === id).tags).toEqual(['vip', 'wholesale']);
    expect((await t.dashboard('PUT', `/dashboard/contacts/${id}/tags`, { tags: [''] })).status).toBe(400);
    expect((await t.dashboard('PUT', `/dashboard/contacts/${id}/tags`, { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) })).status).toBe(400);
    expect((await t.dashboard('PUT', '/dashboard/contacts/cnt_nope/tags', { tags: [] })).status).toBe(404);
    expect((await t.dashboard('GET', `/dashboard/contacts/${id}`)).body.tags).toEqual(['vip', 'wholesale']);
  });
});

describe('notes', () => {
  it('lists, creates and deletes notes of a contact', async () => {
    const id = ids['Alice Johnson'];
    const created = await t.request('POST', `/v1/contacts/${id}/notes`, { token: key, body: { content: 'Prefers WhatsApp' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^note_/), contactId: id, content: 'Prefers WhatsApp' });
    const list = await get(`/v1/contacts/${id}/notes`);
    expect(list.body.data.map((n: { content: string }) => n.content)).toEqual(['Prefers WhatsApp']);
    expect(list.body.meta.total).toBe(1);
    const removed = await t.request('DELETE', `/v1/contacts/${id}/notes/${created.body.id}`, { token: key });
    expect(removed.status).toBe(200);
    expect((await t.request('DELETE', `/v1/contacts/${id}/notes/${created.body.id}`, { token: key })).status).toBe(404);
    expect((await get(`/v1/contacts/${id}/notes`)).body.meta.total).toBe(0);
    expect((await t.request('POST', `/v1/contacts/${id}/notes`, { token: key, body: { content: '   ' } })).status).toBe(400);
    expect((await get('/v1/contacts/cnt_nope/notes')).status).toBe(404);
  });
});
