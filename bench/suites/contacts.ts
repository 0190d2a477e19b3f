// Contacts: an authenticated `GET /v1/contacts?limit=50` over 100,000 contacts, against a bare node:http
// server answering the same bytes; and search through the trigram index. The list and the bare server are measured
// in turn, in three rounds (both started, each alone busy while measured): this machine's speed drifts by ±15% over
// a minute, so one measurement of each put the ratio anywhere from 0.205 to 0.287 for the same code; the median round's
// ratio is the result.
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dashboardClient, measure, medianOf, startChild, startServe, tempDir, type Row, type SuiteResult } from '../lib.ts';

const CONTACTS = 100_000;
const ROUNDS = 3;
const FIRST = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Liam', 'Sofia', 'Noah', 'Emma', 'Mateo', 'Chloe', 'Ravi', 'Neha', 'Omar', 'Yuki', 'Zara', 'Ivan'];
const LAST = ['Sharma', 'Patel', 'Iyer', 'Reddy', 'Gupta', 'Nair', 'Khan', 'Garcia', 'Muller', 'Okafor', 'Tanaka', 'Costa', 'Dubois', 'Novak'];

function fill(dataFile: string, orgId: string): void {
  const db = new Database(dataFile);
  const insert = db.prepare(`INSERT INTO contacts (id, org_id, username, name, email, phone, source, tags, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  db.transaction(() => {
    for (let i = 0; i < CONTACTS; i++) {
      const first = FIRST[i % FIRST.length] as string;
      const last = LAST[(i * 7) % LAST.length] as string;
      const at = new Date(base + i * 1000).toISOString();
      insert.run(`cnt_bench${String(i).padStart(15, '0')}`, orgId, `${first}.${last}${i}`.toLowerCase(), `${first} ${last}`,
        `${first}.${last}.${i}@example.com`.toLowerCase(), `+9198${String(10_000_000 + i).padStart(8, '0')}`, 'whatsapp', '["customer"]', at, at);
    }
  })();
  db.close();
}

function plan(dataFile: string): string {
  const db = new Database(dataFile, { readonly: true });
  const rows = db.prepare(`EXPLAIN QUERY PLAN SELECT c.* FROM contacts_fts f JOIN contacts c ON c.rowid = f.rowid
    WHERE c.org_id = ? AND contacts_fts MATCH ? ORDER BY f.rowid DESC LIMIT 50`).all('org', '"sharma"') as Array<{ detail: string }>;
  db.close();
  return rows.map((r) => r.detail).join(' | ');
}

export async function contactsSuite(): Promise<SuiteResult> {
  const temp = tempDir('contacts');
  const dataFile = join(temp.dir, 'bench.db');
  try {
    const first = await startServe(dataFile);
    const orgId = first.ready.organizationId;
    await first.stop();
    fill(dataFile, orgId);

    const server = await startServe(dataFile);
    const { url } = server.ready;
    const { key } = await dashboardClient(server.ready)<{ key: string }>('POST', '/dashboard/api-keys', { name: 'bench', environment: 'test', scopes: ['contacts:read'], rateLimitPerMinute: 10_000 });
    const auth = { authorization: `Bearer ${key}` };
    const sample = await fetch(`${url}/v1/contacts?limit=50`, { headers: auth });
    const body = Buffer.from(await sample.arrayBuffer());
    const total = (JSON.parse(body.toString()) as { meta: { total: number } }).meta.total;
    const responseFile = join(temp.dir, 'response.json');
    writeFileSync(responseFile, JSON.stringify({
      status: sample.status, body: body.toString('base64'),
      headers: { 'content-type': sample.headers.get('content-type'), 'x-ratelimit-limit': '10000', 'x-ratelimit-remaining': '9999' },
    }));

    const bare = await startChild<{ url: string }>(process.execPath, ['bench/bare-server.mjs', responseFile]);
    const rounds: Array<{ list: Row; baseline: Row }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const list = await measure('switchboard GET /v1/contacts?limit=50 (100k contacts)', { url: `${url}/v1/contacts?limit=50`, headers: auth, rotateIp: true });
      const baseline = await measure('bare node:http, the same bytes', { url: `${bare.ready.url}/v1/contacts?limit=50`, headers: auth, rotateIp: true });
      rounds.push({ list, baseline });
    }
    await bare.stop();
    const ratioOf = (r: (typeof rounds)[number]) => r.list.reqPerSec / r.baseline.reqPerSec;
    const { list, baseline } = medianOf(rounds, ratioOf);
    let pageNumber = 0;
    const walk = await measure('switchboard GET /v1/contacts?limit=50&page=1..2000 (every page once)', {
      url: `${url}/v1/contacts`, headers: auth, rotateIp: true, path: () => `/v1/contacts?limit=50&page=${(pageNumber++ % 2000) + 1}`,
    });
    const search = await measure('switchboard GET /v1/contacts?limit=50&search=sharma', { url: `${url}/v1/contacts?limit=50&search=sharma`, headers: auth, rotateIp: true });
    const phone = await measure('switchboard GET /v1/contacts?limit=50&search=98100123', { url: `${url}/v1/contacts?limit=50&search=98100123`, headers: auth, rotateIp: true });
    await server.stop();

    const ratio = list.reqPerSec / baseline.reqPerSec;
    return {
      suite: 'contacts',
      rows: [list, baseline, walk, search, phone],
      ratios: [
        { name: 'GET /v1/contacts req/s ÷ bare node:http req/s', value: ratio, target: '≥ 0.25', pass: ratio >= 0.25 && rounds.every((r) => r.list.non2xx === 0) },
        { name: 'walking every page (no answer twice) req/s ÷ bare node:http req/s', value: walk.reqPerSec / baseline.reqPerSec, target: 'informative', pass: walk.non2xx === 0 },
        { name: 'search (trigram) req/s ÷ plain list req/s', value: search.reqPerSec / list.reqPerSec, target: 'informative', pass: search.non2xx === 0 },
      ],
      notes: [
        `${total.toLocaleString()} contacts in the database; response ${body.length} bytes`,
        `the median of ${ROUNDS} rounds (the list and bare node:http in turn in each); the rounds' ratios: ${rounds.map((r) => ratioOf(r).toFixed(3)).join(', ')}`,
        'a repeated page or search is served from the list cache (valid until any contact changes); walking every page measures the uncached path, deep OFFSETs included',
        `search plan: ${plan(dataFile)}`,
      ],
    };
  } finally {
    temp.remove();
  }
}
