// createTestServer(): a real server on 127.0.0.1 (or the `host` given) port 0, a temporary database and a manual clock. Every answer of a `/v1`
// route is checked against what /openapi.json says of it (testing/answer-check.ts): a mismatch fails the test's close.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateApiKeyInput, CreatedApiKey } from '../contract/api-keys.ts';
import { SCOPES, type Scope } from '../contract/scopes.ts';
import { createServer, type ServerOptions } from '../server.ts';
import { createAnswerChecks } from './answer-check.ts';

export const TEST_EPOCH_MS = Date.parse('2026-01-15T09:00:00.000Z');

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;

export async function createTestServer(options: Partial<ServerOptions> & { keepData?: boolean } = {}) {
  const dir = options.dataFile ? null : mkdtempSync(join(tmpdir(), 'switchboard-test-'));
  const dataFile = options.dataFile ?? join(dir as string, 'test.db');
  const logs: string[] = [];
  const answers = createAnswerChecks();
  const server = await createServer({
    clock: { kind: 'manual', startMs: TEST_EPOCH_MS }, seed: 'none', answerCheck: answers.check,
    // Kept for the test to read; a stop that hangs also says so on stderr (the test's own timeout would say nothing).
    log: (msg) => {
      logs.push(msg);
      if (msg.startsWith('stop: still waiting')) process.stderr.write(`${msg}\n`);
    },
    // On loopback unless a test listens elsewhere (every interface: `serve --host 0.0.0.0`).
    ...options, dataFile, host: options.host ?? '127.0.0.1', port: 0,
  });
  const ready = await server.listen();

  async function request(method: string, path: string, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    }
    const response = await fetch(`${ready.url}${path}`, { method, headers, body });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
    return { status: response.status, headers: response.headers, body: json as any, text };
  }

  return {
    ...ready,
    server,
    logs,
    dataFile,
    request,
    /**
     * The `/v1` answers unlike what the API document says of them (a status it does not list, a success answer unlike the
     * route's `response`, an error not in its envelope), and the routes whose success answer was checked and matched.
     */
    answers: { mismatches: answers.mismatches, matched: answers.matched },
    /** Calls a dashboard or simulator route with the dashboard token. */
    dashboard: (method: string, path: string, body?: unknown) => request(method, path, { token: ready.dashboardToken, body }),
    /** Creates an API key through the dashboard route (all scopes unless narrowed). */
    async createKey(overrides: Partial<CreateApiKeyInput> & { scopes?: Scope[]; organizationId?: string } = {}): Promise<CreatedApiKey> {
      const res = await request('POST', '/dashboard/api-keys', {
        token: ready.dashboardToken,
        body: { name: 'test key', environment: 'test', scopes: [...SCOPES], ...overrides },
      });
      if (res.status !== 201) throw new Error(`createKey failed: ${res.status} ${res.text}`);
      return res.body as CreatedApiKey;
    },
    /** What a simulated phone, mailbox or Instagram user received (GET /sim/handsets/{address}/messages), oldest first. */
    async handset(address: string, organizationId?: string) {
      const query = organizationId ? `?organizationId=${organizationId}` : '';
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
      return (await request('GET', `/sim/handsets/${address}/messages${query}`, { token: ready.dashboardToken })).body.data as any[];
    },
    advance: (seconds: number) => request('POST', '/sim/clock/advance', { token: ready.dashboardToken, body: { seconds } }),
    async close(): Promise<void> {
      await server.close();
      if (dir && !options.keepData) rmSync(dir, { recursive: true, force: true });
      // The API document must not lie: a test that saw an answer unlike it fails here, whatever it asserted.
      if (answers.mismatches.length) throw new Error(`Answers unlike /openapi.json:\n${[...new Set(answers.mismatches)].join('\n')}`);
    },
  };
}

/**
 * What a stop of `t` at this instant leaves: its database as committed, copied to `file`. `restart` starts a second
 * server on the copy, its clock where `t`'s is, or `downMs` later (the time it was down), (change the copy first to make
 * it what an older build left).
 */
export function stoppedCopy(t: TestServer, file: string): { restart(downMs?: number): Promise<TestServer> } {
  t.server.db.sql.exec(`VACUUM INTO '${file.replaceAll("'", "''")}'`);
  const stoppedAt = t.server.clock.now();
  return { restart: (downMs = 0) => createTestServer({ dataFile: file, clock: { kind: 'manual', startMs: stoppedAt + downMs } }) };
}
