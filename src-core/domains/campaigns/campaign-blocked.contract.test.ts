// A campaign's recipients refused because their contact is blocked never become messages: the console's answers
// (dashboard token) count them apart as `blocked` (of `failed`), so its results can show them as their own figure;
// `/v1` answers as the seed does, with them in `failed` only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';
import { addSmsSale } from '../../testing/sale-fixtures.ts';

let t: TestServer;
let key: string;
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  await addSmsSale(t);
  const contact = await t.dashboard('POST', '/dashboard/contacts', { name: 'Bea Blocked', phone: '+919810070002' });
  expect((await t.dashboard('POST', `/dashboard/contacts/${contact.body.id}/block`, { reason: 'Asked to stop' })).status).toBe(200);
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

describe('blocked campaign recipients', () => {
  it('are counted apart from the failed ones in the console\'s detail, analytics and list, and stay in failed on /v1', async () => {
    // One delivered, one blocked contact (refused, no message), one handset that fails at the provider (a failed message).
    const created = await api('POST', '/v1/sms/campaigns', {
      name: 'Some blocked', messageBody: 'Big sale: 30% off today - ACME', audienceCriteria: { phones: ['+919810070001', '+919810070002', '+15005550001'] },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await api('POST', `/v1/sms/campaigns/${id}/launch`)).status).toBe(202);
    await t.advance(5);

    const v1 = (await api('GET', `/v1/sms/campaigns/${id}`)).body;
    expect([v1.status, v1.counts.sent, v1.counts.failed, v1.counts.blocked]).toEqual(['COMPLETED', 1, 2, undefined]);
    const console = (await t.dashboard('GET', `/dashboard/sms/campaigns/${id}`)).body;
    expect(console.counts).toEqual({ ...v1.counts, blocked: 1 });
    const analytics = (await t.dashboard('GET', `/dashboard/sms/campaigns/${id}/analytics`)).body;
    expect([analytics.failed, analytics.blocked]).toEqual([2, 1]);
    const row = (await t.dashboard('GET', '/dashboard/sms/campaigns')).body.data.find((c: { id: string }) => c.id === id);
    expect([row.failedCount, row.blockedCount]).toEqual([2, 1]);
    const v1Row = (await api('GET', '/v1/sms/campaigns')).body.data.find((c: { id: string }) => c.id === id);
    expect(Object.keys(v1Row)).not.toContain('blockedCount');
    // The failures list still names every recipient not reached, the blocked one with its reason.
    const failures = (await t.dashboard('GET', `/dashboard/sms/campaigns/${id}/failures`)).body.data.map((f: { address: string; reason: string }) => [f.address, f.reason]);
    expect(failures).toEqual([['+919810070002', expect.stringMatching(/^Contact Bea Blocked \(.+\) is blocked: Asked to stop$/)], ['+15005550001', expect.any(String)]]);
  });
});
