// Endpoints from before migration 41 name no last attempt: the migration fills it from their attempts, the latest by
// time (then by the order written), and leaves an endpoint never tried without one.
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../kernel/migrate.store.ts';
import { MIGRATIONS } from '../../migrations/index.ts';
import { migratedDb } from '../../testing/migrated-db.ts';
import { createWebhooksStore } from './webhooks.store.ts';

const { db, remove } = migratedDb('webhook-last-attempt', ['org_a'], { before: 41 });
afterAll(remove);

describe('migration 41: the last attempt on the endpoint', () => {
  it('is filled from the attempts already made', () => {
    const endpoint = db.sql.prepare(`INSERT INTO webhook_endpoints (id, org_id, url, events, secret, created_via, created_at) VALUES (?, 'org_a', 'https://example.com/h', '"*"', 's', 'api', 't')`);
    endpoint.run('whe_tried');
    endpoint.run('whe_never');
    const delivery = db.sql.prepare(`INSERT INTO webhook_deliveries (id, org_id, endpoint_id, event_id, event_type, payload, status, created_at, updated_at)
      VALUES (?, 'org_a', 'whe_tried', ?, ?, '{}', 'FAILED', 't', 't')`);
    delivery.run('whd_1', 'evt_1', 'contact.created');
    delivery.run('whd_2', 'evt_2', 'webhook.test');
    const attempt = db.sql.prepare(`INSERT INTO webhook_attempts (delivery_id, attempt, at, request_headers, response_status, error) VALUES (?, ?, ?, '{}', ?, NULL)`);
    attempt.run('whd_1', 1, '2026-01-01T00:00:00.000Z', 500);
    attempt.run('whd_2', 1, '2026-01-01T00:00:05.000Z', 200);
    // The retry of the first, later than the test: the last one made.
    attempt.run('whd_1', 2, '2026-01-01T00:00:10.000Z', 503);
    migrate(db.sql, MIGRATIONS, 't');
    const last = createWebhooksStore(db.sql).lastAttempts('org_a', '');
    expect(last).toEqual([{ endpoint_id: 'whe_tried', delivery_id: 'whd_1', event_type: 'contact.created', attempt: 2, at: '2026-01-01T00:00:10.000Z', response_status: 503, error: null }]);
  });
});
