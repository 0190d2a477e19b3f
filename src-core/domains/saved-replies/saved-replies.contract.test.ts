// Saved replies through real HTTP (console only): create, list by name and search, change, delete; every refusal in the
// envelope; each organization sees only its own; the demo seed's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillSavedReply, SAVED_REPLIES_MAX } from '../../contract/saved-replies.ts';
import { envelope } from '../../testing/envelope.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
const PATH = '/dashboard/saved-replies';
type Listed = { data: Array<{ id: string; name: string; text: string }> };
const names = async (query = '') => ((await t.dashboard('GET', `${PATH}${query}`)).body as Listed).data.map((reply) => reply.name);
const newOrg = async (name: string) => (await t.dashboard('POST', '/dashboard/organizations', { name })).body.id as string;

beforeAll(async () => {
  t = await createTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('saved replies: create, list, change, delete', () => {
  it('creates (201, trimmed), lists by name whatever its case, searches names and texts, changes and deletes (204)', async () => {
    expect((await t.dashboard('GET', PATH)).body).toEqual({ data: [] });
    const created = await t.dashboard('POST', PATH, { name: '  Returns policy ', text: ' Hi {{first_name|there}}, returns are free within 30 days. ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^srp_/), name: 'Returns policy', text: 'Hi {{first_name|there}}, returns are free within 30 days.',
      createdAt: '2026-01-15T09:00:00.000Z', updatedAt: '2026-01-15T09:00:00.000Z',
    });
    const id = created.body.id as string;
    await t.dashboard('POST', PATH, { name: 'business hours', text: 'We are open 9 to 7, Monday to Saturday.' });
    await t.dashboard('POST', PATH, { name: 'Order status', text: 'Could you share your order number? Café orders ship same day.' });
    expect(await names()).toEqual(['business hours', 'Order status', 'Returns policy']);
    // By name or text, case and accents aside; a blank search is none.
    expect(await names('?search=ORDER')).toEqual(['Order status']);
    expect(await names('?search=cafe')).toEqual(['Order status']);
    expect(await names('?search=30%20days')).toEqual(['Returns policy']);
    expect(await names('?search=%25')).toEqual([]);
    expect(await names('?search=%20')).toEqual(['business hours', 'Order status', 'Returns policy']);

    await t.advance(60);
    const renamed = await t.dashboard('PATCH', `${PATH}/${id}`, { name: 'Refunds' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id, name: 'Refunds', text: 'Hi {{first_name|there}}, returns are free within 30 days.', updatedAt: '2026-01-15T09:01:00.000Z' });
    // Its own name in another case is no conflict.
    expect((await t.dashboard('PATCH', `${PATH}/${id}`, { name: 'REFUNDS', text: 'Refunds take 5 days.' })).body).toMatchObject({ name: 'REFUNDS', text: 'Refunds take 5 days.' });
    expect(await names()).toEqual(['business hours', 'Order status', 'REFUNDS']);

    const deleted = await t.dashboard('DELETE', `${PATH}/${id}`);
    expect([deleted.status, deleted.text]).toEqual([204, '']);
    expect(await names()).toEqual(['business hours', 'Order status']);
  });
});

describe('saved replies: refusals', () => {
  it('refuses a missing, blank or over-long name or text, a wrong type and an empty change with 400 VALIDATION_FAILED', async () => {
    const bodies = [{}, { name: 'A' }, { text: 'B' }, { name: '', text: 'x' }, { name: '   ', text: 'x' }, { name: 'x', text: '  ' },
      { name: 'x'.repeat(81), text: 'x' }, { name: 'x', text: 'x'.repeat(1001) }, { name: 42, text: 'x' }, { name: 'x', text: 'x', extra: true }];
    for (const body of bodies) {
      const refused = await t.dashboard('POST', PATH, body);
      expect([JSON.stringify(body), refused.status, refused.body]).toEqual([JSON.stringify(body), 400, { ...envelope(400), code: 'VALIDATION_FAILED' }]);
    }
    // The limits themselves pass: 80 and 1000 characters.
    const longest = await t.dashboard('POST', PATH, { name: 'n'.repeat(80), text: 't'.repeat(1000) });
    expect(longest.status).toBe(201);
    for (const body of [{}, { name: '' }, { text: 'x'.repeat(1001) }]) {
      expect((await t.dashboard('PATCH', `${PATH}/${longest.body.id}`, body)).status).toBe(400);
    }
    expect((await t.dashboard('DELETE', `${PATH}/${longest.body.id}`)).status).toBe(204);
  });

  it('refuses a name another reply has, whatever its case, with 409 CONFLICT (create and rename)', async () => {
    const first = (await t.dashboard('POST', PATH, { name: 'Shipping times', text: 'Two to four days.' })).body;
    const second = (await t.dashboard('POST', PATH, { name: 'Gift cards', text: 'They never expire.' })).body;
    const duplicate = await t.dashboard('POST', PATH, { name: 'SHIPPING times', text: 'Other text' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ ...envelope(409), code: 'CONFLICT', message: 'A saved reply named "Shipping times" already exists: choose another name' });
    const rename = await t.dashboard('PATCH', `${PATH}/${second.id}`, { name: ' shipping Times ' });
    expect([rename.status, rename.body.code]).toEqual([409, 'CONFLICT']);
    expect((await t.dashboard('GET', `${PATH}?search=gift`)).body.data).toEqual([expect.objectContaining({ id: second.id, name: 'Gift cards' })]);
    await t.dashboard('DELETE', `${PATH}/${first.id}`);
    await t.dashboard('DELETE', `${PATH}/${second.id}`);
  });

  it('answers 404 NOT_FOUND for an unknown id, and 401 without the dashboard token', async () => {
    for (const [method, body] of [['PATCH', { name: 'x' }], ['DELETE', undefined]] as const) {
      const unknown = await t.dashboard(method, `${PATH}/srp_nothing`, body);
      expect(unknown.body).toEqual({ ...envelope(404), code: 'NOT_FOUND', message: 'Saved reply srp_nothing not found' });
    }
    expect((await t.request('GET', PATH)).status).toBe(401);
    const { key } = await t.createKey();
    expect((await t.request('GET', PATH, { token: key })).status).toBe(401);
  });

  it(`keeps at most ${SAVED_REPLIES_MAX} per organization: the next is refused with 400 BAD_REQUEST, room made by a delete`, async () => {
    const orgId = await newOrg('Busy Support');
    const ids: string[] = [];
    for (let i = 0; i < SAVED_REPLIES_MAX; i++) {
      const created = await t.dashboard('POST', PATH, { organizationId: orgId, name: `Reply ${i}`, text: `Answer ${i}` });
      expect(created.status).toBe(201);
      ids.push(created.body.id as string);
    }
    const over = await t.dashboard('POST', PATH, { organizationId: orgId, name: 'One more', text: 'x' });
    expect(over.body).toEqual({ ...envelope(400), code: 'BAD_REQUEST', message: `The organization has reached its limit of ${SAVED_REPLIES_MAX} saved replies: delete one to add another` });
    // Another organization is not limited by this one's.
    expect((await t.dashboard('POST', PATH, { name: 'Not counted', text: 'x' })).status).toBe(201);
    await t.dashboard('DELETE', `${PATH}/${ids[0]}?organizationId=${orgId}`);
    expect((await t.dashboard('POST', PATH, { organizationId: orgId, name: 'One more', text: 'x' })).status).toBe(201);
  });
});

describe('saved replies: organizations', () => {
  it('each organization lists, changes and deletes only its own, and may reuse another one\'s name', async () => {
    const a = await newOrg('Acme');
    const b = await newOrg('Bolt');
    const mine = (await t.dashboard('POST', PATH, { organizationId: a, name: 'Welcome', text: 'Hi {{name}}!' })).body;
    expect((await t.dashboard('POST', PATH, { organizationId: b, name: 'welcome', text: 'Hello!' })).status).toBe(201);
    expect(await names(`?organizationId=${a}`)).toEqual(['Welcome']);
    expect(await names(`?organizationId=${b}`)).toEqual(['welcome']);
    expect((await t.dashboard('PATCH', `${PATH}/${mine.id}`, { organizationId: b, text: 'Taken over' })).status).toBe(404);
    expect((await t.dashboard('DELETE', `${PATH}/${mine.id}?organizationId=${b}`)).status).toBe(404);
    expect((await t.dashboard('GET', `${PATH}?organizationId=${a}`)).body.data).toEqual([expect.objectContaining({ id: mine.id, text: 'Hi {{name}}!' })]);
  });
});

describe('saved replies: the demo seed', () => {
  it('gives the default organization the support team\'s answers (business hours, order status, returns), a new one none', async () => {
    const demo = await createTestServer({ seed: 'demo' });
    try {
      const listed = (await demo.dashboard('GET', PATH)).body as Listed;
      expect(listed.data.map((reply) => reply.name)).toEqual(['Business hours', 'Order status', 'Returns policy', 'Thanks and goodbye']);
      expect(listed.data.every((reply) => /\{\{first_name\|(there|friend)\}\}/.test(reply.text) && reply.text.length <= 1000)).toBe(true);
      // Each reads right to a customer whose name is not known: "Hi there, …", but "…with Example Store, friend!", never "Store, there!".
      const nameless = listed.data.map((reply) => fillSavedReply(reply.text, null));
      expect(nameless.filter((text) => /^Hi there, /.test(text))).toHaveLength(3);
      expect(nameless[3]).toBe('Thank you for shopping with Example Store, friend! Anything else, just reply here.');
      const fresh = (await demo.dashboard('POST', '/dashboard/organizations', { name: 'Empty' })).body.id as string;
      expect((await demo.dashboard('GET', `${PATH}?organizationId=${fresh}`)).body).toEqual({ data: [] });
    } finally {
      await demo.close();
    }
  });
});
