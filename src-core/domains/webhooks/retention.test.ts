// Finished webhook deliveries are removed with their attempts 30 days after they finish, a chunk at a time and at most
// once an hour of the clock; a delivery still waiting (pending, retrying, held) stays however old. The notes of
// endpoints a 410 removed go in the same pass, 30 days after the 410.
import { afterAll, describe, expect, it } from 'vitest';
import { createClock } from '../../kernel/clock.ts';
import { migratedDb } from '../../testing/migrated-db.ts';
import { createDeliveryPruner, DELIVERY_KEEP_MS, GONE_KEEP_MS, keptSince } from './retention.ts';
import { createWebhooksStore } from './webhooks.store.ts';

const { db, remove } = migratedDb('webhooks-retention', ['org_a', 'org_b']);
afterAll(remove);
const store = createWebhooksStore(db.sql);
const START_MS = Date.parse('2026-03-01T00:00:00.000Z');
const clock = createClock({ kind: 'manual', startMs: START_MS });
const prune = createDeliveryPruner({ store, clock, log: (msg) => { throw new Error(msg); } });
const iso = (ms: number) => new Date(ms).toISOString();

/** A delivery of `status` last changed at `updatedMs`, with one attempt. */
function delivery(id: string, status: string, updatedMs: number): void {
  db.sql.prepare(`INSERT INTO webhook_deliveries (id, org_id, endpoint_id, event_id, event_type, payload, status, attempts, created_at, updated_at)
    VALUES (?, 'org_a', 'whe_1', ?, 'webhook.test', '{}', ?, 1, ?, ?)`).run(id, `evt_${id}`, status, iso(updatedMs - 60_000), iso(updatedMs));
  db.sql.prepare(`INSERT INTO webhook_attempts (delivery_id, attempt, at, request_headers) VALUES (?, 1, ?, '{}')`).run(id, iso(updatedMs - 60_000));
}
const storedIds = () => db.sql.prepare('SELECT id FROM webhook_deliveries ORDER BY id').pluck().all() as string[];
const attemptedIds = () => db.sql.prepare('SELECT DISTINCT delivery_id FROM webhook_attempts ORDER BY delivery_id').pluck().all() as string[];
const listedIds = () => store.deliveries('org_a', null, undefined, keptSince(clock), 500, 0).rows.map((row) => row.id).sort();

describe('webhook delivery retention', () => {
  it('removes finished deliveries 30 days after they finish, with their attempts; keeps pending, retrying and held ones however old', () => {
    const longAgo = START_MS - 365 * 86_400_000;
    delivery('a_pending', 'PENDING', longAgo);
    delivery('b_failed', 'FAILED', longAgo);
    delivery('c_held', 'HELD', longAgo);
    delivery('d_succeeded', 'SUCCEEDED', longAgo);
    delivery('e_exhausted', 'EXHAUSTED', START_MS - DELIVERY_KEEP_MS - 1);
    delivery('f_succeeded_29_days', 'SUCCEEDED', START_MS - 29 * 86_400_000);
    delivery('g_exhausted_30_days', 'EXHAUSTED', START_MS - DELIVERY_KEEP_MS);
    const kept = ['a_pending', 'b_failed', 'c_held', 'f_succeeded_29_days', 'g_exhausted_30_days'];
    // Listed as kept at once, before anything is removed.
    expect(listedIds()).toEqual(kept);
    expect(storedIds()).toHaveLength(7);
    prune();
    expect(storedIds()).toEqual(kept);
    expect(attemptedIds()).toEqual(kept);
  });

  it('drains a backlog 1,000 a call, then looks again only an hour of the clock later', () => {
    const insert = db.sql.transaction(() => {
      for (let i = 0; i < 2_500; i++) delivery(`old_${String(i).padStart(4, '0')}`, 'SUCCEEDED', START_MS - DELIVERY_KEEP_MS - 1);
    });
    insert();
    // An hour after the first test's look.
    clock.setTo(START_MS + 3_600_000);
    const counts: number[] = [];
    for (let call = 0; call < 4; call++) {
      prune();
      counts.push(storedIds().length);
    }
    // 1,000, 1,000, then the last 500 and the first test's 30-day one (30 days and an hour old now): a look that found
    // less than a chunk waits an hour.
    expect(counts).toEqual([1_505, 505, 4, 4]);
    delivery('h_just_old', 'SUCCEEDED', clock.now() - DELIVERY_KEEP_MS - 1);
    prune();
    expect(storedIds()).toContain('h_just_old');
    clock.setTo(clock.now() + 3_600_000);
    prune();
    expect(storedIds()).not.toContain('h_just_old');
    expect(storedIds()).toEqual(['a_pending', 'b_failed', 'c_held', 'f_succeeded_29_days']);
  });

  it("removes the notes of endpoints a 410 removed 30 days after the 410, every organization's, in the same pass", () => {
    clock.setTo(clock.now() + 3_600_000);
    const note = (endpointId: string, orgId: string, atMs: number) => store.recordGone({ endpoint_id: endpointId, org_id: orgId, url: 'https://example.com/hook', event_type: 'webhook.test', delivery_id: `whd_${endpointId}`, at: iso(atMs) });
    note('whe_year_ago', 'org_a', clock.now() - 365 * 86_400_000);
    note('whe_just_old', 'org_b', clock.now() - GONE_KEEP_MS - 1);
    note('whe_30_days', 'org_a', clock.now() - GONE_KEEP_MS);
    note('whe_29_days', 'org_b', clock.now() - 29 * 86_400_000);
    const notes = () => db.sql.prepare('SELECT endpoint_id FROM webhook_endpoints_gone ORDER BY endpoint_id').pluck().all() as string[];
    expect(notes()).toHaveLength(4);
    prune();
    expect(notes()).toEqual(['whe_29_days', 'whe_30_days']);
    // Kept exactly as long as the console's list shows them.
    expect(store.gone('org_a', iso(clock.now() - GONE_KEEP_MS), 20).map((row) => row.endpoint_id)).toEqual(['whe_30_days']);
  });
});
