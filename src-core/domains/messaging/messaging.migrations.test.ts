// A keyed message a stop left queued before migration 28 kept nothing of what it was handed over with: a re-run finds
// no answer for it (the start fails it as interrupted, see migration 30). One queued since is handed over again, with
// the payload it was queued with. Migration 30 records every outbound message left queued with nothing kept; migration 32
// keeps what an RCS campaign's SMS fallback left queued was paid as (RCS). Migration 45 leaves every conversation open; migration 46 snoozes none.
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../kernel/migrate.store.ts';
import { MIGRATIONS } from '../../migrations/index.ts';
import { migratedDb } from '../../testing/migrated-db.ts';
import { keyedAnswers } from './keyed-answers.ts';
import type { OutboundInput } from './messaging.sends.ts';
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

describe('migration 30: every hand-over kept', () => {
  const old = migratedDb('messaging-migration-30', ['org_a'], { before: 30 });
  afterAll(old.remove);
  it('keeps the hand-overs kept before, and records each outbound message left queued without one, with no payload', () => {
    const insert = old.db.sql.prepare(`INSERT INTO messages (id, org_id, channel, direction, status, address, sender, type, text, source, created_at)
      VALUES (?, 'org_a', 'email', ?, ?, 'ana@customer.io', 'hello@acme.test', 'template', 'Hi', 'API', 't')`);
    insert.run('msg_keyed', 'outbound', 'queued');
    insert.run('msg_unkeyed', 'outbound', 'queued');
    insert.run('msg_sent', 'outbound', 'sent');
    insert.run('msg_inbound', 'inbound', 'received');
    old.db.sql.prepare(`INSERT INTO queued_sends (message_id, payload) VALUES ('msg_keyed', '{"subject":"Hi"}')`).run();
    migrate(old.db.sql, MIGRATIONS, 't');
    expect(old.db.sql.prepare('SELECT message_id, payload FROM queued_sends ORDER BY message_id').all()).toEqual([
      { message_id: 'msg_keyed', payload: '{"subject":"Hi"}' }, { message_id: 'msg_unkeyed', payload: null },
    ]);
    const store = createMessagingStore(old.db.sql);
    expect([store.queuedSend('msg_keyed').payload, store.queuedSend('msg_unkeyed').payload]).toEqual(['{"subject":"Hi"}', undefined]);
    expect(store.queuedSendIds().sort()).toEqual(['msg_keyed', 'msg_unkeyed']);
  });
});

describe('migration 32: what a hand-over was paid as', () => {
  const old = migratedDb('messaging-migration-32', ['org_a'], { before: 32 });
  afterAll(old.remove);
  it("keeps RCS for an RCS campaign's SMS fallback left queued, and nothing for any other queued message", () => {
    const { sql } = old.db;
    const campaign = sql.prepare(`INSERT INTO campaigns (id, org_id, channel, name, status, config, total_recipients, created_at) VALUES (?, 'org_a', ?, ?, 'RUNNING', '{}', 2, 't')`);
    campaign.run('cmp_rcs', 'rcs', 'Weekend');
    campaign.run('cmp_sms', 'sms', 'Sale');
    const message = sql.prepare(`INSERT INTO messages (id, org_id, channel, direction, status, address, sender, type, text, source, created_at)
      VALUES (?, 'org_a', ?, 'outbound', 'queued', '+919810050001', 'ACMEIN', 'text', 'Big sale', ?, 't')`);
    const recipient = sql.prepare(`INSERT INTO campaign_recipients (campaign_id, seq, address, state, message_id) VALUES (?, ?, '+919810050001', 'sending', ?)`);
    const kept = sql.prepare(`INSERT INTO queued_sends (message_id, payload) VALUES (?, '{}')`);
    for (const [id, channel, campaignId, seq] of [['msg_fallback', 'sms', 'cmp_rcs', 1], ['msg_rcs', 'rcs', 'cmp_rcs', 2], ['msg_sms', 'sms', 'cmp_sms', 1], ['msg_api', 'sms', null, 0]] as const) {
      message.run(id, channel, campaignId ? 'CAMPAIGN' : 'API');
      if (campaignId) recipient.run(campaignId, seq, id);
      kept.run(id);
    }
    migrate(sql, MIGRATIONS, 't');
    expect(sql.prepare('SELECT message_id, prepaid_as FROM queued_sends ORDER BY message_id').all()).toEqual([
      { message_id: 'msg_api', prepaid_as: null }, { message_id: 'msg_fallback', prepaid_as: 'rcs' },
      { message_id: 'msg_rcs', prepaid_as: null }, { message_id: 'msg_sms', prepaid_as: null },
    ]);
    const store = createMessagingStore(sql);
    expect(store.queuedSend('msg_fallback')).toEqual({ payload: '{}', prepaidAs: 'rcs' });
    expect(store.queuedSend('msg_sms')).toEqual({ payload: '{}', prepaidAs: undefined });
  });
});

describe('migration 45: open and resolved conversations', () => {
  const old = migratedDb('messaging-migration-45', ['org_a'], { before: 45 });
  afterAll(old.remove);
  it('leaves every conversation stored before it open, with no resolution, and refuses a state it does not know', () => {
    const { sql } = old.db;
    sql.prepare(`INSERT INTO conversations (id, org_id, channel, address, unread_count, created_at) VALUES ('conv_old', 'org_a', 'sms', '+919810050001', 2, 't')`).run();
    migrate(sql, MIGRATIONS, 't');
    expect(createMessagingStore(sql).conversationById('org_a', 'conv_old')).toMatchObject({ state: 'open', resolved_at: null, resolved_by: null, unread_count: 2 });
    expect(() => sql.prepare(`UPDATE conversations SET state = 'closed' WHERE id = 'conv_old'`).run()).toThrow(/CHECK constraint/);
  });
});

describe('migration 46: snoozed conversations', () => {
  const old = migratedDb('messaging-migration-46', ['org_a'], { before: 46 });
  afterAll(old.remove);
  it('leaves every conversation stored before it unsnoozed, resolved ones resolved', () => {
    const { sql } = old.db;
    sql.prepare(`INSERT INTO conversations (id, org_id, channel, address, unread_count, created_at, state, resolved_at, resolved_by)
      VALUES ('conv_done', 'org_a', 'sms', '+919810050002', 0, 't', 'resolved', 't', 'console')`).run();
    migrate(sql, MIGRATIONS, 't');
    const store = createMessagingStore(sql);
    expect(store.conversationById('org_a', 'conv_done')).toMatchObject({ state: 'resolved', resolved_by: 'console', snoozed_until: null });
    expect(store.conversations('org_a', 'sms', 'resolved', 10, 0).total).toBe(1);
    expect(store.conversations('org_a', 'sms', 'snoozed', 10, 0).total).toBe(0);
  });
});

describe('migration 49: conversations nobody is waiting on', () => {
  const old = migratedDb('messaging-migration-49', ['org_a'], { before: 49 });
  afterAll(old.remove);
  it('resolves by system the open WhatsApp, SMS and Instagram conversations whose every message was sent from outside the inbox, and leaves the rest', () => {
    const { sql } = old.db;
    const conversation = sql.prepare(`INSERT INTO conversations (id, org_id, channel, address, unread_count, created_at, last_message_at, snoozed_until)
      VALUES (?, 'org_a', ?, ?, ?, 't0', ?, ?)`);
    const message = sql.prepare(`INSERT INTO messages (id, org_id, channel, direction, status, conversation_id, address, type, content, source, created_at)
      VALUES (?, 'org_a', 'whatsapp', ?, 'sent', ?, '+1', 'text', '{}', ?, 't1')`);
    const cases: Array<[string, Array<[string, string]>, number?, string?, string?]> = [
      ['conv_campaign', [['outbound', 'CAMPAIGN'], ['outbound', 'API']]],
      ['conv_answered', [['outbound', 'CAMPAIGN'], ['inbound', 'INBOUND']]],
      ['conv_team', [['outbound', 'API'], ['outbound', 'MANUAL']]],
      ['conv_empty', [], 0],
      ['conv_unread', [['outbound', 'API']], 1],
      ['conv_snoozed', [['outbound', 'API']], 0, 't9'],
      ['conv_rcs', [['outbound', 'API']], 0, undefined, 'rcs'], // customers do not write in on RCS or email here
    ];
    cases.forEach(([id, messages, unread, snoozed, channel], n) => {
      conversation.run(id, channel ?? 'whatsapp', `+1415555000${n}`, unread ?? 0, messages.length ? 't1' : null, snoozed ?? null);
      messages.forEach(([direction, source], i) => message.run(`msg_${id}_${i}`, direction, id, source));
    });
    migrate(sql, MIGRATIONS, 't');
    const store = createMessagingStore(sql);
    expect(store.conversationById('org_a', 'conv_campaign')).toMatchObject({ state: 'resolved', resolved_at: 't1', resolved_by: 'system' });
    for (const id of ['conv_answered', 'conv_team', 'conv_empty', 'conv_unread', 'conv_snoozed', 'conv_rcs']) {
      expect(store.conversationById('org_a', id), id).toMatchObject({ state: 'open', resolved_by: null });
    }
  });
});
