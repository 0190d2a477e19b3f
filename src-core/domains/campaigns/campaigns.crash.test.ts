// Crash test: SIGKILL the server in the middle of a 10,000-recipient WhatsApp campaign, restart it on the
// same database, and every recipient is sent exactly once (one message, one handset delivery each) and
// the wallet balances to the paisa.
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { crashTestServer, exited } from '../../testing/serve-process.ts';
import type { Ready } from '../../server.ts';

const crash = crashTestServer('sb-campaign-crash-');
const { dataFile, start } = crash;
const RECIPIENTS = 10_000;
const PRICE = 80;
const TOP_UP = 10_000_000;

async function call(ready: Ready, method: string, path: string, body?: unknown) {
  const res = await fetch(`${ready.url}${path}`, {
    method, headers: { authorization: `Bearer ${ready.dashboardToken}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
  return { status: res.status, body: (await res.json()) as any };
}

afterAll(crash.cleanUp);

describe('campaign dispatch across a crash', () => {
  it('sends each of 10,000 recipients exactly once after SIGKILL mid-dispatch and restart, with the wallet balanced', async () => {
    const first = await start();
    await call(first.ready, 'POST', '/dashboard/wallet/top-up', { amountPaise: TOP_UP });
    const template = await call(first.ready, 'POST', '/dashboard/whatsapp/templates', {
      name: 'crash_offer', category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'Hi {{1}}, 20% off today' }],
    });
    await call(first.ready, 'POST', '/sim/clock/advance', { seconds: 61 });
    const phones = Array.from({ length: RECIPIENTS }, (_, i) => `9197${String(i).padStart(8, '0')}`);
    const created = await call(first.ready, 'POST', '/dashboard/whatsapp/campaigns', {
      templateId: template.body.id, phones, templateComponents: [{ type: 'body', parameters: [{ type: 'text', text: 'there' }] }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await call(first.ready, 'POST', `/dashboard/whatsapp/campaigns/${id}/launch`)).status).toBe(202);
    // Wait (on state) until the dispatch is well under way, then kill the process without warning.
    let sentBefore = 0;
    while (sentBefore < 1_000) sentBefore = (await call(first.ready, 'GET', `/dashboard/whatsapp/campaigns/${id}`)).body.sentCount as number;
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = await start();
    let detail = (await call(second.ready, 'GET', `/dashboard/whatsapp/campaigns/${id}`)).body;
    expect(detail.sentCount).toBeLessThan(RECIPIENTS);
    while (detail.status !== 'COMPLETED') detail = (await call(second.ready, 'GET', `/dashboard/whatsapp/campaigns/${id}`)).body;
    expect(detail).toMatchObject({ totalRecipients: RECIPIENTS, sentCount: RECIPIENTS, counts: { failed: 0, pending: 0 } });
    second.child.kill('SIGTERM');
    await exited(second.child);

    const db = new Database(dataFile, { readonly: true });
    try {
      const one = (sql: string, ...args: unknown[]) => db.prepare(sql).pluck().get(...args) as number;
      expect(one(`SELECT COUNT(*) FROM messages WHERE source = 'CAMPAIGN'`)).toBe(RECIPIENTS);
      expect(one(`SELECT COUNT(DISTINCT address) FROM messages WHERE source = 'CAMPAIGN'`)).toBe(RECIPIENTS);
      expect(one(`SELECT COUNT(*) FROM sim_handset_messages`)).toBe(RECIPIENTS);
      expect(one(`SELECT COUNT(*) FROM (SELECT address FROM sim_handset_messages GROUP BY address HAVING COUNT(*) > 1)`)).toBe(0);
      expect(one(`SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = ? AND message_id IS NOT NULL`, id)).toBe(RECIPIENTS);
      const balance = one(`SELECT balance_paise FROM wallets`);
      expect(balance).toBe(one(`SELECT SUM(amount_paise) FROM ledger`));
      expect(balance).toBe(TOP_UP - RECIPIENTS * PRICE);
    } finally {
      db.close();
    }
  }, 240_000);
});
