// The console's contact create (`POST /dashboard/contacts`) over real HTTP: what a picture link may be, and a phone, email or
// username another contact has refused by name (409).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey()).key;
});
afterAll(async () => {
  await t.close();
});

const create = (body: Record<string, unknown>) => t.dashboard('POST', '/dashboard/contacts', body);
/** Every contact of the organization, as an integrator lists them. */
const listed = async (): Promise<Array<{ name: string | null; profilePic: string | null }>> =>
  (await t.request('GET', '/v1/contacts?limit=100', { token: key })).body.data;

describe('profilePic', () => {
  it('refuses a link that is not http or https with a 400 naming profilePic, and stores nothing', async () => {
    for (const link of ['javascript:alert(1)', 'JavaScript:alert(document.cookie)', 'data:image/svg+xml,<svg onload=alert(1)>', 'ftp://cdn.example.com/p.jpg', 'not a url']) {
      const refused = await create({ name: 'Pic Refused', phone: '+14155550801', profilePic: link });
      expect([refused.status, refused.body.code, refused.body.message], link).toEqual([400, 'VALIDATION_FAILED', 'Invalid body: profilePic: must be an http or https URL']);
    }
    expect((await listed()).map((contact) => contact.name)).not.toContain('Pic Refused');
  });
  it('refuses a link longer than 2000 characters in those words (the rule of every http(s) link the core takes)', async () => {
    const refused = await create({ name: 'Pic Too Long', phone: '+14155550802', profilePic: `https://cdn.example.com/${'a'.repeat(2000)}.jpg` });
    expect([refused.status, refused.body.message]).toEqual([400, 'Invalid body: profilePic: must be at most 2000 characters']);
    expect((await listed()).map((contact) => contact.name)).not.toContain('Pic Too Long');
  });

  it('takes an http or https link, stores it and answers it back', async () => {
    for (const [name, link] of [['Pic Https', 'https://cdn.example.com/p/ana.jpg'], ['Pic Http', 'http://cdn.example.com/p/ben.png']] as const) {
      const made = await create({ name, profilePic: link });
      expect([made.status, made.body.profilePic]).toEqual([201, link]);
      expect((await t.dashboard('GET', `/dashboard/contacts/${made.body.id}`)).body.profilePic).toBe(link);
    }
    expect((await listed()).filter((contact) => contact.name === 'Pic Https' || contact.name === 'Pic Http').map((contact) => [contact.name, contact.profilePic])).toEqual([
      ['Pic Http', 'http://cdn.example.com/p/ben.png'], ['Pic Https', 'https://cdn.example.com/p/ana.jpg'],
    ]);
  });
});

describe('an address another contact has', () => {
  it('is refused with 409 CONFLICT naming the field and the contact that has it, whatever its form or case, and nothing is stored', async () => {
    const alice = await create({ name: 'Dup Alice', phone: '+14155550811', email: 'Dup.Alice@Example.com', username: 'dup.alice' });
    expect(alice.status).toBe(201);
    const before = (await listed()).length;
    const cases: Array<[Record<string, unknown>, 'phone' | 'email' | 'username', string]> = [
      [{ name: 'Dup Phone', phone: '+1 (415) 555-0811' }, 'phone', '+14155550811'],
      [{ name: 'Dup Email', email: 'DUP.alice@example.COM' }, 'email', 'dup.alice@example.com'],
      [{ name: 'Dup Username', username: 'DUP.Alice' }, 'username', 'DUP.Alice'],
      // The phone is named first when several are taken; a free email beside it does not let it through.
      [{ name: 'Dup Both', phone: '14155550811', email: 'dup.alice@example.com' }, 'phone', '+14155550811'],
      [{ name: 'Dup Free Email', phone: '+14155550811', email: 'someone.else@example.com' }, 'phone', '+14155550811'],
    ];
    for (const [body, field, value] of cases) {
      const refused = await create(body);
      expect([refused.status, refused.body.code, refused.body.field, refused.body.contactId], field).toEqual([409, 'CONFLICT', field, alice.body.id]);
      expect(refused.body.message).toBe(`Contact Dup Alice already has this ${field} (${value})`);
    }
    expect((await listed()).length).toBe(before);
  });

  it('names a nameless holder by its address, and leaves other organizations and new addresses alone', async () => {
    const nameless = await create({ phone: '+14155550812' });
    const refused = await create({ name: 'Dup Again', phone: '+14155550812' });
    expect([refused.status, refused.body.message, refused.body.contactId]).toEqual([409, 'Contact +14155550812 already has this phone (+14155550812)', nameless.body.id]);
    const other = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Dup Elsewhere' })).body.id as string;
    expect((await create({ organizationId: other, name: 'Dup Alice Elsewhere', phone: '+14155550812', email: 'dup.alice@example.com' })).status).toBe(201);
    expect((await create({ name: 'Dup New', phone: '+14155550813', email: 'dup.new@example.com', username: 'dup.new' })).status).toBe(201);
  });

  it('still refuses a malformed phone or email with 400 naming it', async () => {
    const phone = await create({ name: 'Bad Phone', phone: 'call me' });
    expect([phone.status, phone.body.message]).toEqual([400, expect.stringMatching(/^Invalid body: phone: must be a phone number/)]);
    const email = await create({ name: 'Bad Email', email: 'not-an-email' });
    expect([email.status, email.body.message]).toEqual([400, expect.stringMatching(/^Invalid body: email: /)]);
  });
});
