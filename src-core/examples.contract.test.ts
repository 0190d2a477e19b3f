// The examples/ programs, run as an integrator runs them: `node examples/<name>.mjs` as a child process, with the
// README's environment variables, against `switchboard serve --seed demo --allow-private-webhooks` on a free port;
// each one's output and exit code are checked, and what it did is checked on the server too.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from './contract/scopes.ts';
import type { Ready } from './server.ts';
import { exited, startServeProcess } from './testing/serve-process.ts';

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'switchboard-examples-'));
const started: ChildProcess[] = [];
let serve: ChildProcess;
let ready: Ready;
let key: string;

async function call(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${ready.url}${path}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
  return { status: response.status, body: (response.status === 204 ? null : await response.json()) as any };
}

beforeAll(async () => {
  ({ child: serve, ready } = await startServeProcess(join(dir, 'examples.db'), { seed: 'demo', args: ['--allow-private-webhooks'] }));
  const created = await call(ready.dashboardToken, 'POST', '/dashboard/api-keys', { name: 'examples', environment: 'test', scopes: [...SCOPES], rateLimitPerMinute: 1000 });
  key = created.body.key;
});
afterAll(async () => {
  for (const child of started) child.kill('SIGKILL');
  serve.kill('SIGTERM');
  await exited(serve);
  rmSync(dir, { recursive: true, force: true });
});

type Run = {
  child: ChildProcess;
  /** The first line of stdout (printed so far or to come) matching `pattern`; rejects if the program ends without one. */
  line(pattern: RegExp): Promise<RegExpMatchArray>;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
};

/** Starts `node examples/<file> ...args` with the server's URL, the key and the dashboard token (unless `env` says otherwise). */
function runExample(file: string, args: string[] = [], env: Record<string, string | undefined> = {}): Run {
  const child = spawn(process.execPath, [join('examples', file), ...args], {
    cwd: root, stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, SWITCHBOARD_URL: ready.url, SWITCHBOARD_API_KEY: key, SWITCHBOARD_DASHBOARD_TOKEN: ready.dashboardToken, ...env },
  });
  started.push(child);
  const lines: string[] = [];
  const waiting: Array<{ pattern: RegExp; resolve: (match: RegExpMatchArray) => void }> = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    lines.push(line);
    for (const waiter of [...waiting]) {
      const match = line.match(waiter.pattern);
      if (!match) continue;
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(match);
    }
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout: lines.join('\n'), stderr })));
  return {
    child, done,
    line: (pattern) => {
      const found = lines.map((line) => line.match(pattern)).find((match) => match !== null);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        waiting.push({ pattern, resolve });
        void done.then((end) => reject(new Error(`${file} ended (${end.code}) without a line matching ${pattern}:\n${end.stdout}\n${end.stderr}`)));
      });
    },
  };
}

describe('examples/send-and-track.mjs', () => {
  it('sends a template and a unified send that falls back to SMS, shows both handsets, and the message delivered, then read', async () => {
    const { code, stdout, stderr } = await runExample('send-and-track.mjs').done;
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const wamid = /WhatsApp template sent: (wamid_\w+) \(sent\)/.exec(stdout)?.[1];
    expect(wamid).toBeDefined();
    expect(stdout).toContain('Unified send sent on sms (sms_');
    expect(stdout).toContain('  whatsapp: failed (SIM_WHATSAPP_UNAVAILABLE: The simulated handset +15005550002 has no WhatsApp account)');
    expect(stdout).toContain('  [whatsapp] from Example Store: 482913 is your verification code. It expires in 10 minutes.');
    expect(stdout).toContain('  [sms] from EXMPLE: Hi Asha, your order #1002 has shipped.');
    // The virtual clock also runs with real time, so a slow machine may see a receipt before the advance that brings it:
    // the statuses shown only move forward, and end read.
    const order = ['sent', 'delivered', 'read'];
    const shown = [...stdout.matchAll(/status:? (\w+)$/gm)].map((match) => order.indexOf(match[1] as string));
    expect(shown).toHaveLength(3);
    expect(shown).toEqual([...shown].sort());
    expect(shown.at(-1)).toBe(2);
    expect((await call(key, 'GET', `/v1/whatsapp/messages/${wamid}`)).body.status).toBe('read');
  });
});

describe('examples/webhook-receiver.mjs', () => {
  it("verifies as README's \"Receiving webhooks\" shows: its verify function, word for word", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const snippet = /```js\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Receiving webhooks')))?.[1] ?? '';
    const verify = /^function verify\([\s\S]*?^}$/m.exec(snippet)?.[0];
    expect(verify).toMatch(/timingSafeEqual/);
    expect(readFileSync(join(root, 'examples', 'webhook-receiver.mjs'), 'utf8')).toContain(verify);
  });

  it('--once: registers itself, verifies the test delivery, skips its replay as a duplicate, removes the endpoint and exits', async () => {
    const { code, stdout, stderr } = await runExample('webhook-receiver.mjs', ['--once']).done;
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const endpointId = /registered endpoint (whe_\w+)/.exec(stdout)?.[1];
    const eventId = /asked for a test delivery: event (evt_\w+)/.exec(stdout)?.[1];
    expect(stdout).toMatch(new RegExp(`^verified webhook\\.test ${eventId} \\(attempt 1\\): .*"endpointId":"${endpointId}"`, 'm'));
    expect(stdout).toContain(`duplicate ${eventId}`);
    expect(stdout).toContain(`removed endpoint ${endpointId}`);
    expect((await call(key, 'GET', `/v1/webhooks/${endpointId}`)).status).toBe(404);
  });

  it('refuses a delivery that is not signed with its secret (400), and removes its endpoint on SIGTERM', async () => {
    const run = runExample('webhook-receiver.mjs');
    const url = (await run.line(/^listening on (\S+)/))[1] as string;
    const endpointId = (await run.line(/^registered endpoint (whe_\w+)/))[1] as string;
    await run.line(/^verified webhook\.test /);
    // A wrong or stale signature, a malformed header (a `v1` without a value) or none at all: refused, never a crash.
    const now = Math.floor(Date.now() / 1000);
    const signatures = [`t=${now},v1=${'0'.repeat(64)}`, `t=${now - 301},v1=${'0'.repeat(64)}`, `t=${now},v1`, '', null];
    for (const signature of signatures) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-service-event-id': 'evt_forged' };
      if (signature !== null) headers['x-service-signature'] = signature;
      const forged = await fetch(url, { method: 'POST', headers, body: '{}' });
      expect([signature, forged.status]).toEqual([signature, 400]);
    }
    run.child.kill('SIGTERM');
    const { code, stdout } = await run.done;
    expect(code).toBe(0);
    expect(stdout.match(/^refused a delivery/gm)).toHaveLength(signatures.length);
    expect(stdout).not.toContain('evt_forged');
    expect(stdout).toContain(`removed endpoint ${endpointId}`);
    expect((await call(key, 'GET', `/v1/webhooks/${endpointId}`)).status).toBe(404);
  });
});

describe('examples/stream.mjs', () => {
  it('joins the organization with the dashboard token, follows an agent call and its transcript, and exits --until it ends', async () => {
    const run = runExample('stream.mjs', ['--until', 'voice:call.ended']);
    expect((await run.line(/^listening to (org_\w+)/))[1]).toBe(ready.organizationId);
    const agents = (await call(key, 'GET', '/v1/voice/agents')).body.data as Array<{ id: string; isActive: boolean }>;
    const agent = agents.find((candidate) => candidate.isActive);
    const placed = await call(key, 'POST', '/v1/voice/calls/outbound', { agentId: agent?.id, toNumber: '+14155550101', callContext: { name: 'Alice', orderNumber: '1001' } });
    expect(placed.status).toBe(201);
    await run.line(new RegExp(`^following the transcript of ${placed.body.id}$`));
    await call(ready.dashboardToken, 'POST', '/sim/clock/advance', { seconds: 120 });
    const { code, stdout, stderr } = await run.done;
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    for (const event of ['voice:call.initiated', 'voice:call.ringing', 'voice:call.answered']) {
      expect(stdout).toContain(`${event} {"callId":"${placed.body.id}"`);
    }
    expect(stdout).toMatch(/^voice:transcript\.chunk .*"content":"Hello Alice/m);
    expect(stdout.split('\n').at(-1)).toMatch(new RegExp(`^voice:call\\.ended \\{"callId":"${placed.body.id}","status":"COMPLETED"`));
  });

  it('is refused with an API key: the stream takes the dashboard token only', async () => {
    const { code, stderr } = await runExample('stream.mjs', [], { SWITCHBOARD_DASHBOARD_TOKEN: key, SWITCHBOARD_ORG_ID: ready.organizationId }).done;
    expect(code).toBe(1);
    expect(stderr).toContain('cannot connect to the stream: unauthorized');
  });
});

describe('examples/mcp-client.mjs', () => {
  it('connects with the key, lists the tools and finds Alice with list_contacts', async () => {
    const { code, stdout, stderr } = await runExample('mcp-client.mjs').done;
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^connected to switchboard \S+, session mcps_\w+$/m);
    expect(Number(/^(\d+) tools, among them: list_contacts/m.exec(stdout)?.[1])).toBeGreaterThanOrEqual(32);
    expect(stdout).toContain('list_contacts "alice": 1 contact(s)');
    expect(stdout).toMatch(/^ {2}cnt_\w+ Alice Johnson \+14155550101 alice@example\.com$/m);
  });

  it('says so when the key is refused (401), exit code 1', async () => {
    const { code, stderr } = await runExample('mcp-client.mjs', [], { SWITCHBOARD_API_KEY: 'sk_test_not_a_key' }).done;
    expect(code).toBe(1);
    expect(stderr).toContain('"statusCode":401');
  });
});

describe('every example', () => {
  it('names the variable it needs when it is missing (exit code 2)', async () => {
    const needs: Array<[string, string]> = [
      ['send-and-track.mjs', 'SWITCHBOARD_API_KEY'], ['send-and-track.mjs', 'SWITCHBOARD_DASHBOARD_TOKEN'],
      ['webhook-receiver.mjs', 'SWITCHBOARD_API_KEY'], ['stream.mjs', 'SWITCHBOARD_DASHBOARD_TOKEN'], ['mcp-client.mjs', 'SWITCHBOARD_API_KEY'],
    ];
    for (const [file, variable] of needs) {
      const { code, stderr } = await runExample(file, [], { [variable]: undefined }).done;
      expect([file, code, stderr.trim()]).toEqual([file, 2, `Set ${variable} (see the comment at the top of this file).`]);
    }
  });
});
