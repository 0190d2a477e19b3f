// Webhooks: deliveries per second to a loopback receiver, against raw HTTP POSTs per second from one
// process to the same receiver, in one run. Both sides are warmed up first (a cold client or server spends
// its first thousand requests compiling): raw POSTs through fetch (the target's baseline) and through
// node:http with kept-alive connections (the cheapest client, shown for reference).
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { dashboardClient, startChild, tempDir, type Row, type SuiteResult } from '../lib.ts';

const EVENTS = 2_000;
const WARM_UP_EVENTS = 500;
const AT_ONCE = 8;

/** Runs `count` calls of `post`, `AT_ONCE` at a time; answers the seconds it took. */
async function timed(count: number, post: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  let left = count;
  await Promise.all(Array.from({ length: AT_ONCE }, async () => {
    while (left-- > 0) await post();
  }));
  return (performance.now() - start) / 1000;
}

export async function webhooksSuite(): Promise<SuiteResult> {
  const temp = tempDir('webhooks');
  let received = 0;
  let expected = 0;
  let done: () => void = () => undefined;
  const receiver = createServer((incoming, response) => {
    incoming.resume();
    incoming.on('end', () => {
      response.writeHead(200).end('ok');
      if (++received === expected) done();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  /** Resolves once the receiver has had `count` more requests. */
  const receive = (count: number) => {
    received = 0;
    expected = count;
    return new Promise<void>((resolve) => (done = resolve));
  };
  try {
    const body = JSON.stringify({ id: 'evt_x', type: 'contact.created', data: { contact: { name: 'x' } } });
    const headers = { 'content-type': 'application/json' };
    const fetchPost = async () => (await fetch(url, { method: 'POST', headers, body })).text();
    const agent = new Agent({ keepAlive: true });
    const httpPost = () => new Promise<void>((resolve, reject) => {
      const out = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
        response.resume();
        response.on('end', resolve);
      });
      out.on('error', reject);
      out.end(body);
    });
    await timed(EVENTS, fetchPost);
    const fetchSeconds = await timed(EVENTS, fetchPost);
    await timed(EVENTS, httpPost);
    const httpSeconds = await timed(EVENTS, httpPost);
    agent.destroy();

    const server = await startChild<{ url: string; dashboardToken: string }>(process.execPath,
      ['--import', 'tsx', 'src-core/cli.ts', 'serve', '--port', '0', '--data', join(temp.dir, 'bench.db'), '--seed', 'none', '--json', '--allow-private-webhooks']);
    const call = dashboardClient(server.ready);
    const endpoint = await call<{ id: string }>('POST', '/dashboard/webhooks', { url, events: ['contact.created'] });
    const test = () => call('POST', `/dashboard/webhooks/${endpoint.id}/test`, {});
    const warm = receive(WARM_UP_EVENTS);
    await timed(WARM_UP_EVENTS, test);
    await warm;
    const delivered = receive(EVENTS);
    const start = performance.now();
    await timed(EVENTS, test);
    await delivered;
    const seconds = (performance.now() - start) / 1000;
    await server.stop();

    const perSecond = (s: number): number => Math.round(EVENTS / s);
    const rows: Row[] = [
      { name: `switchboard: ${EVENTS} test events queued, signed and delivered`, reqPerSec: perSecond(seconds), p99Ms: 0, non2xx: 0 },
      { name: `raw fetch POSTs to the same receiver (${AT_ONCE} at a time)`, reqPerSec: perSecond(fetchSeconds), p99Ms: 0, non2xx: 0 },
      { name: `raw node:http POSTs, kept-alive (${AT_ONCE} at a time)`, reqPerSec: perSecond(httpSeconds), p99Ms: 0, non2xx: 0 },
    ];
    const ratio = fetchSeconds / seconds;
    return {
      suite: 'webhooks', rows,
      ratios: [
        { name: 'deliveries/s ÷ raw fetch POSTs/s', value: ratio, target: '≥ 0.3', pass: ratio >= 0.3 },
        { name: 'deliveries/s ÷ raw node:http POSTs/s', value: httpSeconds / seconds, target: 'informative', pass: true },
      ],
      notes: [
        'each delivery: a dashboard request that queues it, a durable event and delivery row, a job, the destination check, HMAC signing, the POST and the attempt record',
        `both sides warmed up first (${EVENTS} raw POSTs of each kind, ${WARM_UP_EVENTS} deliveries)`,
      ],
    };
  } finally {
    receiver.closeAllConnections();
    receiver.close();
    temp.remove();
  }
}
