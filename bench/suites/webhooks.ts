// Webhooks: deliveries per second to a loopback receiver, against raw HTTP POSTs per second from one
// process to the same receiver, in one run.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { dashboardClient, startChild, tempDir, type Row, type SuiteResult } from '../lib.ts';

const EVENTS = 2_000;

export async function webhooksSuite(): Promise<SuiteResult> {
  const temp = tempDir('webhooks');
  let received = 0;
  let done: () => void = () => undefined;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200).end('ok');
      received++;
      if (received >= EVENTS) done();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    const body = JSON.stringify({ id: 'evt_x', type: 'contact.created', data: { contact: { name: 'x' } } });
    const rawStart = performance.now();
    const queue = Array.from({ length: EVENTS }, (_v, i) => i);
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (queue.pop() !== undefined) await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text();
    }));
    const rawSeconds = (performance.now() - rawStart) / 1000;
    received = 0;

    const server = await startChild<{ url: string; dashboardToken: string }>(process.execPath,
      ['--import', 'tsx', 'src-core/cli.ts', 'serve', '--port', '0', '--data', join(temp.dir, 'bench.db'), '--seed', 'none', '--json', '--allow-private-webhooks']);
    const call = dashboardClient(server.ready);
    const endpoint = await call<{ id: string }>('POST', '/dashboard/webhooks', { url, events: ['contact.created'] });
    const finished = new Promise<void>((resolve) => (done = resolve));
    const start = performance.now();
    await Promise.all(Array.from({ length: 8 }, async (_v, worker) => {
      for (let i = worker; i < EVENTS; i += 8) await call('POST', `/dashboard/webhooks/${endpoint.id}/test`, {});
    }));
    await finished;
    const seconds = (performance.now() - start) / 1000;
    await server.stop();

    const rows: Row[] = [
      { name: `switchboard: ${EVENTS} test events queued, signed and delivered`, reqPerSec: Math.round(EVENTS / seconds), p99Ms: 0, non2xx: 0 },
      { name: `raw fetch POSTs to the same receiver (8 at a time)`, reqPerSec: Math.round(EVENTS / rawSeconds), p99Ms: 0, non2xx: 0 },
    ];
    const ratio = rawSeconds / seconds;
    return {
      suite: 'webhooks', rows,
      ratios: [{ name: 'deliveries/s ÷ raw POSTs/s', value: ratio, target: '≥ 0.3', pass: ratio >= 0.3 }],
      notes: ['each delivery: a durable event and delivery row, a job, the destination check, HMAC signing, the POST and the attempt record'],
    };
  } finally {
    receiver.closeAllConnections();
    receiver.close();
    temp.remove();
  }
}
