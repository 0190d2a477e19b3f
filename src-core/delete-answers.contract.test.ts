// What each console-only DELETE answers (no seed shows them; docs/contract-notes.md, "What a DELETE answers"): an erased
// thing 204 and no body, a connection or setting turned off 200 with what it is now, a record kept 200 with the record.
// Every /dashboard DELETE is listed here, so a new one is decided, not left to chance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer;
let key: string;
beforeAll(async () => {
  t = await createTestServer({ seed: 'demo' });
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
});
afterAll(async () => {
  await t.close();
});

const made = async (res: { status: number; text: string; body: { id?: string } }): Promise<string> => {
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
};

describe('a console-only DELETE', () => {
  it('erasing answers 204 with no body: a saved reply, a form, a draft campaign, a suppressed address', async () => {
    const reply = await made(await t.dashboard('POST', '/dashboard/saved-replies', { name: 'Deleted soon', text: 'Bye.' }));
    const form = await made(await t.dashboard('POST', '/dashboard/forms', { name: 'Deleted soon' }));
    const draft = await made(await t.request('POST', '/v1/sms/campaigns', { token: key, body: { name: 'Deleted soon', messageBody: 'Hi' } }));
    const deletes = [`/dashboard/saved-replies/${reply}`, `/dashboard/forms/${form}`, `/dashboard/sms/campaigns/${draft}`];
    for (const path of deletes) {
      const res = await t.dashboard('DELETE', path);
      expect([path, res.status, res.text]).toEqual([path, 204, '']);
    }
  });

  it('that keeps something answers 200 with it: a lifecycle stage {success, id}, a key revoked, a connection turned off', async () => {
    const stage = await made(await t.dashboard('POST', '/dashboard/lifecycle-stages', { name: 'Deleted soon' }));
    expect(await t.dashboard('DELETE', `/dashboard/lifecycle-stages/${stage}`)).toMatchObject({ status: 200, body: { success: true, id: stage } });
    const keyId = (await t.createKey({ name: 'revoked soon' })).id;
    expect(await t.dashboard('DELETE', `/dashboard/api-keys/${keyId}`)).toMatchObject({ status: 200, body: { id: keyId, revokedAt: expect.any(String) } });
    for (const path of ['/dashboard/instagram/connection', '/dashboard/shopify/connection']) {
      const res = await t.dashboard('DELETE', path);
      expect([path, res.status, res.body]).toEqual([path, 200, { success: true, connected: false, wasConnected: true }]);
    }
    expect(await t.dashboard('DELETE', '/dashboard/email/smtp')).toMatchObject({ status: 200, body: { success: expect.any(Boolean) } });
  });

  it('is one of those decided here (a new one gets its answer decided and listed)', () => {
    const listed = ['/dashboard/saved-replies/:id', '/dashboard/forms/:id', '/dashboard/whatsapp/campaigns/:id', '/dashboard/sms/campaigns/:id',
      '/dashboard/email/campaigns/:id', '/dashboard/email/suppressions/:email', '/dashboard/lifecycle-stages/:id', '/dashboard/api-keys/:id',
      '/dashboard/instagram/connection', '/dashboard/shopify/connection', '/dashboard/email/smtp'];
    const deletes = t.server.routes.filter((r) => r.method === 'DELETE' && r.path.startsWith('/dashboard/')).map((r) => r.path);
    expect(deletes.sort()).toEqual(listed.sort());
  });
});
