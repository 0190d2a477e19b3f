// A stop (what SIGTERM runs: the server's close) with clients holding keep-alive connections: an idle one is closed
// at once, and one whose request is still being answered (its handler still running, or its answer still being sent)
// gets its whole answer, then is closed too, so the stop never waits for the keep-alive timeout of a connection nobody
// will use again (72 s: the test would time out first), nor for a client that stopped reading (past a grace, cut).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelProvider, ProviderOutcome } from './domains/messaging/index.ts';
import { createTestServer, type TestServer } from './testing/test-server.ts';

/** SMS sends the provider holds until the test answers them, and who waits for the first. */
const held: Array<(deliver: boolean) => void> = [];
let heldWaiter: (() => void) | null = null;
const STOPPED: ProviderOutcome = { ok: false, code: 'STOPPED', message: 'the test ended' };
const holding = (simulated: ChannelProvider): ChannelProvider => ({
  send: (message) => new Promise((resolve) => {
    held.push((deliver) => resolve(deliver ? simulated.send(message) : STOPPED));
    heldWaiter?.();
  }),
});

let agent: Agent;
let t: TestServer | null = null;
afterEach(async () => {
  agent.destroy();
  for (const answer of held.splice(0)) answer(false);
  await t?.close();
  t = null;
});

/** A request through `agent` (keep-alive, one socket): its answer and the socket it went on. */
function call(server: TestServer, method: string, path: string, init: { token?: string; body?: unknown } = {}): Promise<{ res: IncomingMessage; text: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
    const headers = { authorization: `Bearer ${init.token ?? server.dashboardToken}`, ...(payload ? { 'content-type': 'application/json' } : {}) };
    const req = httpRequest(`${server.url}${path}`, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ res, text, socket: req.socket as Socket }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}
const closed = (socket: Socket): Promise<void> => new Promise((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));
/** Resolves once the server no longer takes connections (its listener is closed): a new one is refused. */
async function listenerClosed(server: TestServer): Promise<void> {
  const { port } = new URL(server.url);
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const probe = connect(Number(port), '127.0.0.1');
      probe.once('connect', () => (probe.destroy(), resolve(false)));
      probe.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('a stop with keep-alive connections open', () => {
  it('closes an idle keep-alive connection and resolves', async () => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    t = await createTestServer();
    const { res, socket } = await call(t, 'GET', '/dashboard/wallet');
    expect([res.statusCode, res.headers.connection]).toEqual([200, 'keep-alive']);
    expect(socket.destroyed).toBe(false);
    const socketClosed = closed(socket);
    await t.server.close();
    await socketClosed;
  });

  it('lets a request in flight finish, then closes its connection instead of keeping it alive, and resolves', async () => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    t = await createTestServer({ providers: (simulated) => ({ ...simulated, sms: holding(simulated.sms) }) });
    await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 10_000 });
    await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' });
    await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Shipped', dltTemplateId: '1207160000000000001', body: 'Your order {#var#} has shipped - ACME' });
    await t.advance(60);
    const key = (await t.createKey()).key;

    // The connection is in use (a send waits for its provider) when the stop begins.
    const reached = new Promise<void>((resolve) => (heldWaiter = resolve));
    const answered = call(t, 'POST', '/v1/sms/send', { token: key, body: { senderId: 'ACMEIN', to: ['+14155550901'], message: 'Your order #1 has shipped - ACME' } });
    await reached;
    const stopped = t.server.close();
    await listenerClosed(t);
    // The provider answers only now, after the listener closed (and its idle connections with it).
    for (const answer of held.splice(0)) answer(true);

    const { res, text, socket } = await answered;
    expect([res.statusCode, JSON.parse(text).status]).toEqual([200, 'sent']);
    expect(res.headers.connection).toBe('close');
    await closed(socket);
    await stopped;
  });

  it('closes a connection whose answer began before the stop (headers already sent, keep-alive) once that answer is sent', async () => {
    await withBigAsset(async (consoleDir, size) => {
      t = await createTestServer({ consoleDir });
      const { res, socket, received } = await download(t, '/assets/big.js');
      expect([res.statusCode, res.headers.connection]).toEqual([200, 'keep-alive']);
      const stopped = t.server.close();
      await listenerClosed(t);
      res.resume();
      expect(await received).toBe(size);
      await closed(socket);
      await stopped;
      expect(t.logs.filter((line) => line.startsWith('stop:'))).toEqual([]);
    });
  });

  it('cuts, after its grace, the connection of an answer whose client stopped reading, and resolves', async () => {
    // The client reads nothing more (a player paused on a recording): the answer is never all sent, so a stop that
    // waited for it never ended (SIGTERM hung; a test's close timed out when a fetch's unread body was not yet collected).
    await withBigAsset(async (consoleDir, size) => {
      t = await createTestServer({ consoleDir, stopGraceMs: 200 });
      const { res, socket, received } = await download(t, '/assets/big.js');
      expect(res.statusCode).toBe(200);
      await t.server.close();
      // What the socket held is read, then the connection is found cut.
      res.resume();
      expect(await received).toBeLessThan(size);
      await closed(socket);
      expect(t.logs.filter((line) => line.startsWith('stop:'))).toEqual(['stop: answers still being sent 200 ms after the stop began had their connections cut']);
    });
  });
});

/** Runs `test` with a console whose asset `assets/big.js` is larger than the socket buffers (64 MiB). */
async function withBigAsset(test: (consoleDir: string, size: number) => Promise<void>): Promise<void> {
  const consoleDir = mkdtempSync(join(tmpdir(), 'sb-keep-alive-console-'));
  mkdirSync(join(consoleDir, 'assets'));
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html>');
  const size = 64 * 1024 * 1024;
  writeFileSync(join(consoleDir, 'assets', 'big.js'), Buffer.alloc(size, 97));
  try {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    await test(consoleDir, size);
  } finally {
    rmSync(consoleDir, { recursive: true, force: true });
  }
}

/** A GET through `agent` whose answer the client pauses as soon as its headers arrive: `received` counts what is read after a resume. */
function download(server: TestServer, path: string): Promise<{ res: IncomingMessage; socket: Socket; received: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { agent }, (answer) => {
      answer.pause();
      resolve({
        res: answer, socket: req.socket as Socket,
        received: new Promise((done) => {
          let bytes = 0;
          answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
          answer.on('end', () => done(bytes));
          answer.on('close', () => done(bytes));
        }),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
