// Open and resolved conversations over real HTTP and the socket: resolve and reopen (idempotent, 404 for an unknown id or
// another organization's), a customer's message reopens one at once and the stream says so before the message, a reply
// does not, the lists' `state` filter, unread counts of open conversations only, and the contract's shapes unchanged.
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../contract/stream.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type Row = { id: string; address: string; state: string; resolvedAt: string | null; resolvedBy: string | null; unreadCount: number };
let t: TestServer;
let socket: Socket<ServerToClientEvents, ClientToServerEvents>;
/** What the console's stream said, in order: `conversation:updated` as `state`, `message:new` as `message`. */
const heard: string[] = [];
const inbound = (from: string, text: string, organizationId?: string) =>
  t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from, text, ...(organizationId ? { organizationId } : {}) });
const list = async (query: string) => (await t.dashboard('GET', `/dashboard/conversations?channel=whatsapp${query}`)).body as { data: Row[]; meta: { total: number } };
const addresses = async (query: string) => (await list(query)).data.map((c) => c.address);
const resolve = (id: string, query = '') => t.dashboard('POST', `/dashboard/conversations/${id}/resolve${query}`, {});
const reopen = (id: string) => t.dashboard('POST', `/dashboard/conversations/${id}/reopen`);
const idOf = async (address: string) => ((await list(`&search=${encodeURIComponent(address)}`)).data[0] as Row).id;
const counts = async () => (await t.dashboard('GET', '/dashboard/conversations/unread-counts')).body;

beforeAll(async () => {
  t = await createTestServer();
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 10_000 });
  await inbound('+14155550401', 'Where is my order?');
  await inbound('+14155550402', 'Do you ship to Pune?');
  await inbound('+14155550403', 'Thanks, all good');
  socket = io(t.url, { auth: { token: t.dashboardToken }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((done, fail) => {
    socket.once('connect', () => done());
    socket.once('connect_error', fail);
  });
  expect(await socket.emitWithAck('joinOrganization', t.organizationId)).toEqual({ ok: true });
  socket.on('conversation:updated', (change) => heard.push(`${change.conversationId} ${change.state}`));
  socket.on('message:new', ({ message }) => heard.push(`${message.conversationId} message`));
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

describe('resolving conversations', () => {
  it('resolves one as the console (when, by whom), and again is 200 as it was; reopen clears both, again 200', async () => {
    const id = await idOf('+14155550403');
    expect((await list('')).data.find((c) => c.id === id)).toMatchObject({ state: 'open', resolvedAt: null, resolvedBy: null });
    const resolved = await resolve(id);
    expect(resolved.status).toBe(200);
    const at = new Date(t.server.clock.now()).toISOString();
    expect(resolved.body).toMatchObject({ id, state: 'resolved', resolvedAt: at, resolvedBy: 'console', address: '+14155550403', unreadCount: 1 });
    await t.advance(60);
    const again = await resolve(id);
    expect([again.status, again.body.state, again.body.resolvedAt]).toEqual([200, 'resolved', at]); // kept, not moved to now
    expect((await t.dashboard('GET', `/dashboard/conversations/${id}`)).body).toMatchObject({ state: 'resolved', resolvedAt: at, careWindow: { open: true } });
    const reopened = await reopen(id); // no body at all, as mark-read takes it
    expect([reopened.status, reopened.body.state, reopened.body.resolvedAt, reopened.body.resolvedBy]).toEqual([200, 'open', null, null]);
    expect((await reopen(id)).body).toMatchObject({ id, state: 'open' });
    await t.server.bus.flush();
    // Each change once on the stream: nothing for the repeated resolve or reopen.
    expect(heard.filter((line) => line.startsWith(id))).toEqual([`${id} resolved`, `${id} open`]);
  });

  it('answers 404 for an unknown id and for another organization\'s conversation, which its own organizationId resolves', async () => {
    expect((await resolve('conv_missing')).body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect((await reopen('conv_missing')).status).toBe(404);
    const other = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Other shop' })).body.id as string;
    const theirs = (await inbound('+14155550499', 'Hello?', other)).body.conversationId as string;
    expect((await resolve(theirs)).status).toBe(404);
    expect((await reopen(theirs)).status).toBe(404);
    expect((await t.dashboard('POST', `/dashboard/conversations/${theirs}/resolve`, { organizationId: other })).body).toMatchObject({ state: 'resolved' });
    expect((await t.dashboard('GET', `/dashboard/conversations?channel=whatsapp&state=resolved&organizationId=${other}`)).body.meta.total).toBe(1);
    expect((await list('&state=resolved')).meta.total).toBe(0); // the default organization's own
  });

  it('a customer writing in reopens a resolved conversation at once, heard before the message; a reply does not', async () => {
    const id = await idOf('+14155550401');
    await resolve(id);
    const reply = await t.dashboard('POST', `/dashboard/conversations/${id}/reply`, { text: 'It left the warehouse today.' });
    expect(reply.status).toBe(201);
    expect((await reopen(id)).status).toBe(200);
    await resolve(id);
    expect((await t.dashboard('GET', `/dashboard/conversations/${id}`)).body).toMatchObject({ state: 'resolved', lastMessage: 'It left the warehouse today.' });
    await t.server.bus.flush();
    heard.length = 0;
    const message = await inbound('+14155550401', 'It has not arrived');
    expect((await t.dashboard('GET', `/dashboard/conversations/${id}`)).body).toMatchObject({ state: 'open', resolvedAt: null, resolvedBy: null });
    await t.server.bus.flush();
    await expect.poll(() => heard).toEqual([`${id} open`, `${id} message`]);
    expect(message.body).toMatchObject({ conversationId: id, direction: 'inbound' });
    // A reply on an open conversation leaves it open, and a reply on a resolved one leaves it resolved (above).
    await t.dashboard('POST', `/dashboard/conversations/${id}/reply`, { text: 'Sorry! Checking now.' });
    expect((await t.dashboard('GET', `/dashboard/conversations/${id}`)).body.state).toBe('open');
  });

  it('lists open, resolved or all conversations (all when state is absent or empty), a search and a contact\'s within the state', async () => {
    const done = await idOf('+14155550403');
    await resolve(done);
    expect(await addresses('&state=open')).toEqual(['+14155550401', '+14155550402']);
    expect(await addresses('&state=resolved')).toEqual(['+14155550403']);
    expect((await list('&state=resolved')).data[0]).toMatchObject({ state: 'resolved', resolvedBy: 'console' });
    const all = ['+14155550401', '+14155550403', '+14155550402'];
    for (const query of ['&state=all', '', '&state=']) expect(await addresses(query), query).toEqual(all);
    expect((await list('&state=open')).meta.total).toBe(2);
    expect(await addresses('&state=resolved&search=good')).toEqual(['+14155550403']);
    expect(await addresses('&state=open&search=good')).toEqual([]);
    const { contactId } = (await t.dashboard('GET', `/dashboard/conversations/${done}`)).body;
    const ofContact = async (state: string) => (await t.dashboard('GET', `/dashboard/conversations?contactId=${contactId}${state}`)).body.meta.total;
    expect([await ofContact(''), await ofContact('&state=open'), await ofContact('&state=resolved')]).toEqual([1, 0, 1]);
    for (const state of ['closed', 'OPEN', 'open,resolved']) {
      const res = await t.dashboard('GET', `/dashboard/conversations?channel=whatsapp&state=${state}`);
      expect([res.status, res.body.message], state).toEqual([400, expect.stringContaining('state')]);
    }
  });

  it('counts unread open conversations only: resolving one takes it off the counts, its customer writing in puts it back', async () => {
    const id = await idOf('+14155550402');
    await reopen(await idOf('+14155550403'));
    const before = await counts();
    expect(before).toMatchObject({ whatsapp: 3, total: 3 });
    await resolve(id);
    expect(await counts()).toMatchObject({ whatsapp: 2, total: 2 });
    // Its row keeps its unread count where the Resolved list shows it.
    expect((await list('&state=resolved')).data.find((c) => c.id === id)?.unreadCount).toBe(1);
    await inbound('+14155550402', 'Hello again');
    expect(await counts()).toMatchObject({ whatsapp: 3, total: 3 });
  });

  it('leaves the contract\'s conversation shapes as they were: /v1 Instagram conversations list a resolved one with the seed\'s fields only', async () => {
    await t.dashboard('POST', '/dashboard/instagram/connection', { username: '@examplestore', name: 'Example Store' });
    const written = await t.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: '6234817790114401', text: 'Is this in stock?' });
    expect((await resolve(written.body.conversationId)).status).toBe(200);
    const key = (await t.createKey()).key;
    const v1 = await t.request('GET', '/v1/instagram/conversations', { token: key });
    expect(v1.body.data).toHaveLength(1);
    expect(Object.keys(v1.body.data[0]).sort()).toEqual(['id', 'lastMessage', 'lastMessageAt', 'senderId', 'senderName', 'senderUsername', 'unreadCount']);
    const byPhone = await t.request('GET', '/v1/whatsapp/conversations/by-phone?phone=14155550403', { token: key });
    expect(Object.keys(byPhone.body).sort()).toEqual(['conversationId', 'customerName', 'customerWaId', 'data']);
  });
});
