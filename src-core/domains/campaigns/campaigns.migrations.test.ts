// Campaigns stored before migration 23 count the spam complaints already reported (found in the outbox), and
// SMS campaigns stored before migration 24 with a DLT template id keep the template by its own id, and those launched
// without one before migration 26 take the template their messages were sent with; recipients refused before migration
// 51 because their contact was blocked keep that code; recipients failed before migration 56 take the code of their
// failure (their message's, a bounce, or their refusal's by its text).
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

describe('SMS campaigns launched without a templateId before migration 26', () => {
  const before26 = migratedDb('campaigns-migration-26', ['org_a'], { before: 26 });
  afterAll(before26.remove);
  const { sql } = before26.db;

  it('take the template their first message was sent with; drafts and campaigns with a template keep theirs', () => {
    const config = (templateId: string | null) => JSON.stringify({ messageBody: 'x', senderId: 'ACMEIN', templateId, route: 'promotional', audienceType: 'manual', audienceCriteria: {} });
    const campaign = sql.prepare(`INSERT INTO campaigns (id, org_id, channel, name, status, config, total_recipients, created_at) VALUES (?, 'org_a', ?, ?, ?, ?, 2, 't')`);
    const recipient = sql.prepare(`INSERT INTO campaign_recipients (campaign_id, seq, address, state, message_id) VALUES (?, ?, ?, ?, ?)`);
    const message = sql.prepare(`INSERT INTO messages (id, org_id, channel, direction, status, address, type, template_id, source, created_at)
      VALUES (?, 'org_a', ?, 'outbound', 'delivered', '+919810050001', 'text', ?, 'CAMPAIGN', 't')`);
    campaign.run('cmp_sent', 'sms', 'Sent', 'COMPLETED', config(null));
    recipient.run('cmp_sent', 1, '+919810050001', 'failed', null);
    recipient.run('cmp_sent', 2, '+919810050002', 'delivered', 'msg_2');
    recipient.run('cmp_sent', 3, '+919810050003', 'delivered', 'msg_3');
    message.run('msg_2', 'sms', 'smt_first');
    message.run('msg_3', 'sms', 'smt_later');
    campaign.run('cmp_draft', 'sms', 'Draft', 'DRAFT', config(null));
    campaign.run('cmp_unsent', 'sms', 'Cancelled before sending', 'CANCELLED', config(null));
    recipient.run('cmp_unsent', 1, '+919810050001', 'cancelled', null);
    campaign.run('cmp_given', 'sms', 'Given', 'COMPLETED', config('smt_given'));
    recipient.run('cmp_given', 1, '+919810050001', 'delivered', 'msg_given');
    message.run('msg_given', 'sms', 'smt_first');
    campaign.run('cmp_rcs', 'rcs', 'RCS', 'COMPLETED', JSON.stringify({ templateId: 'rct_a' }));
    migrate(sql, MIGRATIONS, 't');
    expect(sql.prepare(`SELECT id, json_extract(config, '$.templateId') AS templateId FROM campaigns ORDER BY id`).all()).toEqual([
      { id: 'cmp_draft', templateId: null }, { id: 'cmp_given', templateId: 'smt_given' }, { id: 'cmp_rcs', templateId: 'rct_a' },
      { id: 'cmp_sent', templateId: 'smt_first' }, { id: 'cmp_unsent', templateId: null },
    ]);
    expect(JSON.parse((sql.prepare(`SELECT config FROM campaigns WHERE id = 'cmp_sent'`).get() as { config: string }).config)).toEqual({
      messageBody: 'x', senderId: 'ACMEIN', templateId: 'smt_first', route: 'promotional', audienceType: 'manual', audienceCriteria: {},
    });
  });
});

describe('migration 31: recipients left sending', () => {
  const before31 = migratedDb('campaigns-migration-31', ['org_a'], { before: 31 });
  afterAll(before31.remove);
  const { sql } = before31.db;

  it('say sent, and are counted, where their message was settled as sent; the others keep their state', () => {
    const campaign = sql.prepare(`INSERT INTO campaigns (id, org_id, channel, name, status, config, total_recipients, sent_count, created_at)
      VALUES (?, 'org_a', 'email', ?, ?, '{}', 4, ?, 't')`);
    const recipient = sql.prepare(`INSERT INTO campaign_recipients (campaign_id, seq, address, state, message_id) VALUES (?, ?, ?, ?, ?)`);
    const message = sql.prepare(`INSERT INTO messages (id, org_id, channel, direction, status, address, type, source, created_at)
      VALUES (?, 'org_a', 'email', 'outbound', ?, 'a@customer.io', 'template', 'CAMPAIGN', 't')`);
    campaign.run('cmp_cancelled', 'Cancelled mid-send', 'CANCELLED', 1);
    recipient.run('cmp_cancelled', 1, 'a@customer.io', 'delivered', 'msg_delivered');
    recipient.run('cmp_cancelled', 2, 'b@customer.io', 'sending', 'msg_settled');
    recipient.run('cmp_cancelled', 3, 'c@customer.io', 'sending', 'msg_queued');
    recipient.run('cmp_cancelled', 4, 'd@customer.io', 'cancelled', null);
    message.run('msg_delivered', 'delivered');
    message.run('msg_settled', 'sent');
    message.run('msg_queued', 'queued');
    campaign.run('cmp_other', 'Untouched', 'COMPLETED', 1);
    recipient.run('cmp_other', 1, 'a@customer.io', 'sent', 'msg_other');
    message.run('msg_other', 'sent');
    migrate(sql, MIGRATIONS, 't');
    expect(sql.prepare(`SELECT seq, state FROM campaign_recipients WHERE campaign_id = 'cmp_cancelled' ORDER BY seq`).all()).toEqual([
      { seq: 1, state: 'delivered' }, { seq: 2, state: 'sent' }, { seq: 3, state: 'sending' }, { seq: 4, state: 'cancelled' },
    ]);
    expect(sql.prepare(`SELECT id, sent_count FROM campaigns ORDER BY id`).all()).toEqual([{ id: 'cmp_cancelled', sent_count: 2 }, { id: 'cmp_other', sent_count: 1 }]);
  });
});

describe('campaign recipients refused before migration 51', () => {
  const before51 = migratedDb('campaigns-migration-51', ['org_a'], { before: 51 });
  afterAll(before51.remove);
  const { sql } = before51.db;

  it('keep CONTACT_BLOCKED as their code when their refusal says the contact is blocked and no message was made', () => {
    sql.prepare(`INSERT INTO campaigns (id, org_id, channel, name, status, config, total_recipients, created_at) VALUES ('cmp_old', 'org_a', 'sms', 'Old', 'COMPLETED', '{}', 4, 't')`).run();
    const recipient = sql.prepare(`INSERT INTO campaign_recipients (campaign_id, seq, address, state, message_id, error) VALUES ('cmp_old', ?, ?, ?, ?, ?)`);
    recipient.run(1, '+919810080001', 'failed', null, 'Contact Bea (cnt_1) is blocked: Asked to stop');
    recipient.run(2, '+919810080002', 'failed', null, 'Contact cnt_2 is blocked');
    recipient.run(3, '+919810080003', 'failed', null, 'The simulated handset +919810080003 has no WhatsApp account');
    recipient.run(4, '+919810080004', 'failed', 'msg_4', 'Contact Sue is blocked by the carrier');
    migrate(sql, MIGRATIONS, 't');
    expect(sql.prepare(`SELECT seq, error_code FROM campaign_recipients WHERE campaign_id = 'cmp_old' ORDER BY seq`).all()).toEqual([
      { seq: 1, error_code: 'CONTACT_BLOCKED' }, { seq: 2, error_code: 'CONTACT_BLOCKED' }, { seq: 3, error_code: null }, { seq: 4, error_code: null },
    ]);
  });
});

describe('campaign recipients failed before migration 56', () => {
  const before56 = migratedDb('campaigns-migration-56', ['org_a'], { before: 56 });
  afterAll(before56.remove);
  const { sql } = before56.db;

  it('take their failed message\'s code, bounced for an email failed after it was sent, or their refusal\'s by its text', () => {
    const campaign = sql.prepare(`INSERT INTO campaigns (id, org_id, channel, name, status, config, total_recipients, created_at) VALUES (?, 'org_a', ?, ?, 'COMPLETED', '{}', 0, 't')`);
    campaign.run('cmp_wa', 'whatsapp', 'Old WhatsApp');
    campaign.run('cmp_mail', 'email', 'Old email');
    const message = sql.prepare(`INSERT INTO messages (id, org_id, channel, direction, status, address, type, source, error_code, sent_at, created_at)
      VALUES (?, 'org_a', ?, 'outbound', ?, 'x', 'template', 'CAMPAIGN', ?, ?, 't')`);
    message.run('msg_nowa', 'whatsapp', 'failed', 'SIM_WHATSAPP_UNAVAILABLE', null);
    message.run('msg_late', 'whatsapp', 'failed', null, 't');
    message.run('msg_bounce', 'email', 'failed', null, 't');
    message.run('msg_gaveup', 'email', 'failed', 'DISPATCH_FAILED', null);
    const recipient = sql.prepare(`INSERT INTO campaign_recipients (campaign_id, seq, address, state, message_id, error, error_code) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    const rows: Array<[string, number, string, string, string | null, string | null, string | null]> = [
      ['cmp_wa', 1, '+15005550002', 'failed', 'msg_nowa', 'The simulated handset +15005550002 has no WhatsApp account', null],
      ['cmp_wa', 2, '+14155550102', 'failed', 'msg_late', null, null],
      ['cmp_wa', 3, '+14155550103', 'failed', null, 'Template diwali is REJECTED; only APPROVED templates can be sent', 'VALIDATION_FAILED'],
      ['cmp_wa', 4, '+14155550104', 'failed', null, 'templateId wat_1 is not a template of this organization', null],
      ['cmp_wa', 5, '+14155550105', 'failed', null, 'No value for {{name}}: it is not given, and the recipient\'s contact has no name', 'VALIDATION_FAILED'],
      ['cmp_wa', 6, '+14155550106', 'failed', null, 'Not sent: the campaign\'s dispatch failed (boom)', null],
      ['cmp_wa', 7, '+14155550107', 'failed', null, 'Contact Bea (cnt_1) is blocked', 'CONTACT_BLOCKED'],
      ['cmp_wa', 8, '+14155550108', 'failed', null, 'templateComponents: body parameter 1 is missing', 'VALIDATION_FAILED'],
      ['cmp_mail', 1, 'bounce@sim.test', 'failed', 'msg_bounce', null, null],
      ['cmp_mail', 2, 'gone@example.com', 'failed', 'msg_gaveup', 'Not sent: the campaign\'s dispatch failed (boom)', null],
      ['cmp_mail', 3, 'old@example.com', 'failed', null, 'old@example.com is on the suppression list (bounced); it will not be emailed again', 'VALIDATION_FAILED'],
    ];
    for (const row of rows) recipient.run(...row);
    migrate(sql, MIGRATIONS, 't');
    expect(sql.prepare(`SELECT campaign_id || ' ' || seq AS who, error_code FROM campaign_recipients ORDER BY campaign_id DESC, seq`).all()).toEqual([
      { who: 'cmp_wa 1', error_code: 'SIM_WHATSAPP_UNAVAILABLE' }, { who: 'cmp_wa 2', error_code: null }, { who: 'cmp_wa 3', error_code: 'TEMPLATE_UNAVAILABLE' },
      { who: 'cmp_wa 4', error_code: 'TEMPLATE_UNAVAILABLE' }, { who: 'cmp_wa 5', error_code: 'VARIABLE_UNFILLED' }, { who: 'cmp_wa 6', error_code: 'DISPATCH_FAILED' },
      { who: 'cmp_wa 7', error_code: 'CONTACT_BLOCKED' }, { who: 'cmp_wa 8', error_code: 'VALIDATION_FAILED' },
      { who: 'cmp_mail 1', error_code: 'EMAIL_BOUNCED' }, { who: 'cmp_mail 2', error_code: 'DISPATCH_FAILED' }, { who: 'cmp_mail 3', error_code: 'EMAIL_SUPPRESSED' },
    ]);
  });
});
