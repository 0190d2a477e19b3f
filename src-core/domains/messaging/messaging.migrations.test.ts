// A keyed message a stop left queued before migration 28 kept nothing of what it was handed over with: a re-run finds
// no answer for it (its send path resumes it, checks and all, as before). One queued since is handed over again, with
// the payload it was queued with.
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../kernel/migrate.store.ts';
import { MIGRATIONS } from '../../migrations/index.ts';
import { migratedDb } from '../../testing/migrated-db.ts';
import { keyedAnswers } from './keyed-answers.ts';
import type { OutboundInput } from './messaging.service.ts';
import { createMessagingStore } from './messaging.store.ts';

const { db, remove } = migratedDb('messaging-migrations', ['org_a'], { before: 28 });
afterAll(remove);

const queued = (id: string, address: string) => ({
  id, org_id: 'org_a', channel: 'email', direction: 'outbound', status: 'queued', contact_id: null, conversation_id: null, address, sender: 'hello@acme.test',
  external_id: null, type: 'template', text: 'Your order shipped', content: '{}', template_name: null, template_id: null, source: 'API', billing_amount_paise: 0,
  created_at: '2026-01-01T00:00:00.000Z', sent_at: null,
});

describe('keyed messages queued before migration 28', () => {
  it('find no answer; those queued since are handed over again with their payload', async () => {
    db.sql.prepare(`INSERT INTO messages (id, org_id, channel, direction, status, address, sender, type, text, source, created_at)
      VALUES ('msg_before', 'org_a', 'email', 'outbound', 'queued', 'old@customer.io', 'hello@acme.test', 'template', 'Your order shipped', 'API', 't')`).run();
    migrate(db.sql, MIGRATIONS, 't');
    const store = createMessagingStore(db.sql);
    store.insertMessage(queued('msg_since', 'new@customer.io'));
    store.keepQueuedSend('msg_since', JSON.stringify({ subject: 'Your order shipped', html: '<p>Shipped</p>' }));
    const handedOver: OutboundInput[] = [];
    const answers = keyedAnswers({
      store,
      sendMany: async (inputs) => {
        handedOver.push(...inputs);
        for (const row of inputs.map((input) => store.byId(input.messageId as string))) {
          if (row) store.markSent(row, 'eml_1', '2026-01-01T00:00:01.000Z');
        }
      },
    });
    const origin = { source: 'API' as const, messageId: (part: string) => `msg_${part}` };
    expect((await answers(origin, ['before', 'since', 'never'])).map((m) => m && [m.id, m.status])).toEqual([null, ['msg_since', 'sent'], null]);
    expect(handedOver).toEqual([expect.objectContaining({
      orgId: 'org_a', channel: 'email', to: 'new@customer.io', sender: 'hello@acme.test', text: 'Your order shipped', messageId: 'msg_since',
      payload: { subject: 'Your order shipped', html: '<p>Shipped</p>' },
    })]);
    expect(store.byId('msg_before')?.status).toBe('queued');
    // Unkeyed, there is nothing to find.
    expect(await answers({ source: 'API' }, ['since'])).toEqual([null]);
  });
});
