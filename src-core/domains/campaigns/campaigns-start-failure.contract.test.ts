// A scheduled campaign whose start fails every attempt (here: the database refuses to move a campaign to RUNNING,
// injected by a trigger). Its last failure settles it as a dispatch that gives up is settled: every recipient fails with
// the reason and is refunded in the campaign's one refund line, and the campaign completes. Before, it stayed
// SCHEDULED, every recipient charged, for good.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

const RECIPIENTS = 6;
const REASON = /^Not sent: the campaign's scheduled start failed \(.*starting a campaign fails \(injected\)\)$/;

let t: TestServer;
let key: string;
let templateId: string;
const balance = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;
const one = (sql: string, ...args: unknown[]) => t.server.db.sql.prepare(sql).pluck().get(...args);

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  templateId = (await t.dashboard('POST', '/dashboard/whatsapp/templates', {
    name: 'summer_sale', category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'Hi {{1}}, the summer sale is on' }],
  })).body.id as string;
  await t.advance(60);
});
afterAll(() => t.close());

describe('a scheduled campaign whose start fails its last attempt', () => {
  it('fails and refunds every recipient, and completes the campaign instead of leaving it SCHEDULED and charged', async () => {
    const phones = Array.from({ length: RECIPIENTS }, (_, i) => `9198155${String(i).padStart(5, '0')}`);
    const id = (await t.request('POST', '/v1/whatsapp/campaigns', {
      token: key, body: { templateId, phones, scheduledAt: '2026-01-15T10:00:00Z', templateComponents: [{ type: 'body', parameters: [{ type: 'text', text: 'friend' }] }] },
    })).body.id as string;
    const before = await balance();
    expect((await t.request('POST', `/v1/whatsapp/campaigns/${id}/launch`, { token: key })).body).toMatchObject({ status: 'scheduled' });
    const price = (await t.request('GET', `/v1/whatsapp/campaigns/${id}`, { token: key })).body.pricePaise as number;
    expect(await balance()).toBe(before - RECIPIENTS * price);
    t.server.db.sql.exec(`CREATE TEMP TRIGGER fail_start BEFORE UPDATE OF status ON campaigns WHEN NEW.status = 'RUNNING'
      BEGIN SELECT RAISE(ABORT, 'starting a campaign fails (injected)'); END`);

    // Due at 10:00; five attempts, 2 + 4 + 8 + 16 s apart.
    await t.advance(3600);
    expect(one(`SELECT status FROM jobs WHERE type = 'campaign.start'`)).toBe('failed');
    const detail = (await t.request('GET', `/v1/whatsapp/campaigns/${id}`, { token: key })).body;
    expect(detail).toMatchObject({
      status: 'COMPLETED', startedAt: null, completedAt: expect.any(String), sentCount: 0, refundedRecipients: RECIPIENTS,
      counts: { pending: 0, sent: 0, failed: RECIPIENTS, cancelled: 0 },
    });
    expect(t.server.services.campaigns.audit(t.organizationId, id).consistent).toBe(true);
    const failures = (await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${id}/failures?limit=100`)).body.data as Array<{ reason: string; messageId: string | null }>;
    expect(failures).toHaveLength(RECIPIENTS);
    for (const failure of failures) {
      expect(failure.reason).toMatch(REASON);
      expect(failure.messageId).toBeNull();
    }
    expect((await t.request('GET', `/v1/whatsapp/campaigns/${id}/analytics`, { token: key })).body).toMatchObject({ sent: 0, failed: RECIPIENTS });

    // Refunded in the campaign's one line, as a dispatch that gives up refunds what it never handed over.
    expect(await balance()).toBe(before);
    expect(t.server.services.wallet.audit(t.organizationId).balanced).toBe(true);
    const ledger = (await t.dashboard('GET', '/dashboard/wallet/ledger?limit=5')).body.data as Array<Record<string, unknown>>;
    expect(ledger.filter((l) => l.kind === 'refund' && l.referenceId === id).map((l) => [l.channel, l.amountPaise, l.description]))
      .toEqual([['whatsapp', RECIPIENTS * price, `campaign "${detail.name}" · ${RECIPIENTS} unsent recipients · its scheduled start failed`]]);
    await t.server.bus.flush();
    // Newest first: the last progress says it completed.
    const progress = t.server.bus.recent(t.organizationId, 50).filter((e) => e.type === 'campaign.progress' && e.data.includes(id)).map((e) => JSON.parse(e.data));
    expect(progress[0]).toMatchObject({ campaignId: id, status: 'COMPLETED', failed: RECIPIENTS, pending: 0 });

    // Nothing went out, and nothing goes out once the fault is gone.
    t.server.db.sql.exec('DROP TRIGGER temp.fail_start');
    await t.advance(60);
    expect(one(`SELECT COUNT(*) FROM messages WHERE source = 'CAMPAIGN'`)).toBe(0);
    expect(one(`SELECT COUNT(*) FROM sim_handset_messages`)).toBe(0);
    expect((await t.request('GET', `/v1/whatsapp/campaigns/${id}`, { token: key })).body).toMatchObject({ status: 'COMPLETED', counts: { failed: RECIPIENTS } });
  });
});
