// Walks the whole route table: every /v1 route declares a scope and refuses a key without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from './contract/scopes.ts';
import { isBodyScopes, type AnyRoute } from './kernel/route.ts';
import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(async () => {
  await t.close();
});

const fill = (path: string): string => path.replace(/:([A-Za-z]+)/g, (_m, name: string) => `${name}_probe`);
/** The scope a route needs, and a body that needs it (routes whose scopes depend on the body name a probe). */
const probeOf = (route: AnyRoute): { scope: Scope; body: unknown } =>
  isBodyScopes(route.scope) ? route.scope.probe : { scope: route.scope as Scope, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} };

describe('route table', () => {
  it('every /v1 route names a contract scope (or public, written out); console routes take the dashboard token', () => {
    const v1 = t.server.routes.filter((r) => r.path.startsWith('/v1/'));
    expect(v1.length).toBeGreaterThan(0);
    for (const route of v1) expect([...SCOPES, 'public'], `${route.method} ${route.path}`).toContain(route.scope === 'public' ? 'public' : probeOf(route).scope);
    for (const route of t.server.routes.filter((r) => /^\/(dashboard|sim)\//.test(r.path))) expect(route.scope).toBe('dashboard');
  });

  it('every /v1 route refuses a key that has every scope but its own, with 403 naming it', async () => {
    const routes = t.server.routes.filter((r) => r.path.startsWith('/v1/') && r.scope !== 'public');
    for (const route of routes) {
      const probe = probeOf(route);
      const key = await t.createKey({ scopes: SCOPES.filter((s) => s !== probe.scope), rateLimitPerMinute: 10_000 });
      const res = await t.request(route.method, fill(route.path), { token: key.key, body: probe.body });
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(res.body.message).toBe(`Insufficient scope. Required: ${probe.scope}`);
    }
  });

  it('every /v1 route refuses a request without a key with 401', async () => {
    for (const route of t.server.routes.filter((r) => r.path.startsWith('/v1/') && r.scope !== 'public')) {
      const res = await t.request(route.method, fill(route.path), { body: probeOf(route).body });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
    }
  });
});
