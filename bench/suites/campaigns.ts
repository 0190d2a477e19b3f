// Campaigns: a 10,000-recipient WhatsApp campaign from launch to every recipient sent, against a raw
// insert of the same 10,000 message rows into Switchboard's own `messages` table (its schema and
// indexes, opened as the server opens it), once as 10,000 commits (a durable write per send) and once as
// one commit; then the API's p99 while a second 10,000-recipient campaign dispatches. Three rounds, each on fresh
// databases, the median round's ratio the result (the machine's speed drifts over minutes).
import { openDb } from '../../src-core/kernel/db.ts';
import { migrate } from '../../src-core/kernel/migrate.store.ts';
import { MIGRATIONS } from '../../src-core/migrations/index.ts';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { dashboardClient, measure, medianOf, startServe, tempDir, type SuiteResult } from '../lib.ts';

const RECIPIENTS = 10_000;
const ROUNDS = 3;
const phones = (offset: number) => Array.from({ length: RECIPIENTS }, (_, i) => `9198${String(offset + i).padStart(8, '0')}`);

function rawInsert(file: string, perRowCommit: boolean): number {
  const db = openDb(file);
  migrate(db.sql, MIGRATIONS, new Date(0).toISOString());
  db.sql.pragma('foreign_keys = OFF');
  const insert = db.sql.prepare(`INSERT INTO messages (id, org_id, channel, direction, status, contact_id, conversation_id, address, sender, external_id,
    type, text, content, template_name, template_id, source, billing_amount_paise, created_at, sent_at)
    VALUES (?, 'org_1', 'whatsapp', 'outbound', 'sent', ?, ?, ?, NULL, ?, 'template', 'Hi there, 20% off today', '{"body":"Hi there, 20% off today"}',
      'bench_offer', 'wat_1', 'CAMPAIGN', 80, ?, ?)`);
  const row = (i: number) => {
    const at = new Date(1_700_000_000_000 + i).toISOString();
    insert.run(`msg_${i}`, `cnt_${i}`, `conv_${i}`, `+9198${i}`, `wamid_${i}`, at, at);
  };
  const started = performance.now();
  if (perRowCommit) for (let i = 0; i < RECIPIENTS; i++) db.tx(() => row(i));
  else db.tx(() => { for (let i = 0; i < RECIPIENTS; i++) row(i); });
  const ms = performance.now() - started;
  db.close();
  return ms;
}

/** One round: the raw inserts, then a fresh server dispatching a 10k campaign; the last round also measures the API's
 * p99 while a second 10k campaign dispatches. */
async function round(dir: string, n: number, withLoad: boolean) {
  // The baselines first, on a quiet machine: after a dispatch the server is still busy with its receipts.
  const rawCommitsMs = rawInsert(join(dir, `raw-commits-${n}.db`), true);
  const rawBatchMs = rawInsert(join(dir, `raw-batch-${n}.db`), false);
  const server = await startServe(join(dir, `bench-${n}.db`));
  try {
    const { url, dashboardToken } = server.ready;
    const headers = { authorization: `Bearer ${dashboardToken}`, 'content-type': 'application/json' };
    const call = dashboardClient(server.ready);
    await call('POST', '/dashboard/wallet/top-up', { amountPaise: 10_000_000 });
    const template = await call('POST', '/dashboard/whatsapp/templates', { name: 'bench_offer', category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'Hi {{1}}, 20% off today' }] });
    await call('POST', '/sim/clock/advance', { seconds: 61 });
    const campaign = async (offset: number) => (await call('POST', '/dashboard/whatsapp/campaigns', {
      templateId: template.id, phones: phones(offset), templateComponents: [{ type: 'body', parameters: [{ type: 'text', text: 'there' }] }],
    })).id as string;
    /** Launches and waits (polling the campaign) until every recipient is sent; returns the ms it took. */
    const dispatch = async (id: string): Promise<number> => {
      const started = performance.now();
      await call('POST', `/dashboard/whatsapp/campaigns/${id}/launch`);
      for (;;) {
        const detail = await call('GET', `/dashboard/whatsapp/campaigns/${id}`);
        if (detail.status === 'COMPLETED') {
          if (detail.sentCount !== RECIPIENTS) throw new Error(`campaign completed with ${String(detail.sentCount)} sent`);
          return performance.now() - started;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const dispatchMs = await dispatch(await campaign(0));
    if (!withLoad) return { rawCommitsMs, rawBatchMs, dispatchMs, load: null };
    const list = { url: `${url}/dashboard/whatsapp/campaigns?limit=5`, headers, connections: 4, seconds: 4 };
    const idle = await measure('GET /dashboard/whatsapp/campaigns (idle)', list);
    const second = await campaign(RECIPIENTS);
    const [busy, secondMs] = await Promise.all([measure('GET /dashboard/whatsapp/campaigns during a 10k dispatch', list), dispatch(second)]);
    return { rawCommitsMs, rawBatchMs, dispatchMs, load: { idle, busy, secondMs } };
  } finally {
    await server.stop();
  }
}

export async function campaignsSuite(): Promise<SuiteResult> {
  const temp = tempDir('campaigns');
  try {
    const rounds: Array<Awaited<ReturnType<typeof round>>> = [];
    for (let n = 0; n < ROUNDS; n++) rounds.push(await round(temp.dir, n, n === ROUNDS - 1));
    const ratioOf = (r: (typeof rounds)[number]) => r.dispatchMs / r.rawCommitsMs;
    const median = medianOf(rounds, ratioOf);
    const { idle, busy, secondMs } = rounds[ROUNDS - 1]?.load ?? {};
    if (!idle || !busy || secondMs === undefined) throw new Error('the last round measured no load');
    const ratio = ratioOf(median);
    return {
      suite: 'campaigns',
      rows: [idle, busy],
      ratios: [
        { name: `10k-recipient campaign dispatch ÷ 10k raw message-row inserts, one commit each (${Math.round(median.dispatchMs)} ms ÷ ${Math.round(median.rawCommitsMs)} ms)`, value: ratio, target: '≤ 5', pass: ratio <= 5 },
        { name: 'API p99 (ms) while a 10k-recipient campaign dispatches', value: busy.p99Ms, target: '< 50', pass: busy.p99Ms < 50 && busy.non2xx === 0 },
      ],
      notes: [
        `the median of ${ROUNDS} rounds (raw inserts and a dispatch on a fresh database in turn in each); the rounds' ratios: ${rounds.map((r) => ratioOf(r).toFixed(2)).join(', ')}`,
        `dispatch: ${Math.round(RECIPIENTS / (median.dispatchMs / 1000)).toLocaleString()} recipients/s; the same 10k rows in one commit take ${Math.round(median.rawBatchMs)} ms (dispatch ÷ that: ${(median.dispatchMs / median.rawBatchMs).toFixed(1)})`,
        `each recipient: contact created, conversation, message row, charge already reserved, simulated delivery with two receipt jobs and an engagement job, outbox events`,
        `the second campaign (last round) took ${Math.round(secondMs)} ms under the API load`,
      ],
    };
  } finally {
    temp.remove();
  }
}
