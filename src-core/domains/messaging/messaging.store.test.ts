// The conversation search reads message text only among a channel's newest messages, through the index on
// (org, channel, time): a bounded read however many messages an organization has.
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDb } from '../../testing/migrated-db.ts';
import { createMessagingStore, MESSAGE_SEARCH_WINDOW } from './messaging.store.ts';

const { db, remove } = migratedDb('messaging-store', ['org_a']);
afterAll(remove);

const base = {
  org_id: 'org_a', channel: 'whatsapp', direction: 'inbound', status: 'received', contact_id: null, sender: null, external_id: null, type: 'text',
  content: '{}', template_name: null, template_id: null, source: 'INBOUND', billing_amount_paise: 0, sent_at: null,
};
const store = createMessagingStore(db.sql);
for (const [conversation, address] of [['cnv_a', '+100'], ['cnv_b', '+200']] as const) {
  store.insertConversation({ id: conversation, org_id: 'org_a', channel: 'whatsapp', address, contact_id: null, created_at: '2026-01-01T00:00:00.000Z' });
}
const messages: Array<[string, string, string]> = [
  ['cnv_a', 'Is the festive offer still on?', '2026-01-01T10:00:00.000Z'], ['cnv_a', 'thanks', '2026-01-01T10:01:00.000Z'],
  ['cnv_b', 'hello', '2026-01-01T10:02:00.000Z'], ['cnv_b', 'bye', '2026-01-01T10:03:00.000Z'],
];
messages.forEach(([conversation, text, at], i) => {
  store.insertMessage({ ...base, id: `msg_${i}`, conversation_id: conversation, address: conversation === 'cnv_a' ? '+100' : '+200', text, created_at: at });
  store.touchConversation({ id: conversation, text, at, contact_id: null, unread: 1 });
});
const search = (window: number, term: string) =>
  createMessagingStore(db.sql, { messageSearchWindow: window }).searchConversations('org_a', 'whatsapp', term, [], 10, 0).rows.map((r) => r.id);

describe('conversation search by message text', () => {
  it('finds an earlier message inside the window, and not once newer messages have pushed it out', () => {
    expect(search(MESSAGE_SEARCH_WINDOW, 'festive')).toEqual(['cnv_a']);
    expect(search(3, 'FESTIVE')).toEqual([]); // the 4 messages' oldest is outside the newest 3
    expect(search(3, 'hello')).toEqual(['cnv_b']);
    expect(search(1, 'thanks')).toEqual(['cnv_a']); // a conversation's latest message is always searched
  });
  it('reads the newest messages through the (org, channel, time) index, not a scan of the messages', () => {
    const captured: string[] = [];
    const original = db.sql.prepare.bind(db.sql);
    const spy = db.sql as unknown as { prepare: (source: string) => unknown };
    spy.prepare = (source: string) => {
      if (source.startsWith('SELECT * FROM conversations WHERE org_id = ? AND channel = ? AND (address LIKE')) captured.push(source);
      return original(source);
    };
    try {
      search(10, 'x');
    } finally {
      spy.prepare = original;
    }
    expect(captured).toHaveLength(1);
    const params = ['org_a', 'whatsapp', '%x%', '%x%', 'org_a', 'whatsapp', 10, '%x%', 10, 0];
    const plan = (db.sql.prepare(`EXPLAIN QUERY PLAN ${captured[0] as string}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail).join('\n');
    expect(plan).toContain('messages USING INDEX messages_org_channel');
    expect(plan).not.toMatch(/SCAN messages(?! USING)/);
  });
});
