// Snoozed conversations over real HTTP and the socket: snooze until a time on the virtual clock (validated: after now, at
// most a year ahead; 404 for an unknown id or another organization's), the lists' `snoozed` filter, a new time moves it,
// the clock's advance opens it again (heard on the stream), a customer's message opens it early, the old job then does
// nothing, reopen and resolve clear it, unread counts of open conversations only, the contract's shapes unchanged, and a
// snooze outlives a restart.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../contract/stream.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type Row = { id: string; address: string; state: string; snoozedUntil: string | null; resolvedAt: string | null; unreadCount: number };
let t: TestServer;
let socket: Socket<ServerToClientEvents, ClientToServerEvents>;
/** What the console's stream said, in order: `conversation:updated` as `state` (and `snoozedUntil`), `message:new` as `message`. */
const heard: string[] = [];
const HOUR = 3600;
const inbound = (from: string, text: string, organizationId?: string) =>
  t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from, text, ...(organizationId ? { organizationId } : {}) });
const list = async (query: string) => (await t.dashboard('GET', `/dashboard/conversations?channel=whatsapp${query}`)).body as { data: Row[]; meta: { total: number } };
const addresses = async (query: string) => (await list(query)).data.map((c) => c.address);
const detail = async (id: string) => (await t.dashboard('GET', `/dashboard/conversations/${id}`)).body as Row;
/** The virtual clock's now, `seconds` ahead, as ISO. */
const inSeconds = (seconds: number) => new Date(t.server.clock.now() + seconds * 1000).toISOString();
const snooze = (id: string, until: unknown, extra: Record<string, unknown> = {}) =>
  t.dashboard('POST', `/dashboard/conversations/${id}/snooze`, { until, ...extra });
const advance = (seconds: number) => t.dashboard('POST', '/sim/clock/advance', { seconds });
const idOf = async (address: string) => ((await list(`&search=${encodeURIComponent(address)}`)).data[0] as Row).id;
const counts = async () => (await t.dashboard('GET', '/dashboard/conversations/unread-counts')).body;
/** What the stream said about `id` since the last call (after the bus has settled). */
async function heardOf(id: string): Promise<string[]> {
  await t.server.bus.flush();
  const lines = heard.filter((line) => line.startsWith(id)).map((line) => line.slice(id.length + 1));
  heard.splice(0, heard.length, ...heard.filter((line) => !line.startsWith(id)));
  return lines;
}

beforeAll(async () => {
  t = await createTestServer();
  await inbound('+14155550501', 'Can you call me back next week?');
  await inbound('+14155550502', 'Waiting on the courier');
  await inbound('+14155550503', 'Order 1001 is late');
  socket = io(t.url, { auth: { token: t.dashboardToken }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((done, fail) => {
    socket.once('connect', () => done());
    socket.once('connect_error', fail);
  });
  expect(await socket.emitWithAck('joinOrganization', t.organizationId)).toEqual({ ok: true });
  socket.on('conversation:updated', (change) => heard.push(`${change.conversationId} ${change.state}${change.snoozedUntil ? ` ${change.snoozedUntil}` : ''}`));
  socket.on('message:new', ({ message }) => heard.push(`${message.conversationId} message`));
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

describe('snoozing conversations', () => {
  it('snoozes one until a time (stored in UTC), out of Open and the unread counts, and the advance past it opens it again, live', async () => {
    const id = await idOf('+14155550501');
    expect(await counts()).toMatchObject({ whatsapp: 3, total: 3 });
    // Half an hour ahead, written with an offset: answered in UTC.
    const at = t.server.clock.now() + 1800_000;
    const offset = new Date(at + 5.5 * 3600_000).toISOString().replace('Z', '+05:30');
    const until = new Date(at).toISOString();
    const snoozed = await snooze(id, offset);
    expect(snoozed.status).toBe(200);
    expect(snoozed.body).toMatchObject({ id, state: 'snoozed', snoozedUntil: until, resolvedAt: null, resolvedBy: null, unreadCount: 1 });
    expect(await detail(id)).toMatchObject({ state: 'snoozed', snoozedUntil: until });
    expect(await counts()).toMatchObject({ whatsapp: 2, total: 2 });
    expect(await heardOf(id)).toEqual([`snoozed ${until}`]);
    await advance(1799);
    expect((await detail(id)).state).toBe('snoozed');
    const advanced = await advance(1);
    expect(advanced.body.now).toBe(until);
    expect(await detail(id)).toMatchObject({ state: 'open', snoozedUntil: null, resolvedAt: null });
    expect(await heardOf(id)).toEqual(['open']);
    expect(await counts()).toMatchObject({ whatsapp: 3, total: 3 });
  });

  it('refuses a time that is not ahead on the virtual clock, more than 365 days ahead, or not a date-time, naming until', async () => {
    const id = await idOf('+14155550502');
    const refused = [undefined, '', 'tomorrow', '2026-12-01', 42, inSeconds(0), inSeconds(-60), inSeconds(365 * 86_400 + 1)];
    for (const until of refused) {
      const res = await snooze(id, until);
      expect([res.status, res.body.code, res.body.message], String(until)).toEqual([400, 'VALIDATION_FAILED', expect.stringContaining('until')]);
    }
    expect((await detail(id)).state).toBe('open');
    expect(await heardOf(id)).toEqual([]);
    const furthest = await snooze(id, inSeconds(365 * 86_400));
    expect([furthest.status, furthest.body.state]).toEqual([200, 'snoozed']);
    expect((await t.dashboard('POST', `/dashboard/conversations/${id}/reopen`)).body).toMatchObject({ state: 'open', snoozedUntil: null });
    await heardOf(id);
  });

  it('answers 404 for an unknown id and for another organization\'s conversation, which its own organizationId snoozes', async () => {
    const until = inSeconds(HOUR);
    expect((await snooze('conv_missing', until)).body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const other = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Other shop' })).body.id as string;
    const theirs = (await inbound('+14155550599', 'Hello?', other)).body.conversationId as string;
    expect((await snooze(theirs, until)).status).toBe(404);
    expect((await snooze(theirs, until, { organizationId: other })).body).toMatchObject({ state: 'snoozed', snoozedUntil: until });
    expect((await t.dashboard('GET', `/dashboard/conversations?channel=whatsapp&state=snoozed&organizationId=${other}`)).body.meta.total).toBe(1);
    expect((await list('&state=snoozed')).meta.total).toBe(0); // the default organization's own
    await advance(HOUR);
    expect((await t.dashboard('GET', `/dashboard/conversations/${theirs}?organizationId=${other}`)).body.state).toBe('open');
  });

  it('lists snoozed ones under snoozed only (not resolved, not open), a search and a contact\'s within the state; all lists every one', async () => {
    const late = await idOf('+14155550503');
    const done = await idOf('+14155550502');
    const until = inSeconds(2 * HOUR);
    await snooze(late, until);
    await t.dashboard('POST', `/dashboard/conversations/${done}/resolve`, {});
    expect(await addresses('&state=open')).toEqual(['+14155550501']);
    expect(await addresses('&state=snoozed')).toEqual(['+14155550503']);
    expect((await list('&state=snoozed')).data[0]).toMatchObject({ state: 'snoozed', snoozedUntil: until, resolvedAt: null });
    expect(await addresses('&state=resolved')).toEqual(['+14155550502']);
    expect((await list('&state=resolved')).data[0]).toMatchObject({ state: 'resolved', snoozedUntil: null });
    for (const query of ['&state=all', '']) expect((await list(query)).meta.total, query).toBe(3);
    expect(await addresses('&state=snoozed&search=1001')).toEqual(['+14155550503']);
    expect(await addresses('&state=resolved&search=1001')).toEqual([]);
    const { contactId } = await detail(late) as Row & { contactId: string };
    const ofContact = async (state: string) => (await t.dashboard('GET', `/dashboard/conversations?contactId=${contactId}${state}`)).body.meta.total;
    expect([await ofContact(''), await ofContact('&state=snoozed'), await ofContact('&state=resolved'), await ofContact('&state=open')]).toEqual([1, 1, 0, 0]);
    const bad = await t.dashboard('GET', '/dashboard/conversations?channel=whatsapp&state=sleeping');
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringContaining('snoozed')]);
    await t.dashboard('POST', `/dashboard/conversations/${late}/reopen`);
    await t.dashboard('POST', `/dashboard/conversations/${done}/reopen`);
    await heardOf(late);
    await heardOf(done);
  });

  it('snoozing again moves the time: the first time passes with no change, the new one opens it; the same time again is no change', async () => {
    const id = await idOf('+14155550501');
    const first = inSeconds(HOUR);
    const later = inSeconds(3 * HOUR);
    await snooze(id, first);
    expect((await snooze(id, later)).body).toMatchObject({ state: 'snoozed', snoozedUntil: later });
    expect((await snooze(id, later)).body).toMatchObject({ state: 'snoozed', snoozedUntil: later });
    await advance(2 * HOUR);
    expect(await detail(id)).toMatchObject({ state: 'snoozed', snoozedUntil: later });
    await advance(HOUR);
    expect(await detail(id)).toMatchObject({ state: 'open', snoozedUntil: null });
    // Each change once: nothing for the repeated time, nothing when the first time passed.
    expect(await heardOf(id)).toEqual([`snoozed ${first}`, `snoozed ${later}`, 'open']);
  });

  it('a customer writing in opens a snoozed conversation early, heard before the message; its time passing later changes nothing', async () => {
    const id = await idOf('+14155550502');
    const until = inSeconds(24 * HOUR);
    await snooze(id, until);
    expect(await counts()).toMatchObject({ whatsapp: 2 });
    await advance(HOUR);
    await inbound('+14155550502', 'Any news?');
    expect(await detail(id)).toMatchObject({ state: 'open', snoozedUntil: null, unreadCount: 2 });
    expect(await counts()).toMatchObject({ whatsapp: 3 });
    expect(await heardOf(id)).toEqual([`snoozed ${until}`, 'open', 'message']);
    // Resolved meanwhile: the old job finds it no longer snoozed until that time, and leaves it resolved.
    await t.dashboard('POST', `/dashboard/conversations/${id}/resolve`, {});
    await advance(24 * HOUR);
    expect(await detail(id)).toMatchObject({ state: 'resolved', snoozedUntil: null });
    expect(await heardOf(id)).toEqual(['resolved']);
    await t.dashboard('POST', `/dashboard/conversations/${id}/reopen`);
    await heardOf(id);
  });

  it('reopen and resolve clear a snooze, and its time passing later leaves the conversation as they put it', async () => {
    const id = await idOf('+14155550503');
    const until = inSeconds(HOUR);
    await snooze(id, until);
    const reopened = await t.dashboard('POST', `/dashboard/conversations/${id}/reopen`);
    expect(reopened.body).toMatchObject({ state: 'open', snoozedUntil: null });
    const again = inSeconds(2 * HOUR);
    await snooze(id, again);
    const resolved = await t.dashboard('POST', `/dashboard/conversations/${id}/resolve`, {});
    expect(resolved.body).toMatchObject({ state: 'resolved', snoozedUntil: null, resolvedBy: 'console', resolvedAt: new Date(t.server.clock.now()).toISOString() });
    expect(await addresses('&state=resolved')).toEqual(['+14155550503']);
    expect(await addresses('&state=snoozed')).toEqual([]);
    await advance(3 * HOUR);
    expect(await detail(id)).toMatchObject({ state: 'resolved', snoozedUntil: null });
    expect(await heardOf(id)).toEqual([`snoozed ${until}`, 'open', `snoozed ${again}`, 'resolved']);
  });

  it('leaves the contract\'s conversation shapes as they were: /v1 Instagram conversations list a snoozed one with the seed\'s fields only', async () => {
    await t.dashboard('POST', '/dashboard/instagram/connection', { username: '@examplestore', name: 'Example Store' });
    const written = await t.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: '6234817790114402', text: 'Is this in stock?' });
    expect((await snooze(written.body.conversationId, inSeconds(HOUR))).body.state).toBe('snoozed');
    const key = (await t.createKey()).key;
    const v1 = await t.request('GET', '/v1/instagram/conversations', { token: key });
    expect(v1.body.data).toHaveLength(1);
    expect(Object.keys(v1.body.data[0]).sort()).toEqual(['id', 'lastMessage', 'lastMessageAt', 'senderId', 'senderName', 'senderUsername', 'unreadCount']);
    const byPhone = await t.request('GET', '/v1/whatsapp/conversations/by-phone?phone=14155550503', { token: key });
    expect(Object.keys(byPhone.body).sort()).toEqual(['conversationId', 'customerName', 'customerWaId', 'data']);
  });

  it('outlives a restart: the waking job is kept with the database, and the advance after the start opens it', async () => {
    const first = await createTestServer({ keepData: true });
    const written = await first.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+14155550599', text: 'Ping me on Monday' });
    const id = written.body.conversationId as string;
    const until = new Date(first.server.clock.now() + 2 * HOUR * 1000).toISOString();
    expect((await first.dashboard('POST', `/dashboard/conversations/${id}/snooze`, { until })).status).toBe(200);
    await first.close();
    const again = await createTestServer({ dataFile: first.dataFile, clock: { kind: 'manual', startMs: first.server.clock.now() } });
    try {
      expect((await again.dashboard('GET', `/dashboard/conversations/${id}`)).body).toMatchObject({ state: 'snoozed', snoozedUntil: until });
      await again.advance(2 * HOUR);
      expect((await again.dashboard('GET', `/dashboard/conversations/${id}`)).body).toMatchObject({ state: 'open', snoozedUntil: null });
    } finally {
      await again.close();
      rmSync(dirname(first.dataFile), { recursive: true, force: true });
    }
  });
});
