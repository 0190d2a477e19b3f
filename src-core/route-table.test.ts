// Walks the whole route table: every /v1 route declares a scope and refuses a key without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from './contract/scopes.ts';
import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(async () => {
  await t.close();
});

const fill = (path: string): string => path.replace(/:([A-Za-z]+)/g, (_m, name: string) => `${name}_probe`);

describe('route table', () => {
  it('every /v1 route names a contract scope (or public, written out); console routes take the dashboard token', () => {
    const v1 = t.server.routes.filter((r) => r.path.startsWith('/v1/'));
    expect(v1.length).toBeGreaterThan(0);
    for (const route of v1) expect([...SCOPES, 'public'], `${route.method} ${route.path}`).toContain(route.scope);
    for (const route of t.server.routes.filter((r) => /^\/(dashboard|sim)\//.test(r.path))) expect(route.scope).toBe('dashboard');
  });

  it('every /v1 route refuses a key that has every scope but its own, with 403 naming it', async () => {
    const routes = t.server.routes.filter((r) => r.path.startsWith('/v1/') && r.scope !== 'public');
    for (const route of routes) {
      const key = await t.createKey({ scopes: SCOPES.filter((s) => s !== route.scope), rateLimitPerMinute: 10_000 });
      const res = await t.request(route.method, fill(route.path), { token: key.key, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(res.body.message).toBe(`Insufficient scope. Required: ${route.scope}`);
    }
  });

  it('every /v1 route refuses a request without a key with 401', async () => {
    for (const route of t.server.routes.filter((r) => r.path.startsWith('/v1/') && r.scope !== 'public')) {
      const res = await t.request(route.method, fill(route.path));
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
    }
  });
});
