// Email campaigns stored before migration 23 count the spam complaints already reported (found in the outbox).
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../kernel/migrate.store.ts';
import { MIGRATIONS } from '../../migrations/index.ts';
import { migratedDb } from '../../testing/migrated-db.ts';

const { db, remove } = migratedDb('campaigns-migrations', ['org_a'], { before: 23 });
afterAll(remove);

describe('campaigns from before migration 23', () => {
  it('count the complaints the outbox holds, once per recipient, on email campaigns only', () => {
    const campaign = db.sql.prepare(`INSERT INTO campaigns (id, org_id, channel, name, status, config, total_recipients, created_at) VALUES (?, 'org_a', ?, ?, 'COMPLETED', '{}', 2, 't')`);
    campaign.run('cmp_mail', 'email', 'Mail');
    campaign.run('cmp_wa', 'whatsapp', 'WhatsApp');
    const recipient = db.sql.prepare(`INSERT INTO campaign_recipients (campaign_id, seq, address, state, message_id) VALUES (?, ?, ?, 'delivered', ?)`);
    recipient.run('cmp_mail', 1, 'complaint@sim.test', 'msg_spam');
    recipient.run('cmp_mail', 2, 'kept@example.com', 'msg_kept');
    recipient.run('cmp_wa', 1, '+14155550101', 'msg_wa');
    const event = db.sql.prepare(`INSERT INTO outbox (id, org_id, type, data, created_at) VALUES (?, 'org_a', ?, ?, ?)`);
    event.run('evt_1', 'email.message.complained', JSON.stringify({ message: { id: 'msg_spam' } }), '2026-01-01T00:00:10.000Z');
    event.run('evt_2', 'email.message.complained', JSON.stringify({ message: { id: 'msg_spam' } }), '2026-01-01T00:00:20.000Z');
    event.run('evt_3', 'email.message.clicked', JSON.stringify({ message: { id: 'msg_kept' } }), '2026-01-01T00:00:10.000Z');
    event.run('evt_4', 'email.message.complained', JSON.stringify({ message: { id: 'msg_wa' } }), '2026-01-01T00:00:10.000Z');
    migrate(db.sql, MIGRATIONS, 't');
    expect(db.sql.prepare(`SELECT id, complained_count FROM campaigns ORDER BY id`).all()).toEqual([
      { id: 'cmp_mail', complained_count: 1 }, { id: 'cmp_wa', complained_count: 0 },
    ]);
    expect(db.sql.prepare(`SELECT message_id, complained_at FROM campaign_recipients WHERE campaign_id = 'cmp_mail' ORDER BY seq`).all()).toEqual([
      { message_id: 'msg_spam', complained_at: '2026-01-01T00:00:10.000Z' }, { message_id: 'msg_kept', complained_at: null },
    ]);
  });
});
