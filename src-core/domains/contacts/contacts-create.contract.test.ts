// The console's contact create (`POST /dashboard/contacts`) over real HTTP: what a picture link may be.
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
