// An inbox search over real HTTP finds the conversation of every contact the search matches, however many match:
// 260 customers named alike, each writing in on WhatsApp, are all found, the oldest too, as many as the contacts
// search counts (the search read only the 200 newest matching contacts' ids, and silently missed the rest).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, ListEnvelope } from '../contract/index.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
const CUSTOMERS = 260;
const phoneOf = (n: number) => `+1415777${String(n).padStart(4, '0')}`;

/** Every conversation a WhatsApp inbox search finds, read a page of 100 at a time, and the total it says. */
async function searched(term: string): Promise<{ rows: Conversation[]; total: number }> {
  const rows: Conversation[] = [];
  for (let page = 1; ; page++) {
    const answer = await t.dashboard('GET', `/dashboard/conversations?channel=whatsapp&limit=100&page=${page}&search=${encodeURIComponent(term)}`);
    expect(answer.status).toBe(200);
    const body = answer.body as ListEnvelope<Conversation>;
    rows.push(...body.data);
    if (page >= body.meta.totalPages) return { rows, total: body.meta.total };
  }
}
const contactsFound = async (term: string): Promise<number> =>
  (await t.dashboard('GET', `/dashboard/contacts?limit=1&search=${encodeURIComponent(term)}`)).body.meta.total as number;

beforeAll(async () => {
  t = await createTestServer();
  for (let n = 1; n <= CUSTOMERS; n++) {
    expect((await t.dashboard('POST', '/dashboard/contacts', { name: `Walden Pond ${n}`, phone: phoneOf(n) })).status).toBe(201);
    expect((await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: phoneOf(n), text: `Where is my order ${n}?` })).status).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

describe('inbox search by contact, past 200 matching contacts', () => {
  it('finds the conversation of each of the 260 contacts the search matches, the oldest contact\'s too', async () => {
    expect(await contactsFound('walden')).toBe(CUSTOMERS);
    const { rows, total } = await searched('walden');
    expect(total).toBe(CUSTOMERS);
    expect(new Set(rows.map((c) => c.address))).toEqual(new Set(Array.from({ length: CUSTOMERS }, (_, i) => phoneOf(i + 1))));
    // Found by the contact's name, each is its usual row, not a message match.
    expect(rows.every((c) => c.searchMatch === null)).toBe(true);
    expect(rows.at(-1)).toMatchObject({ address: phoneOf(1), customerName: 'Walden Pond 1' });
  });

  it('counts as many conversations as the contacts search counts contacts, for a term with a short part too', async () => {
    // "pond 9": the names with "pond" whose name or number holds a "9" as typed (9, 19, …, 90–99, …, 259): 44 of them.
    expect(await contactsFound('pond 9')).toBe(44);
    const { rows, total } = await searched('pond 9');
    expect(total).toBe(44);
    expect(rows.map((c) => c.customerName).every((name) => name?.includes('9'))).toBe(true);
    expect(rows.at(-1)?.address).toBe(phoneOf(9));
  });
});
