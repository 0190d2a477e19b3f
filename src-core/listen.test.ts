// `cli listen` as a developer runs it: finds the running server from its data file, registers a
// development endpoint, prints the secret and each delivery with the receiver's answer, cleans up on Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'sb-listen-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});
const node = (args: string[]) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-core/cli.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const lines: string[] = [];
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const waiters: Array<[RegExp, (line: string) => void]> = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    lines.push(line);
    for (const [pattern, resolve] of [...waiters]) if (pattern.test(line)) resolve(line);
  });
  const line = (pattern: RegExp) => new Promise<string>((resolve) => {
    const found = lines.find((l) => pattern.test(l));
    if (found) resolve(found);
    else waiters.push([pattern, resolve]);
  });
  return { child, line, lines, stderr };
};

type Ready = { url: string; dashboardToken: string };
let receiver: Server;
let target: string;
let ready: Ready;
let data: string;
beforeAll(async () => {
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(202).end('thanks'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  data = join(dir, 'listen.db');
  const serve = node(['serve', '--port', '0', '--data', data, '--seed', 'none', '--json', '--allow-private-webhooks']);
  ready = JSON.parse(await serve.line(/^\{/)) as Ready;
});
afterAll(() => {
  receiver.close();
});

/** How the child ended, once its output has been read to the end. */
const exitOf = (child: ChildProcess) => new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
  child.once('close', (code, signal) => resolve({ code, signal }));
});
const endpoint = (id: string) => fetch(`${ready.url}/dashboard/webhooks/${id}`, { headers: { authorization: `Bearer ${ready.dashboardToken}` } });
async function startListen(server = ['--data', data]) {
  const listen = node(['listen', '--forward-to', target, ...server]);
  const secretLine = await listen.line(/signing secret/);
  expect(secretLine).toMatch(/whsec_/);
  return { ...listen, endpointId: /endpoint (whe_\w+)/.exec(secretLine)?.[1] as string };
}

describe('cli listen', () => {
  it('forwards deliveries to a local receiver and prints them', async () => {
    const listen = await startListen();
    await fetch(`${ready.url}/dashboard/webhooks/${listen.endpointId}/test`, { method: 'POST', headers: { authorization: `Bearer ${ready.dashboardToken}`, 'content-type': 'application/json' }, body: '{}' });
    expect(await listen.line(/--> webhook\.test \[evt_/)).toContain('attempt 1');
    expect(await listen.line(/<-- \[202\] POST/)).toContain(target);
    const exited = exitOf(listen.child);
    listen.child.kill('SIGINT');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect((await endpoint(listen.endpointId)).status).toBe(404);
  }, 60_000);

  it('a second Ctrl-C (npm run forwards one more) or a SIGTERM while the endpoint is being removed does not cut the removal short', async () => {
    const listen = await startListen();
    const exited = exitOf(listen.child);
    listen.child.kill('SIGINT');
    await listen.line(/^Stopping: removing the development endpoint/);
    listen.child.kill('SIGINT');
    listen.child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(await listen.line(/^Removed/)).toBe(`Removed the development endpoint ${listen.endpointId}`);
    expect((await endpoint(listen.endpointId)).status).toBe(404);
  }, 60_000);

  // A stub server: creates the endpoint, then answers its DELETE with a 500, or never (`hang`).
  const removalRefused = async (deleteAnswer: 'error' | 'hang', expected: string) => {
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        if (request.method === 'POST') response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"whe_kept","secret":"whsec_kept"}');
        else if (deleteAnswer === 'error') response.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"Internal error"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const listen = await startListen(['--server', url, '--token', 'dsh_test', '--org', 'org_test']);
      const exited = exitOf(listen.child);
      listen.child.kill('SIGINT');
      expect(await exited).toEqual({ code: 1, signal: null });
      expect(listen.stderr.join('')).toContain(`error: could not remove the development endpoint whe_kept (${expected})`);
      expect(listen.lines.filter((line) => line.startsWith('Removed'))).toEqual([]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  };
  it('says so, and exits 1, when the server does not remove the endpoint', () => removalRefused('error', 'the server answered 500'), 60_000);
  it('gives up on a server that does not answer the removal, and exits 1 (further signals are ignored meanwhile)', () => removalRefused('hang', 'no answer in 5 s'), 60_000);
});
