// Instagram over real HTTP: the connection (404 on every route without it), profile, customers writing in,
// conversations (pagination, known handles, blocked contacts hidden), the console's thread and insights.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../contract/scopes.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const get = (path: string, token = key) => t.request('GET', path, { token });
const inbound = (from: string, text: string, organizationId?: string) =>
  t.dashboard('POST', '/sim/inbound', { channel: 'instagram', from, text, ...(organizationId ? { organizationId } : {}) });
const ACCOUNT = {
  username: '@examplestore', name: 'Example Store', biography: 'Everyday essentials.', website: 'https://shop.example.com',
  profilePictureUrl: 'https://cdn.example.com/p.jpg', followersCount: 1000, followsCount: 120, mediaCount: 10,
};
const V1_ROUTES: Array<[string, string, unknown?]> = [
  ['GET', '/v1/instagram/profile'],
  ['GET', '/v1/instagram/conversations'],
  ['POST', '/v1/instagram/messages', { recipientIgsid: '6234817790112233', message: 'hi' }],
  ['GET', '/v1/instagram/insights'],
];

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
});
afterAll(async () => {
  await t.close();
});

describe('without a connection', () => {
  it('every /v1/instagram route and its console twin answers 404 saying the integration is not connected', async () => {
    for (const [method, path, body] of V1_ROUTES) {
      const res = await t.request(method, path, { token: key, body });
      expect(res.status, path).toBe(404);
      expect(res.body, path).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'INTEGRATION_NOT_CONNECTED', integration: 'instagram' });
      expect(res.body.message, path).toMatch(/Instagram integration is not connected/);
      const twin = await t.request(method, path.replace('/v1/', '/dashboard/'), { token: t.dashboardToken, body });
      expect(twin.status, `console ${path}`).toBe(404);
    }
    // Nor can a simulated customer write in: no message reaches an organization without the account.
    const writeIn = await t.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: '6234817790119999', text: 'Hello?' });
    expect([writeIn.status, writeIn.body.code]).toEqual([404, 'INTEGRATION_NOT_CONNECTED']);
    expect((await t.dashboard('GET', '/dashboard/conversations?channel=instagram')).body.data).toEqual([]);
  });

  it('checks the key and its scope before the connection (401, 403)', async () => {
    const narrow = (await t.createKey({ scopes: SCOPES.filter((s) => s !== 'instagram:insights:read') })).key;
    expect((await get('/v1/instagram/insights', narrow)).status).toBe(403);
    expect((await t.request('GET', '/v1/instagram/profile')).status).toBe(401);
  });

  it('the console sees connected: false', async () => {
    expect((await t.dashboard('GET', '/dashboard/instagram/connection')).body).toEqual({ connected: false, connection: null });
  });
});

describe('the connection (console)', () => {
  it('connects with 201, reconnects with 200 keeping the account id, refuses bad fields with 400', async () => {
    const created = await t.dashboard('POST', '/dashboard/instagram/connection', ACCOUNT);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^17841\d{12}$/), instagramAccountId: created.body.id, pageId: expect.stringMatching(/^\d{15}$/),
      username: 'examplestore', followersCount: 1000, connectedAt: '2026-01-15T09:00:00.000Z',
    });
    await t.advance(60);
    const again = await t.dashboard('POST', '/dashboard/instagram/connection', { ...ACCOUNT, followersCount: 1200 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: created.body.id, followersCount: 1200, connectedAt: created.body.connectedAt, updatedAt: '2026-01-15T09:01:00.000Z' });
    const bad = [{ ...ACCOUNT, username: 'has space' }, { ...ACCOUNT, username: '12345' }, { ...ACCOUNT, biography: 'x'.repeat(151) },
      { ...ACCOUNT, website: 'not a url' }, { ...ACCOUNT, followersCount: -1 }, { name: 'No username' }];
    for (const body of bad) expect((await t.dashboard('POST', '/dashboard/instagram/connection', body)).status, JSON.stringify(body)).toBe(400);
    expect((await t.dashboard('GET', '/dashboard/instagram/connection')).body).toMatchObject({ connected: true, connection: { followersCount: 1200 } });
  });

  it("refuses a website or picture that is not an http or https link, naming it: the profile hands it to integrators", async () => {
    for (const [field, link] of [['website', 'javascript:alert(1)'], ['profilePictureUrl', 'ftp://cdn.example.com/me.jpg'], ['website', 'not a url']] as const) {
      const res = await t.dashboard('POST', '/dashboard/instagram/connection', { ...ACCOUNT, [field]: link });
      expect([res.status, res.body.message], link).toEqual([400, `Invalid body: ${field}: must be an http or https URL`]);
    }
    const plain = await t.dashboard('POST', '/dashboard/instagram/connection', { ...ACCOUNT, website: 'http://shop.example.com', profilePictureUrl: 'https://cdn.example.com/me.jpg' });
    expect(plain.body).toMatchObject({ website: 'http://shop.example.com', profilePictureUrl: 'https://cdn.example.com/me.jpg' });
    // As the test before left it, for the ones after.
    await t.dashboard('POST', '/dashboard/instagram/connection', { ...ACCOUNT, followersCount: 1200 });
  });

  it('is a console route: an API key is refused with 401', async () => {
    expect((await t.request('POST', '/dashboard/instagram/connection', { token: key, body: ACCOUNT })).status).toBe(401);
  });

  it('GET /v1/instagram/profile answers the profile fields of the connected account', async () => {
    const res = await get('/v1/instagram/profile');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['biography', 'followersCount', 'followsCount', 'id', 'mediaCount', 'name', 'profilePictureUrl', 'username', 'website']);
    expect(res.body).toMatchObject({ username: 'examplestore', name: 'Example Store', biography: 'Everyday essentials.', followersCount: 1200, followsCount: 120, mediaCount: 10, website: 'https://shop.example.com' });
  });

  it('is per organization: another organization stays unconnected', async () => {
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Other' })).body.id as string;
    const other = (await t.createKey({ organizationId: org })).key;
    expect((await get('/v1/instagram/profile', other)).status).toBe(404);
    expect((await get('/v1/instagram/profile')).status).toBe(200);
  });
});

describe('customers writing in and conversations', () => {
  it('records an inbound DM from an IGSID with its event; a username as sender is 400', async () => {
    const res = await inbound('6234817790112233', 'Is the linen tote still available?');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ channel: 'instagram', direction: 'inbound', status: 'received', address: '6234817790112233' });
    const event = t.server.bus.recent(t.organizationId, 20).find((e) => e.type === 'instagram.message.received');
    expect(JSON.parse(event?.data ?? '{}')).toMatchObject({ message: { address: '6234817790112233', text: 'Is the linen tote still available?' }, contact: { username: '6234817790112233' } });
    const refused = await inbound('maya.designs', 'hi');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/username/);
  });

  it('lists conversations with the contract fields, newest first; the known handle and name show once remembered', async () => {
    await t.advance(5);
    await inbound('7109923456781234', 'Do you ship to Berlin?');
    await inbound('7109923456781234', 'And how long does it take?');
    let res = await get('/v1/instagram/conversations');
    expect(res.body.meta).toEqual({ total: 2, page: 1, limit: 20, totalPages: 1 });
    expect(res.body.data[0]).toEqual({
      id: expect.stringMatching(/^conv_/), senderId: '7109923456781234', senderUsername: null, senderName: null,
      lastMessage: 'And how long does it take?', lastMessageAt: '2026-01-15T09:01:05.000Z', unreadCount: 2,
    });
    const remembered = await t.dashboard('PUT', '/dashboard/instagram/senders/7109923456781234', { username: '@the_urban_runner', name: 'Jonas Weber' });
    expect(remembered.body).toMatchObject({ igsid: '7109923456781234', username: 'the_urban_runner', name: 'Jonas Weber' });
    expect((await t.dashboard('PUT', '/dashboard/instagram/senders/jonas', { username: 'x' })).status).toBe(400);
    res = await get('/v1/instagram/conversations');
    expect(res.body.data[0]).toMatchObject({ senderUsername: 'the_urban_runner', senderName: 'Jonas Weber' });
  });

  it('paginates with limit 20 by default and at most 50', async () => {
    for (let i = 0; i < 52; i++) await inbound(String(900000 + i), `hello ${i}`);
    const clamped = await get('/v1/instagram/conversations?limit=100');
    expect(clamped.body.meta).toEqual({ total: 54, page: 1, limit: 50, totalPages: 2 });
    expect(clamped.body.data).toHaveLength(50);
    const second = await get('/v1/instagram/conversations?page=2&limit=50');
    expect(second.body.data).toHaveLength(4);
    expect((await get('/v1/instagram/conversations?page=3')).body.meta).toMatchObject({ page: 3, limit: 20, totalPages: 3 });
    expect((await get('/v1/instagram/conversations?limit=0')).status).toBe(400);
    expect((await get('/v1/instagram/conversations?page=abc')).status).toBe(400);
  });

  it("hides a blocked contact's conversation and brings it back with its history on unblock", async () => {
    await t.advance(1);
    const contactId = (await inbound('5587120934412290', 'spam spam')).body.contactId as string;
    const ids = async () => (await get('/v1/instagram/conversations?limit=50')).body.data.map((c: { senderId: string }) => c.senderId);
    expect(await ids()).toContain('5587120934412290');
    expect((await t.request('POST', `/v1/contacts/${contactId}/block`, { token: key, body: { reason: 'Spam' } })).status).toBe(200);
    expect(await ids()).not.toContain('5587120934412290');
    expect((await get('/v1/instagram/conversations')).body.meta.total).toBe(54);
    await t.request('POST', `/v1/contacts/${contactId}/unblock`, { token: key });
    expect(await ids()).toContain('5587120934412290');
  });

  it('the console reads a thread (oldest first) and marks it read; an IGSID without a conversation is 404', async () => {
    const thread = await t.dashboard('GET', '/dashboard/instagram/conversations/7109923456781234/messages');
    expect(thread.body).toMatchObject({ senderId: '7109923456781234', senderUsername: 'the_urban_runner', unreadCount: 2 });
    expect(thread.body.messages.map((m: { text: string }) => m.text)).toEqual(['Do you ship to Berlin?', 'And how long does it take?']);
    expect((await t.dashboard('POST', '/dashboard/instagram/conversations/7109923456781234/read')).body).toMatchObject({ success: true });
    const after = await t.dashboard('GET', '/dashboard/instagram/conversations/7109923456781234/messages');
    expect(after.body.unreadCount).toBe(0);
    expect((await t.dashboard('GET', '/dashboard/instagram/conversations/111/messages')).status).toBe(404);
  });

  it('a customer can be messaged at GET /sim/handsets/{igsid}/messages', async () => {
    const sent = await t.request('POST', '/v1/instagram/messages', { token: key, body: { recipientIgsid: '7109923456781234', message: 'We ship to Berlin!' } });
    expect(sent.status).toBe(200);
    const handset = await t.dashboard('GET', '/sim/handsets/7109923456781234/messages');
    expect(handset.body.data).toEqual([expect.objectContaining({ channel: 'instagram', from: 'examplestore', text: 'We ship to Berlin!' })]);
  });
});

describe('disconnecting', () => {
  it('makes every route 404 again, and a reconnect brings the conversations back', async () => {
    expect((await t.dashboard('DELETE', '/dashboard/instagram/connection')).body).toEqual({ success: true, connected: false, wasConnected: true });
    expect((await t.dashboard('DELETE', '/dashboard/instagram/connection')).body.wasConnected).toBe(false);
    for (const [method, path, body] of V1_ROUTES) expect((await t.request(method, path, { token: key, body })).status, path).toBe(404);
    expect((await t.dashboard('GET', '/dashboard/instagram/conversations/7109923456781234/messages')).status).toBe(404);
    const reconnected = await t.dashboard('POST', '/dashboard/instagram/connection', ACCOUNT);
    expect(reconnected.status).toBe(201);
    expect((await get('/v1/instagram/conversations')).body.meta.total).toBe(55);
  });
});
