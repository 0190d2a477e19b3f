// `cli listen` as a developer runs it: finds the running server from its data file, registers a
// development endpoint, prints the secret and each delivery with the receiver's answer, cleans up on Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

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
  return { child, line, lines };
};

describe('cli listen', () => {
  it('forwards deliveries to a local receiver and prints them', async () => {
    const receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(202).end('thanks'));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
    const data = join(dir, 'listen.db');
    try {
      const serve = node(['serve', '--port', '0', '--data', data, '--seed', 'none', '--json', '--allow-private-webhooks']);
      const ready = JSON.parse(await serve.line(/^\{/)) as { url: string; dashboardToken: string };
      const listen = node(['listen', '--forward-to', target, '--data', data]);
      const secretLine = await listen.line(/signing secret/);
      expect(secretLine).toMatch(/whsec_/);
      const endpointId = /endpoint (whe_\w+)/.exec(secretLine)?.[1] as string;
      await fetch(`${ready.url}/dashboard/webhooks/${endpointId}/test`, { method: 'POST', headers: { authorization: `Bearer ${ready.dashboardToken}`, 'content-type': 'application/json' }, body: '{}' });
      expect(await listen.line(/--> webhook\.test \[evt_/)).toContain('attempt 1');
      expect(await listen.line(/<-- \[202\] POST/)).toContain(target);
      const exited = new Promise<number | null>((resolve) => listen.child.once('exit', resolve));
      listen.child.kill('SIGINT');
      expect(await exited).toBe(0);
      const left = await fetch(`${ready.url}/dashboard/webhooks/${endpointId}`, { headers: { authorization: `Bearer ${ready.dashboardToken}` } });
      expect(left.status).toBe(404);
      serve.child.kill('SIGTERM');
    } finally {
      receiver.close();
    }
  }, 60_000);
});
