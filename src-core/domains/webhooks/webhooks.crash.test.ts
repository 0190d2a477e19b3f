// Crash test: SIGKILL the server during a burst of 1,000 events, restart it on the same database, and
// every (event, endpoint) pair is delivered at least once, with its original event id.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServeProcess } from '../../testing/serve-process.ts';
import type { Ready } from '../../server.ts';

const dir = mkdtempSync(join(tmpdir(), 'sb-crash-'));
const dataFile = join(dir, 'crash.db');
const children: ChildProcess[] = [];

async function start(): Promise<{ child: ChildProcess; ready: Ready }> {
  const started = await startServeProcess(dataFile, { args: ['--allow-private-webhooks'] });
  children.push(started.child);
  return started;
}
const call = (ready: Ready, method: string, path: string, body: unknown) => fetch(`${ready.url}${path}`, {
  method, headers: { authorization: `Bearer ${ready.dashboardToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
});

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('webhook delivery across a crash', () => {
  it('delivers every (event, endpoint) pair at least once after SIGKILL and restart', async () => {
    const seen = new Map<string, string>();
    // Once 50 are seen the receiver holds what comes, unanswered, until the server is killed: a backlog of undelivered
    // events then builds for certain. A slow receiver alone left it to the race of requests and deliveries: 53 created
    // for 50 seen at the kill under load, 51 with a faster receiver, and none when the requests are the slower.
    let holdPast50 = true;
    const holding = (): boolean => holdPast50 && seen.size >= 50;
    const held: ServerResponse[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const event = JSON.parse(body) as { id: string; data: { contact: { name: string } } };
        if (holding()) {
          held.push(response);
          return;
        }
        setTimeout(() => {
          seen.set(event.data.contact.name, event.id);
          response.writeHead(200).end('ok');
        }, 20);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    try {
      const first = await start();
      expect((await call(first.ready, 'POST', '/dashboard/webhooks', { url, events: ['contact.created'] })).status).toBe(201);
      const created: string[] = [];
      let killed = false;
      const burst = (async () => {
        for (let i = 0; i < 1000 && !killed; i++) {
          const res = await call(first.ready, 'POST', '/dashboard/contacts', { name: `Person ${i}` }).catch(() => null);
          if (res?.status === 201) created.push(`Person ${i}`);
        }
      })();
      // Killed with 50 created and not yet delivered (a delivery answered a moment before the hold still adds to `seen`).
      while (!holding() || created.length < seen.size + 50) await new Promise((resolve) => setImmediate(resolve));
      first.child.kill('SIGKILL');
      killed = true;
      await burst;
      expect(created.length).toBeGreaterThan(seen.size);
      // The held requests were the killed server's: the restarted one delivers them again, and is answered.
      holdPast50 = false;
      for (const response of held.splice(0)) response.destroy();

      const second = await start();
      for (let i = created.length; i < 1000; i++) await call(second.ready, 'POST', '/dashboard/contacts', { name: `Person ${i}` });
      const expected = created.length + (1000 - created.length);
      while (seen.size < expected) await new Promise((resolve) => setImmediate(resolve));
      expect(seen.size).toBe(1000);
      const eventIds = new Set(seen.values());
      expect(eventIds.size).toBe(1000);
      second.child.kill('SIGTERM');
    } finally {
      receiver.closeAllConnections();
      receiver.close();
    }
  }, 180_000);
});
