// A database from before migration 27 gains the record of endpoints a 410 removed, empty (what went before
// was never noted), its endpoints as they were; the first 410 of an endpoint is the one kept.
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../kernel/migrate.store.ts';
import { MIGRATIONS } from '../../migrations/index.ts';
import { migratedDb } from '../../testing/migrated-db.ts';
import { createWebhooksStore } from './webhooks.store.ts';

const { db, remove } = migratedDb('webhooks-migrations', ['org_a', 'org_b'], { before: 27 });
afterAll(remove);

describe('webhook endpoints from before migration 27', () => {
  it('stay as they were, and endpoints removed by a 410 are noted from then on, per organization', () => {
    db.sql.prepare(`INSERT INTO webhook_endpoints (id, org_id, url, events, secret, created_via, created_at)
      VALUES ('whe_old', 'org_a', 'https://example.org/h', '["*"]', 'whsec_x', 'api', '2026-01-01T00:00:00.000Z')`).run();
    migrate(db.sql, MIGRATIONS, 't');
    const store = createWebhooksStore(db.sql);
    expect(store.endpointById('whe_old')).toMatchObject({ url: 'https://example.org/h', is_active: 1 });
    expect(store.gone('org_a', '', 20)).toEqual([]);

    const first = { endpoint_id: 'whe_old', org_id: 'org_a', url: 'https://example.org/h', event_type: 'contact.created', delivery_id: 'whd_1', at: '2026-01-02T00:00:00.000Z' };
    store.recordGone(first);
    store.recordGone({ ...first, delivery_id: 'whd_2', at: '2026-01-02T00:00:01.000Z' });
    store.recordGone({ ...first, endpoint_id: 'whe_new', delivery_id: 'whd_3', at: '2026-01-03T00:00:00.000Z' });
    expect(store.gone('org_a', '', 20).map((g) => [g.endpoint_id, g.delivery_id])).toEqual([['whe_new', 'whd_3'], ['whe_old', 'whd_1']]);
    expect(store.gone('org_a', '2026-01-02T12:00:00.000Z', 20).map((g) => g.endpoint_id)).toEqual(['whe_new']);
    expect(store.gone('org_b', '', 20)).toEqual([]);
  });
});
