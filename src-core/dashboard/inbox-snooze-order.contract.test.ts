// The Snoozed list over real HTTP: soonest to wake first (not by latest message), those waking at one time most recent
// first; read by pages (page, limit) as every conversation list, the pages meet exactly (none repeated, none missed); a
// new time moves a conversation to its place, a reply only among those of its time, waking takes it off the top; a search
// under Snoozed keeps the order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type Row = { id: string; address: string; snoozedUntil: string | null };
type Page = { data: Row[]; meta: { total: number; page: number; limit: number; totalPages: number } };
let t: TestServer;
const HOUR = 3600_000;
/** Seven customers, each writing in a second after the one before (so the latest message is the last one's). */
const CUSTOMERS = Array.from({ length: 7 }, (_, i) => `+1415555060${i + 1}`);
/** When each is snoozed until, hours ahead of the clock: two pairs wake at one time. */
const WAKE_HOURS = [5, 1, 30, 5, 2, 30, 48];
const ids = new Map<string, string>();

const list = async (query: string) => {
  const answer = await t.dashboard('GET', `/dashboard/conversations?channel=whatsapp&state=snoozed${query}`);
  expect(answer.status).toBe(200);
  return answer.body as Page;
};
const addresses = (page: Page) => page.data.map((c) => c.address);
const inHours = (hours: number) => new Date(t.server.clock.now() + hours * HOUR).toISOString();
const snooze = async (address: string, until: string) => {
  expect((await t.dashboard('POST', `/dashboard/conversations/${ids.get(address)}/snooze`, { until })).status).toBe(200);
};
/** Every snoozed conversation, read by pages of `limit` from the first until a page says it is the last. */
async function byPages(limit: number, query = ''): Promise<string[]> {
  const seen: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await list(`&limit=${limit}&page=${page}${query}`);
    expect(answer.meta.page).toBe(page);
    seen.push(...addresses(answer));
    if (page >= answer.meta.totalPages) return seen;
  }
}

beforeAll(async () => {
  t = await createTestServer();
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 10_000 });
  for (const from of CUSTOMERS) {
    expect((await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from, text: `Order question from ${from}` })).status).toBe(201);
    await t.advance(1);
  }
  const open = (await t.dashboard('GET', '/dashboard/conversations?channel=whatsapp&state=open&limit=100')).body as Page;
  for (const c of open.data) ids.set(c.address, c.id);
  for (const [i, address] of CUSTOMERS.entries()) await snooze(address, inHours(WAKE_HOURS[i] as number));
});
afterAll(async () => {
  await t.close();
});

/** The customers in wake order: soonest first; at one time, the later writer (the more recent message) first. */
const [c1, c2, c3, c4, c5, c6, c7] = CUSTOMERS as [string, string, string, string, string, string, string];
const WAKE_ORDER = [c2, c5, c4, c1, c6, c3, c7];

describe('the Snoozed list\'s order', () => {
  it('lists snoozed conversations soonest to wake first, by pages that meet exactly, whatever the page size', async () => {
    const first = await list('&limit=100');
    expect(addresses(first)).toEqual(WAKE_ORDER);
    expect(first.meta.total).toBe(7);
    const times = first.data.map((c) => c.snoozedUntil as string);
    expect([...times].sort()).toEqual(times);
    for (const limit of [1, 2, 3, 6]) expect(await byPages(limit), `limit ${limit}`).toEqual(WAKE_ORDER);
    expect(await list('&limit=3&page=3')).toMatchObject({ data: [{ address: c7 }], meta: { total: 7, page: 3, totalPages: 3 } });
    // The other lists are most recent first, as before.
    const all = (await t.dashboard('GET', '/dashboard/conversations?channel=whatsapp&state=all&limit=100')).body as Page;
    expect(addresses(all)).toEqual([...CUSTOMERS].reverse());
  });

  it('a new time moves a conversation to its place; a reply moves it only among those waking at its time; waking takes the soonest off the top', async () => {
    await snooze(c7, inHours(3));
    expect(addresses(await list(''))).toEqual([c2, c5, c7, c4, c1, c6, c3]);
    // A reply is a newer latest message, not a new time: c3 passes c6 (both at 30 hours), and no one else.
    const reply = await t.dashboard('POST', `/dashboard/conversations/${ids.get(c3)}/reply`, { text: 'Still checking with the warehouse' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(addresses(await list(''))).toEqual([c2, c5, c7, c4, c1, c3, c6]);
    // Two hours on, the first two woke (back in Open); the pages meet as before.
    await t.advance(2 * 3600 + 60);
    expect(await byPages(2)).toEqual([c7, c4, c1, c3, c6]);
    const open = (await t.dashboard('GET', '/dashboard/conversations?channel=whatsapp&state=open&limit=100')).body as Page;
    expect(addresses(open)).toEqual([c5, c2]);
  });

  it('keeps the order in a search under Snoozed', async () => {
    expect(addresses(await list('&search=Order%20question&limit=100'))).toEqual([c7, c4, c1, c3, c6]);
    expect(await byPages(2, '&search=%2B1415555060')).toEqual([c7, c4, c1, c3, c6]);
  });
});
