// A key's rate-limit window outlives a restart: the requests it accepted in the last 60 s of the virtual clock still
// count on the same database (read back from the request log), whether the server was stopped or killed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crashTestServer, exited } from '../testing/serve-process.ts';
import { createTestServer, TEST_EPOCH_MS, type TestServer } from '../testing/test-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'rate-limit-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const headers = { 'x-forwarded-for': '192.0.2.44' };
const get = (t: TestServer, key: string, extra: Record<string, string> = headers) => t.request('GET', '/v1/contacts', { token: key, headers: extra });
const window = (answer: Awaited<ReturnType<typeof get>>) => [answer.status, answer.headers.get('x-ratelimit-remaining'), answer.headers.get('retry-after')];

describe('rate limits across a restart', () => {
  it('a stop and a start on the same database keep the window: what it accepted still counts, what it refused does not', async () => {
    const dataFile = join(dir, 'stopped.db');
    const first = await createTestServer({ dataFile });
    let second: TestServer | null = null;
    try {
      const key = (await first.createKey({ rateLimitPerMinute: 3 })).key;
      const other = (await first.createKey({ rateLimitPerMinute: 3 })).key;
      expect(window(await get(first, key))).toEqual([200, '2', null]);
      await first.advance(10);
      expect(window(await get(first, key))).toEqual([200, '1', null]);
      // A refusal for a bad query counts (it passed the limit); a request from another address has its own window.
      expect((await first.request('GET', '/v1/contacts?nope=1', { token: key, headers })).status).toBe(400);
      expect(window(await get(first, key, { 'x-forwarded-for': '192.0.2.45' }))).toEqual([200, '2', null]);
      // Refused for the limit: not counted, so it must not count after the restart either.
      expect(window(await get(first, key))).toEqual([429, '0', '50']);
      await first.close();

      second = await createTestServer({ dataFile, clock: { kind: 'manual', startMs: TEST_EPOCH_MS + 20_000 } });
      // 20 s after the first request: it leaves the window in 40 s.
      expect(window(await get(second, key))).toEqual([429, '0', '40']);
      expect(window(await get(second, key, { 'x-forwarded-for': '192.0.2.45' }))).toEqual([200, '1', null]);
      expect(window(await get(second, other))).toEqual([200, '2', null]);
      await second.advance(40);
      // The first request left; the two at +10 s remain (the refused one at +10 s never counted).
      expect(window(await get(second, key))).toEqual([200, '0', null]);
    } finally {
      await second?.close();
    }
  });

  it('a kill (SIGKILL) keeps it too, for the requests the log had written', async () => {
    const crash = crashTestServer('rate-limit-kill-');
    try {
      const { child, ready } = await crash.start();
      const dashboard = { authorization: `Bearer ${ready.dashboardToken}`, 'content-type': 'application/json' };
      const created = await fetch(`${ready.url}/dashboard/api-keys`, {
        method: 'POST', headers: dashboard, body: JSON.stringify({ name: 'limited', environment: 'test', scopes: ['contacts:read'], rateLimitPerMinute: 2 }),
      });
      const { key } = await created.json() as { key: string };
      const list = (url: string) => fetch(`${url}/v1/contacts`, { headers: { authorization: `Bearer ${key}` } });
      expect((await list(ready.url)).status).toBe(200);
      expect((await list(ready.url)).status).toBe(200);
      // Reading the log writes what it holds (entries are written in batches every 250 ms).
      const logged = await fetch(`${ready.url}/dashboard/request-log`, { headers: dashboard });
      expect(((await logged.json()) as { meta: { total: number } }).meta.total).toBe(2);
      child.kill('SIGKILL');
      await exited(child);

      const again = await crash.start();
      const refused = await list(again.ready.url);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    } finally {
      crash.cleanUp();
    }
  });
});
