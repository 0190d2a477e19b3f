// GET /dashboard/contacts/by-email: the contact an email campaign merges a recipient's name from, found as the campaign
// finds it (the oldest with that address, whatever its case), never lost among other contacts a search would also match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
const TARGET = 'quinn@example.org';

beforeAll(async () => {
  t = await createTestServer();
  // The contact first, then twelve more whose address holds its address (a search matches them too, newest first).
  expect((await t.dashboard('POST', '/dashboard/contacts', { name: 'Quinn Target', email: TARGET })).status).toBe(201);
  for (const prefix of 'abcdefghijkl') {
    expect((await t.dashboard('POST', '/dashboard/contacts', { name: `Other ${prefix}`, email: `${prefix}${TARGET}` })).status).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

const byEmail = (email: string) => t.dashboard('GET', `/dashboard/contacts/by-email?email=${encodeURIComponent(email)}`);

describe('a contact by email address', () => {
  it('finds the contact with exactly that address, in any case, however many others a search would list first', async () => {
    const search = await t.dashboard('GET', `/dashboard/contacts?limit=10&page=1&search=${encodeURIComponent(TARGET)}`);
    // The first page of a search for the address lists twelve others, not the contact.
    expect(search.body.meta.total).toBe(13);
    expect(search.body.data.map((c: { email: string }) => c.email)).not.toContain(TARGET);
    for (const email of [TARGET, 'Quinn@Example.ORG', ` ${TARGET} `]) {
      const res = await byEmail(email);
      expect(res.status, email).toBe(200);
      expect(res.body.contact?.name, email).toBe('Quinn Target');
      expect(res.body.contact?.email, email).toBe(TARGET);
    }
  });

  it('is null for an address no contact has, and a clear 400 without one', async () => {
    expect((await byEmail('nobody@example.org')).body).toEqual({ contact: null });
    const blank = await t.dashboard('GET', '/dashboard/contacts/by-email?email=');
    expect(blank.status).toBe(400);
    expect(blank.body.message).toMatch(/email/);
    expect((await t.dashboard('GET', '/dashboard/contacts/by-email')).status).toBe(400);
  });

  it('is the dashboard’s: an API key is refused', async () => {
    const { key } = await t.createKey();
    expect((await t.request('GET', `/dashboard/contacts/by-email?email=${TARGET}`, { token: key })).status).toBe(401);
  });
});
