// A conversation's state changed only if it is still as expected (resolve, reopen and snooze with `expected`: the
// console's Undo), over real HTTP and the socket: made when it is, else 409 in the error envelope naming what it is now,
// nothing changed and nothing heard; a malformed precondition is 400; without one, the routes behave as before.
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../contract/stream.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type Row = { id: string; address: string; state: string; resolvedAt: string | null; snoozedUntil: string | null };
let t: TestServer;
let socket: Socket<ServerToClientEvents, ClientToServerEvents>;
const heard: string[] = [];
const inbound = (from: string, text: string) => t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from, text });
const detail = async (id: string) => (await t.dashboard('GET', `/dashboard/conversations/${id}`)).body as Row;
const change = (id: string, action: string, body: Record<string, unknown> = {}) => t.dashboard('POST', `/dashboard/conversations/${id}/${action}`, body);
/** The precondition as the console sends it: the conversation as the core last answered it. */
const expectedOf = ({ state, resolvedAt, snoozedUntil }: Row) => ({ state, resolvedAt, snoozedUntil });
const inHours = (hours: number) => new Date(t.server.clock.now() + hours * 3_600_000).toISOString();
/** What the stream said about `id` since the last call. */
async function heardOf(id: string): Promise<string[]> {
  await t.server.bus.flush();
  const lines = heard.filter((line) => line.startsWith(id)).map((line) => line.slice(id.length + 1));
  heard.splice(0, heard.length, ...heard.filter((line) => !line.startsWith(id)));
  return lines;
}
async function conversationOf(from: string): Promise<string> {
  const message = await inbound(from, 'Hello?');
  expect(message.status).toBe(201);
  return message.body.conversationId as string;
}

beforeAll(async () => {
  t = await createTestServer();
  socket = io(t.url, { auth: { token: t.dashboardToken }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((done, fail) => {
    socket.once('connect', () => done());
    socket.once('connect_error', fail);
  });
  expect(await socket.emitWithAck('joinOrganization', t.organizationId)).toEqual({ ok: true });
  socket.on('conversation:updated', (c) => heard.push(`${c.conversationId} ${c.state}`));
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

describe('a state change with a precondition', () => {
  it('reopens a resolved conversation still as it was resolved', async () => {
    const id = await conversationOf('+14155550601');
    const resolved = (await change(id, 'resolve')).body as Row;
    await t.advance(5);
    const undone = await change(id, 'reopen', { expected: expectedOf(resolved) });
    expect([undone.status, undone.body.state, undone.body.resolvedAt]).toEqual([200, 'open', null]);
    expect(await heardOf(id)).toEqual(['resolved', 'open']);
  });

  it('refuses with 409 once its customer wrote in since, and leaves it open, unchanged and unheard', async () => {
    const id = await conversationOf('+14155550602');
    const resolved = (await change(id, 'resolve')).body as Row;
    await inbound('+14155550602', 'One more thing');
    const before = await detail(id);
    await heardOf(id);
    const refused = await change(id, 'reopen', { expected: expectedOf(resolved) });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(expect.objectContaining({ statusCode: 409, error: 'Conflict', code: 'CONFLICT' }));
    expect(refused.body.message).toBe(`Conversation ${id} changed since: it is open, not resolved (resolved at ${resolved.resolvedAt}); nothing was changed`);
    expect(await detail(id)).toEqual(before);
    expect(await heardOf(id)).toEqual([]);
  });

  it('snoozes a snoozed conversation resolved again to its time, unless resolved again (another window) since', async () => {
    const id = await conversationOf('+14155550603');
    const until = inHours(24);
    const snoozed = (await change(id, 'snooze', { until })).body as Row;
    const resolved = (await change(id, 'resolve', { expected: expectedOf(snoozed) })).body as Row;
    expect(resolved).toMatchObject({ state: 'resolved', snoozedUntil: null });
    const undone = await change(id, 'snooze', { until, expected: expectedOf(resolved) });
    expect([undone.status, undone.body.state, undone.body.snoozedUntil]).toEqual([200, 'snoozed', until]);

    // Resolved by this window, reopened and resolved again by another: the precondition names the first resolve.
    const first = (await change(id, 'resolve')).body as Row;
    await t.advance(2);
    await change(id, 'reopen');
    const again = (await change(id, 'resolve')).body as Row;
    const refused = await change(id, 'snooze', { until, expected: expectedOf(first) });
    expect([refused.status, refused.body.message]).toEqual([409, expect.stringContaining(`it is resolved (resolved at ${again.resolvedAt})`)]);
    expect(await detail(id)).toMatchObject({ state: 'resolved', resolvedAt: again.resolvedAt, snoozedUntil: null });
  });

  it('refuses a reopen of a snoozed conversation snoozed to another time since', async () => {
    const id = await conversationOf('+14155550604');
    const snoozed = (await change(id, 'snooze', { until: inHours(2) })).body as Row;
    const later = inHours(48);
    await change(id, 'snooze', { until: later });
    const refused = await change(id, 'reopen', { expected: expectedOf(snoozed) });
    expect([refused.status, refused.body.message]).toEqual([409, expect.stringContaining(`it is snoozed (until ${later}), not snoozed (until ${snoozed.snoozedUntil})`)]);
    expect((await detail(id)).snoozedUntil).toBe(later);
  });

  it('answers 400 for a malformed precondition, and 404 before 409 for an unknown conversation', async () => {
    const id = await conversationOf('+14155550605');
    for (const expected of [{ state: 'closed', resolvedAt: null, snoozedUntil: null }, { state: 'open' }, { state: 'open', resolvedAt: 'yesterday', snoozedUntil: null }]) {
      const res = await change(id, 'resolve', { expected });
      expect([res.status, res.body.statusCode, res.body.message], JSON.stringify(expected)).toEqual([400, 400, expect.stringContaining('expected')]);
    }
    expect((await detail(id)).state).toBe('open');
    expect((await change('conv_missing', 'reopen', { expected: { state: 'resolved', resolvedAt: inHours(0), snoozedUntil: null } })).status).toBe(404);
  });
});
