// The webhook POST: it connects to the addresses the destination check approved (a name is not looked up
// again), keeps the Host the URL names, follows no redirect, keeps the start of the answer, and times out.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_EXCERPT, pinnedLookup, post } from './post.ts';

let server: Server;
let port: number;
let seen: Array<{ host: string | undefined; body: string }> = [];
const answers: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
  '/ok': (_q, r) => r.writeHead(200).end('thanks'),
  '/moved': (_q, r) => r.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' }).end(),
  '/long': (_q, r) => r.writeHead(200).end('x'.repeat(BODY_EXCERPT * 3)),
  '/huge': (_q, r) => {
    r.writeHead(200);
    const chunk = 'y'.repeat(64 * 1024);
    const more = () => { while (r.write(chunk)); };
    r.on('drain', more);
    more();
  },
  '/silent': () => undefined,
  '/cut': (_q, r) => {
    r.writeHead(200, { 'content-length': '100' });
    r.write('partial');
    setImmediate(() => r.socket?.destroy());
  },
};

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ host: request.headers.host, body });
      answers[request.url ?? '']?.(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const headers = { 'content-type': 'application/json' };

describe('post', () => {
  it('connects to the approved address, not to what the name resolves to, and sends the Host the URL names', async () => {
    seen = [];
    // `.test` names never resolve: looked up, the name reaches nobody; pinned, the approved address is reached.
    // (Unpinned first: a connection kept open from the pinned request would otherwise serve it.)
    const unpinned = await post(`http://hooks.rebind.test:${port}/ok`, headers, '{}', { timeoutMs: 5_000, pinned: null });
    expect(unpinned).toMatchObject({ status: null, error: expect.stringMatching(/hooks\.rebind\.test/) });
    expect(seen).toEqual([]);
    const outcome = await post(`http://hooks.rebind.test:${port}/ok`, headers, '{"a":1}', { timeoutMs: 5_000, pinned: ['127.0.0.1'] });
    expect(outcome).toMatchObject({ status: 200, body: 'thanks', error: null });
    expect(seen).toEqual([{ host: `hooks.rebind.test:${port}`, body: '{"a":1}' }]);
  });

  it('follows no redirect, keeps the start of a long answer, and takes the status of an endless one', async () => {
    const pinned = ['127.0.0.1'];
    expect(await post(`http://127.0.0.1:${port}/moved`, headers, '{}', { timeoutMs: 5_000, pinned })).toMatchObject({ status: 302, error: null });
    const long = await post(`http://127.0.0.1:${port}/long`, headers, '{}', { timeoutMs: 5_000, pinned });
    expect([long.status, long.body?.length]).toEqual([200, BODY_EXCERPT]);
    const huge = await post(`http://127.0.0.1:${port}/huge`, headers, '{}', { timeoutMs: 5_000, pinned });
    expect([huge.status, huge.body?.length, huge.error]).toEqual([200, BODY_EXCERPT, null]);
  });

  it('times out, and says when the receiver hung up mid-answer', async () => {
    const silent = await post(`http://127.0.0.1:${port}/silent`, headers, '{}', { timeoutMs: 200, pinned: null });
    expect(silent).toMatchObject({ status: null, body: null, error: 'timed out after 0.2 s' });
    const cut = await post(`http://127.0.0.1:${port}/cut`, headers, '{}', { timeoutMs: 5_000, pinned: null });
    expect(cut).toMatchObject({ status: null, error: expect.any(String) });
  });
});

describe('post over https', () => {
  it('reaches the pinned address and asks for the URL\'s name (SNI), which the certificate is checked against', async () => {
    const tls = join(import.meta.dirname, '..', '..', 'testing', 'tls');
    const names: string[] = [];
    const secure = createTlsServer({
      key: readFileSync(join(tls, 'hooks.example.test.key')), cert: readFileSync(join(tls, 'hooks.example.test.crt')),
      SNICallback: (name, done) => {
        names.push(name);
        done(null);
      },
    }, (_q, r) => r.writeHead(200).end('ok'));
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    try {
      const { port: tlsPort } = secure.address() as AddressInfo;
      // The certificate is self-signed, so the handshake is refused, after the name was asked for at the pinned address.
      const outcome = await post(`https://hooks.example.test:${tlsPort}/hook`, headers, '{}', { timeoutMs: 5_000, pinned: ['127.0.0.1'] });
      expect(outcome).toMatchObject({ status: null, error: 'self-signed certificate' });
      expect(names).toEqual(['hooks.example.test']);
    } finally {
      secure.closeAllConnections();
      await new Promise((resolve) => secure.close(resolve));
    }
  });
});

describe('pinnedLookup', () => {
  it('answers the approved addresses, all or the first, in the family asked for', () => {
    const lookup = pinnedLookup(['93.184.216.34', '2606:2800:220:1::1']);
    const ask = (options: object) => new Promise((resolve) => lookup('example.test', options, (error, address, family) => resolve({ error: error?.message ?? null, address, family })));
    return Promise.all([
      expect(ask({})).resolves.toEqual({ error: null, address: '93.184.216.34', family: 4 }),
      expect(ask({ family: 6 })).resolves.toEqual({ error: null, address: '2606:2800:220:1::1', family: 6 }),
      expect(ask({ all: true })).resolves.toEqual({ error: null, address: [{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 }], family: undefined }),
      expect(pinnedLookupError()).resolves.toBe('no approved IPv6 address'),
    ]);
  });
});

function pinnedLookupError(): Promise<string | null> {
  return new Promise((resolve) => pinnedLookup(['93.184.216.34'])('example.test', { family: 6 }, (error) => resolve(error?.message ?? null)));
}
