// The active endpoints every event is fanned out against are cached, and the cache never outlives a change:
// one made through the store, one made by another connection, or one rolled back.
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDb } from '../../testing/migrated-db.ts';
import { createWebhooksStore } from './webhooks.store.ts';

const { db, file, remove } = migratedDb('webhooks-store', ['org_a']);
const store = createWebhooksStore(db.sql);
afterAll(remove);

const endpoint = (id: string) => ({
  id, org_id: 'org_a', url: `https://example.com/${id}`, description: null, events: '["*"]', secret: 'whsec_x', created_via: 'api', created_at: 't',
});
const active = () => store.activeEndpoints('org_a').map((row) => row.id).sort();

describe('webhooks store: active endpoints', () => {
  it('follows writes through the store', () => {
    expect(active()).toEqual([]);
    store.insertEndpoint(endpoint('we_1'));
    expect(active()).toEqual(['we_1']);
    store.disableEndpoint('we_1', 'too many failures');
    expect(active()).toEqual([]);
    store.updateEndpoint({ ...(store.endpointById('we_1') as NonNullable<ReturnType<typeof store.endpointById>>), is_active: 1 });
    expect(active()).toEqual(['we_1']);
  });

  it('follows a change committed by another connection, from the next event-loop turn', async () => {
    expect(active()).toEqual(['we_1']);
    const other = new Database(file);
    other.prepare(`UPDATE webhook_endpoints SET is_active = 0 WHERE id = 'we_1'`).run();
    other.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(active()).toEqual([]);
    db.sql.prepare(`UPDATE webhook_endpoints SET is_active = 1 WHERE id = 'we_1'`).run();
  });

  it('keeps nothing read inside a transaction that rolls back', () => {
    store.removeEndpoint('we_1', 't');
    expect(active()).toEqual([]);
    expect(() => db.tx(() => {
      store.insertEndpoint(endpoint('we_2'));
      expect(active()).toEqual(['we_2']);
      throw new Error('undo');
    })).toThrow('undo');
    expect(active()).toEqual([]);
  });
});
