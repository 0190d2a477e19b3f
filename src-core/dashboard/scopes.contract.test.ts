// GET /dashboard/scopes names every scope of the contract and, apart, those no route of this build checks yet
// (none now: every scope of the contract opens a route): a key may hold them (integrators create keys ahead).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../contract/scopes.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('GET /dashboard/scopes', () => {
  it('lists every scope, and apart those this build does not use yet, which a key may still hold', async () => {
    const res = await t.dashboard('GET', '/dashboard/scopes');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([...SCOPES]);
    expect(res.body.notUsedYet).toEqual([]);
    // A scope in use opens its routes; one not used yet is still accepted on a key.
    const key = await t.createKey({ scopes: ['contacts:read', 'ai:models:read'] });
    expect(key.scopes).toEqual(['contacts:read', 'ai:models:read']);
    expect((await t.request('GET', '/v1/contacts', { token: key.key })).status).toBe(200);
    // The unified send's scope comes from its body: its channels' send scopes are in use.
    for (const scope of ['voice:app:read', 'voice:app:write', 'voice:agents:read', 'voice:agents:write', 'voice:calls:read', 'voice:calls:write', 'shopify:products:read', 'shopify:orders:read', 'shopify:discounts:read', 'whatsapp:send', 'sms:send', 'rcs:send', 'email:send', 'otp:send', 'webhooks:write']) expect(res.body.notUsedYet).not.toContain(scope);
    // GET /v1/ai/models is built: its scope opens it.
    expect(res.body.notUsedYet).not.toContain('ai:models:read');
    // Automations are built: their three scopes open their routes.
    for (const scope of ['automations:read', 'automations:write', 'automations:executions:read']) expect(res.body.notUsedYet).not.toContain(scope);
    // Voice app identities and sessions are built: voice:app:read and voice:app:write open their routes.
    for (const scope of ['voice:app:read', 'voice:app:write']) expect(res.body.notUsedYet).not.toContain(scope);
  });
});
