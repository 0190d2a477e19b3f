// Unified send: durable `POST /v1/messages/send` (whatsapp: contact, charge, message, receipts as jobs,
// all committed) against a bare node:http server answering a POST with the same bytes, and against the
// storage floor: the HTTP library writing the same rows in the same schema with no logic at all.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dashboardClient, measure, startChild, startServe, tempDir, type SuiteResult } from '../lib.ts';

export async function unifiedSendSuite(): Promise<SuiteResult> {
  const temp = tempDir('send');
  try {
    const server = await startServe(join(temp.dir, 'bench.db'));
    const { url } = server.ready;
    const dashboard = dashboardClient(server.ready);
    await dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000_000_00 });
    const { key } = await dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'bench', environment: 'test', scopes: ['whatsapp:send', 'whatsapp:templates:write'], rateLimitPerMinute: 10_000 });
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    await fetch(`${url}/v1/whatsapp/templates`, {
      method: 'POST', headers, body: JSON.stringify({ name: 'bench_hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}' }] }),
    });
    await dashboard('POST', '/sim/clock/advance', { seconds: 61 });
    const body = JSON.stringify({ to: '+14155550123', channel: 'whatsapp', template: { name: 'bench_hello', languageCode: 'en', variables: { 1: 'Alice' } } });
    const sample = await fetch(`${url}/v1/messages/send`, { method: 'POST', headers, body });
    const answer = Buffer.from(await sample.arrayBuffer());
    if (sample.status !== 200) throw new Error(`unified send answered ${sample.status}: ${answer.toString()}`);

    const send = await measure('switchboard POST /v1/messages/send (whatsapp, durable)', { url: `${url}/v1/messages/send`, method: 'POST', headers, body, rotateIp: true, server });
    const logged = (await dashboard<{ meta: { total: number } }>('GET', '/dashboard/whatsapp/logs?limit=1')).meta.total;
    await server.stop();

    const responseFile = join(temp.dir, 'response.json');
    writeFileSync(responseFile, JSON.stringify({ status: 200, body: answer.toString('base64'), headers: { 'content-type': 'application/json; charset=utf-8' } }));
    const bare = await startChild<{ url: string }>(process.execPath, ['bench/bare-server.mjs', responseFile]);
    const baseline = await measure('bare node:http POST, the same bytes', { url: `${bare.ready.url}/v1/messages/send`, method: 'POST', headers, body, rotateIp: true, server: bare });
    await bare.stop();

    const floorServer = await startChild<{ url: string }>(process.execPath, ['--import', 'tsx', 'bench/storage-floor-server.ts', responseFile, join(temp.dir, 'floor.db')]);
    const floor = await measure('storage floor: the same rows written, no logic', { url: `${floorServer.ready.url}/v1/messages/send`, method: 'POST', headers, body, rotateIp: true, server: floorServer });
    await floorServer.stop();

    const ratio = send.reqPerSec / baseline.reqPerSec;
    return {
      suite: 'unified-send',
      rows: [send, baseline, floor],
      ratios: [
        { name: 'POST /v1/messages/send req/s ÷ bare node:http POST req/s', value: ratio, target: '≥ 0.15', pass: ratio >= 0.15 && send.non2xx === 0 },
      ],
      notes: [
        `${logged.toLocaleString()} WhatsApp messages stored during the run (each with its charge and receipt jobs)`,
        `the storage floor alone reaches ${(floor.reqPerSec / baseline.reqPerSec).toFixed(3)} of bare node:http; the send reaches ${(send.reqPerSec / floor.reqPerSec).toFixed(2)} of the floor`,
        `server CPU per request: the send ${send.cpuUsPerReq ?? '?'} µs, the floor ${floor.cpuUsPerReq ?? '?'} µs, bare node:http ${baseline.cpuUsPerReq ?? '?'} µs`,
      ],
    };
  } finally {
    temp.remove();
  }
}
