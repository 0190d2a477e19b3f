// Unified send: durable `POST /v1/messages/send` (whatsapp: contact, charge, message, receipts as jobs,
// all committed) against a bare node:http server answering a POST with the same bytes, and against the
// storage floor: the HTTP library writing the same rows in the same schema with no logic at all.
// The three are measured in turn, in three rounds (each server alone on the machine while it is measured, a
// fresh database each round): this machine's speed drifts over minutes, so the ratio is taken within a round
// and the median round is the result.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dashboardClient, measure, medianOf, startChild, startServe, tempDir, type Row, type SuiteResult } from '../lib.ts';

const ROUNDS = 3;
const headersOf = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });
const body = JSON.stringify({ to: '+14155550123', channel: 'whatsapp', template: { name: 'bench_hello', languageCode: 'en', variables: { 1: 'Alice' } } });

/** Switchboard on a fresh database, set up for the send (wallet, key, an approved template), measured, stopped. */
async function measureSend(dataFile: string): Promise<{ row: Row; key: string; answer: Buffer; logged: number }> {
  const server = await startServe(dataFile);
  const { url } = server.ready;
  const dashboard = dashboardClient(server.ready);
  await dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000_000_00 });
  const { key } = await dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'bench', environment: 'test', scopes: ['whatsapp:send', 'whatsapp:templates:write'], rateLimitPerMinute: 10_000 });
  const headers = headersOf(key);
  await fetch(`${url}/v1/whatsapp/templates`, {
    method: 'POST', headers, body: JSON.stringify({ name: 'bench_hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}' }] }),
  });
  await dashboard('POST', '/sim/clock/advance', { seconds: 61 });
  const sample = await fetch(`${url}/v1/messages/send`, { method: 'POST', headers, body });
  const answer = Buffer.from(await sample.arrayBuffer());
  if (sample.status !== 200) throw new Error(`unified send answered ${sample.status}: ${answer.toString()}`);
  const row = await measure('switchboard POST /v1/messages/send (whatsapp, durable)', { url: `${url}/v1/messages/send`, method: 'POST', headers, body, rotateIp: true, server });
  const logged = (await dashboard<{ meta: { total: number } }>('GET', '/dashboard/whatsapp/logs?limit=1')).meta.total;
  await server.stop();
  return { row, key, answer, logged };
}

/** A child server given the answer file (bare node:http, or the storage floor), measured, stopped. */
async function measureChild(name: string, args: string[], headers: Record<string, string>): Promise<Row> {
  const child = await startChild<{ url: string }>(process.execPath, args);
  const row = await measure(name, { url: `${child.ready.url}/v1/messages/send`, method: 'POST', headers, body, rotateIp: true, server: child });
  await child.stop();
  return row;
}

export async function unifiedSendSuite(): Promise<SuiteResult> {
  const temp = tempDir('send');
  try {
    const rounds: Array<{ send: Row; bare: Row; floor: Row; logged: number }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { row: send, key, answer, logged } = await measureSend(join(temp.dir, `bench-${round}.db`));
      const responseFile = join(temp.dir, 'response.json');
      writeFileSync(responseFile, JSON.stringify({ status: 200, body: answer.toString('base64'), headers: { 'content-type': 'application/json; charset=utf-8' } }));
      const headers = headersOf(key);
      const bare = await measureChild('bare node:http POST, the same bytes', ['bench/bare-server.mjs', responseFile], headers);
      const floor = await measureChild('storage floor: the same rows written, no logic', ['--import', 'tsx', 'bench/storage-floor-server.ts', responseFile, join(temp.dir, `floor-${round}.db`)], headers);
      rounds.push({ send, bare, floor, logged });
    }
    const ratioOf = (r: { send: Row; bare: Row }) => r.send.reqPerSec / r.bare.reqPerSec;
    const median = medianOf(rounds, ratioOf);
    const { send, bare, floor } = median;
    const ratio = ratioOf(median);
    const each = (f: (r: (typeof rounds)[number]) => string) => rounds.map(f).join(', ');
    return {
      suite: 'unified-send',
      rows: [send, bare, floor],
      ratios: [
        { name: 'POST /v1/messages/send req/s ÷ bare node:http POST req/s', value: ratio, target: '≥ 0.15', pass: ratio >= 0.15 && rounds.every((r) => r.send.non2xx === 0) },
      ],
      notes: [
        `the median of ${ROUNDS} rounds (send, bare, floor measured in turn in each); the rounds' ratios: ${each((r) => ratioOf(r).toFixed(3))}`,
        `${median.logged.toLocaleString()} WhatsApp messages stored during the median round (each with its charge and receipt jobs)`,
        `the storage floor alone reaches ${(floor.reqPerSec / bare.reqPerSec).toFixed(3)} of bare node:http; the send reaches ${(send.reqPerSec / floor.reqPerSec).toFixed(2)} of the floor (rounds: ${each((r) => (r.send.reqPerSec / r.floor.reqPerSec).toFixed(2))})`,
        `server CPU per request: the send ${send.cpuUsPerReq ?? '?'} µs, the floor ${floor.cpuUsPerReq ?? '?'} µs, bare node:http ${bare.cpuUsPerReq ?? '?'} µs`,
      ],
    };
  } finally {
    temp.remove();
  }
}
