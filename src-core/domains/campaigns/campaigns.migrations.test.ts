// Campaigns stored before migration 23 count the spam complaints already reported (found in the outbox), and
// SMS campaigns stored before migration 24 with a DLT template id keep the template by its own id.
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../kernel/migrate.store.ts';
import { MIGRATIONS } from '../../migrations/index.ts';
import { migratedDb } from '../../testing/migrated-db.ts';

const { db, remove } = migratedDb('campaigns-migrations', ['org_a', 'org_b'], { before: 23 });
afterAll(remove);

describe('campaigns from before migrations 23 and 24', () => {
  const campaign = db.sql.prepare(`INSERT INTO campaigns (id, org_id, channel, name, status, config, total_recipients, created_at) VALUES (?, ?, ?, ?, 'COMPLETED', ?, 2, 't')`);
  const template = db.sql.prepare(`INSERT INTO sms_templates (id, org_id, name, dlt_template_id, body, route, status, created_at) VALUES (?, ?, 'Sale', ?, 'x', 'promotional', 'APPROVED', 't')`);
  const templateIds = () => db.sql.prepare(`SELECT id, json_extract(config, '$.templateId') AS templateId FROM campaigns WHERE channel = 'sms' ORDER BY id`).all();

  it('count the complaints the outbox holds, once per recipient, on email campaigns only; keep SMS template ids by their own id', () => {
    campaign.run('cmp_mail', 'org_a', 'email', 'Mail', '{}');
    campaign.run('cmp_wa', 'org_a', 'whatsapp', 'WhatsApp', '{}');
    const recipient = db.sql.prepare(`INSERT INTO campaign_recipients (campaign_id, seq, address, state, message_id) VALUES (?, ?, ?, 'delivered', ?)`);
    recipient.run('cmp_mail', 1, 'complaint@sim.test', 'msg_spam');
    recipient.run('cmp_mail', 2, 'kept@example.com', 'msg_kept');
    recipient.run('cmp_wa', 1, '+14155550101', 'msg_wa');
    const event = db.sql.prepare(`INSERT INTO outbox (id, org_id, type, data, created_at) VALUES (?, 'org_a', ?, ?, ?)`);
    event.run('evt_1', 'email.message.complained', JSON.stringify({ message: { id: 'msg_spam' } }), '2026-01-01T00:00:10.000Z');
    event.run('evt_2', 'email.message.complained', JSON.stringify({ message: { id: 'msg_spam' } }), '2026-01-01T00:00:20.000Z');
    event.run('evt_3', 'email.message.clicked', JSON.stringify({ message: { id: 'msg_kept' } }), '2026-01-01T00:00:10.000Z');
    event.run('evt_4', 'email.message.complained', JSON.stringify({ message: { id: 'msg_wa' } }), '2026-01-01T00:00:10.000Z');
    template.run('smt_a', 'org_a', '1207160000000000001');
    template.run('smt_b', 'org_b', '1207160000000000002');
    const sms = (templateId: string | null) => JSON.stringify({ messageBody: 'x', senderId: null, templateId, route: null, audienceType: 'manual', audienceCriteria: {} });
    campaign.run('cmp_sms_dlt', 'org_a', 'sms', 'By DLT id', sms('1207160000000000001'));
    campaign.run('cmp_sms_own', 'org_a', 'sms', 'By own id', sms('smt_a'));
    campaign.run('cmp_sms_none', 'org_a', 'sms', 'No template', sms(null));
    // Another organization's DLT id, and one no template has: kept as they were (a launch names them not found).
    campaign.run('cmp_sms_other', 'org_a', 'sms', 'Other org', sms('1207160000000000002'));
    campaign.run('cmp_sms_unknown', 'org_a', 'sms', 'Unknown', sms('1207160000000000009'));
    migrate(db.sql, MIGRATIONS, 't');
    expect(db.sql.prepare(`SELECT id, complained_count FROM campaigns WHERE channel != 'sms' ORDER BY id`).all()).toEqual([
      { id: 'cmp_mail', complained_count: 1 }, { id: 'cmp_wa', complained_count: 0 },
    ]);
    expect(db.sql.prepare(`SELECT message_id, complained_at FROM campaign_recipients WHERE campaign_id = 'cmp_mail' ORDER BY seq`).all()).toEqual([
      { message_id: 'msg_spam', complained_at: '2026-01-01T00:00:10.000Z' }, { message_id: 'msg_kept', complained_at: null },
    ]);
    expect(templateIds()).toEqual([
      { id: 'cmp_sms_dlt', templateId: 'smt_a' }, { id: 'cmp_sms_none', templateId: null }, { id: 'cmp_sms_other', templateId: '1207160000000000002' },
      { id: 'cmp_sms_own', templateId: 'smt_a' }, { id: 'cmp_sms_unknown', templateId: '1207160000000000009' },
    ]);
    expect(JSON.parse((db.sql.prepare(`SELECT config FROM campaigns WHERE id = 'cmp_sms_dlt'`).get() as { config: string }).config)).toEqual({
      messageBody: 'x', senderId: null, templateId: 'smt_a', route: null, audienceType: 'manual', audienceCriteria: {},
    });
  });
});
