// The conversation search reads message text only among a channel's newest messages, through the index on
// (org, channel, time): a bounded read however many messages an organization has. A thread pages back in its order
// through the index on (conversation, time). A list of one state (open, resolved) reads the (org, channel, state, time) index;
// the snoozed list, soonest to wake first, migration 47's index of snoozed conversations.
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
/** The query plan of the one statement `run` prepares that `matches` picks, read with `params`. */
function planOf(matches: (source: string) => boolean, run: () => unknown, params: unknown): string {
  const captured: string[] = [];
  const original = db.sql.prepare.bind(db.sql);
  const spy = db.sql as unknown as { prepare: (source: string) => unknown };
  spy.prepare = (source: string) => {
    if (matches(source)) captured.push(source);
    return original(source);
  };
  try {
    run();
  } finally {
    spy.prepare = original;
  }
  expect(captured).toHaveLength(1);
  const args = Array.isArray(params) ? params : [params];
  return (db.sql.prepare(`EXPLAIN QUERY PLAN ${captured[0] as string}`).all(...args) as Array<{ detail: string }>).map((r) => r.detail).join('\n');
}
const search = (window: number, term: string) =>
  createMessagingStore(db.sql, { messageSearchWindow: window }).searchConversations('org_a', 'whatsapp', null, term, null, 10, 0).rows.map((r) => r.id);
/** Contacts as another store selects them: a condition on a column of their ids. */
const contactsOf = (ids: string[]) => ({ on: (column: string) => `${column} IN (SELECT value FROM json_each(@contactIds))`, params: { contactIds: JSON.stringify(ids) } });

describe('conversation search by message text', () => {
  it('finds an earlier message inside the window, and not once newer messages have pushed it out', () => {
    expect(search(MESSAGE_SEARCH_WINDOW, 'festive')).toEqual(['cnv_a']);
    expect(search(3, 'FESTIVE')).toEqual([]); // the 4 messages' oldest is outside the newest 3
    expect(search(3, 'hello')).toEqual(['cnv_b']);
    expect(search(1, 'thanks')).toEqual(['cnv_a']); // a conversation's latest message is always searched
  });
  it('says of each conversation found whether its address or contact matched, not only its messages\' text', () => {
    const byParty = (term: string, contactIds: string[]) =>
      store.searchConversations('org_a', 'whatsapp', null, term, contactsOf(contactIds), 10, 0).rows.map((r) => [r.id, r.by_party]);
    expect(byParty('hello', [])).toEqual([['cnv_b', 0]]);
    expect(byParty('+20', [])).toEqual([['cnv_b', 1]]);
    expect(byParty('festive', ['ct_x'])).toEqual([['cnv_a', 0]]);
  });
  it('reads the newest messages through the (org, channel, time) index, not a scan of the messages', () => {
    const params = { orgId: 'org_a', channel: 'whatsapp', like: '%x%', window: 10, limit: 10, offset: 0 };
    const plan = planOf((source) => source.startsWith('SELECT *, coalesce((address LIKE'), () => search(10, 'x'), params);
    expect(plan).toContain('messages USING INDEX messages_org_channel');
    expect(plan).not.toMatch(/SCAN messages(?! USING)/);
  });
  it('finds a conversation\'s newest message holding the term since a time (what a search matched), through its conversation\'s index', () => {
    expect(createMessagingStore(db.sql, { messageSearchWindow: 3 }).searchWindowStart('org_a', 'whatsapp')).toBe('2026-01-01T10:01:00.000Z');
    expect(createMessagingStore(db.sql, { messageSearchWindow: 10 }).searchWindowStart('org_a', 'whatsapp')).toBeUndefined(); // it reads all 4
    expect(store.latestMatching('cnv_a', 'FESTIVE', '')?.text).toBe('Is the festive offer still on?');
    expect(store.latestMatching('cnv_a', 'festive', '2026-01-01T10:01:00.000Z')).toBeUndefined(); // before the window
    expect(store.latestMatching('cnv_a', 'h', '')?.text).toBe('thanks'); // the newer of the two holding it
    expect(store.latestMatching('cnv_a', '%', '')).toBeUndefined(); // a LIKE wildcard is searched as itself
    const plan = planOf((source) => source.startsWith('SELECT id, channel, text, content, created_at FROM messages WHERE conversation_id'), () => createMessagingStore(db.sql),
      { conversationId: 'cnv_a', since: '', like: '%x%' });
    expect(plan).toContain('messages USING INDEX messages_conversation');
  });
});

describe('a thread paged back', () => {
  // Written out of time order: the thread's order is the time, then the order written among messages of one time.
  const thread: Array<[string, string]> = [
    ['msg_t3', '2026-01-02T10:00:02.000Z'], ['msg_t1', '2026-01-02T10:00:01.000Z'], ['msg_t4', '2026-01-02T10:00:02.000Z'],
    ['msg_t2', '2026-01-02T10:00:01.000Z'], ['msg_t5', '2026-01-02T10:00:03.000Z'],
  ];
  // On SMS, out of the WhatsApp search's window above.
  store.insertConversation({ id: 'cnv_t', org_id: 'org_a', channel: 'sms', address: '+300', contact_id: null, created_at: '2026-01-02T00:00:00.000Z' });
  for (const [id, at] of thread) store.insertMessage({ ...base, channel: 'sms', id, conversation_id: 'cnv_t', address: '+300', text: id, created_at: at });
  const older = (before: string, limit: number) => {
    const position = store.positionInConversation('cnv_t', before);
    return position ? store.olderInConversation('cnv_t', position, limit).map((m) => m.id) : undefined;
  };

  it('answers the messages just before a cursor in the thread\'s order, whatever order they were written in', () => {
    expect(store.recentInConversation('cnv_t', 10).map((m) => m.id)).toEqual(['msg_t1', 'msg_t2', 'msg_t3', 'msg_t4', 'msg_t5']);
    expect(older('msg_t5', 10)).toEqual(['msg_t1', 'msg_t2', 'msg_t3', 'msg_t4']);
    expect(older('msg_t4', 2)).toEqual(['msg_t2', 'msg_t3']);
    expect(older('msg_t3', 10)).toEqual(['msg_t1', 'msg_t2']);
    expect(older('msg_t2', 10)).toEqual(['msg_t1']);
    expect(older('msg_t1', 10)).toEqual([]);
    expect(older('msg_0', 10)).toBeUndefined(); // another conversation's message is no cursor here
  });
  it('reads through the conversation\'s (conversation, time) index, from the cursor\'s time down', () => {
    const params = { conversationId: 'cnv_t', at: '2026-01-02T10:00:02.000Z', seq: 1, limit: 10 };
    const plan = planOf((source) => source.includes('rowid < @seq'), () => createMessagingStore(db.sql), params);
    expect(plan).toContain('messages USING INDEX messages_conversation (conversation_id=? AND created_at<?)');
    expect(plan).not.toMatch(/SCAN messages(?! USING)/);
  });
});

describe('conversations in one state', () => {
  it('lists open or resolved ones through the (org, channel, state, time) index, and writes a state change once', () => {
    const resolved = { state: 'resolved' as const, resolvedAt: '2026-01-03T00:00:00.000Z', resolvedBy: 'console', snoozedUntil: null };
    expect(store.setConversationState('org_a', 'cnv_b', resolved)).toBe(true);
    expect(store.setConversationState('org_a', 'cnv_b', resolved)).toBe(false); // resolved already: nothing written
    expect(store.setConversationState('org_b', 'cnv_a', resolved)).toBe(false); // another organization's id
    const ids = (state: 'open' | 'resolved' | null) => store.conversations('org_a', 'whatsapp', state, 10, 0);
    expect(ids('open')).toMatchObject({ rows: [{ id: 'cnv_a' }], total: 1 });
    expect(ids('resolved')).toMatchObject({ rows: [{ id: 'cnv_b', state: 'resolved', resolved_by: 'console' }], total: 1 });
    expect(ids(null).total).toBe(2);
    expect(store.searchConversations('org_a', 'whatsapp', 'open', 'bye', null, 10, 0).total).toBe(0);
    expect(store.searchConversations('org_a', 'whatsapp', 'resolved', 'bye', null, 10, 0).total).toBe(1);
    const plan = planOf((source) => source.startsWith('SELECT * FROM conversations WHERE org_id = @orgId AND channel = @channel AND state'),
      () => createMessagingStore(db.sql).conversations('org_a', 'whatsapp', 'open', 10, 0), { orgId: 'org_a', channel: 'whatsapp', limit: 10, offset: 0 });
    expect(plan).toContain('conversations USING INDEX conversations_state (org_id=? AND channel=? AND state=?)');
    // Sorted by the index's time; only ties of one time by their rowid ("LAST TERM"), as the list of both states is.
    expect(plan).not.toContain('TEMP B-TREE FOR ORDER BY');
    expect(store.setConversationState('org_a', 'cnv_b', { state: 'open', resolvedAt: null, resolvedBy: null, snoozedUntil: null })).toBe(true);
  });
  it('keeps a snoozed one out of the open and resolved lists and in the snoozed list, through the same index; a new time is a change', () => {
    const snoozed = (until: string) => ({ state: 'resolved' as const, resolvedAt: null, resolvedBy: null, snoozedUntil: until });
    expect(store.setConversationState('org_a', 'cnv_b', snoozed('2026-01-04T09:00:00.000Z'))).toBe(true);
    expect(store.setConversationState('org_a', 'cnv_b', snoozed('2026-01-04T09:00:00.000Z'))).toBe(false); // that time already
    expect(store.setConversationState('org_a', 'cnv_b', snoozed('2026-01-05T09:00:00.000Z'))).toBe(true);
    const ids = (state: 'open' | 'snoozed' | 'resolved' | null) => store.conversations('org_a', 'whatsapp', state, 10, 0).rows.map((row) => row.id);
    expect([ids('open'), ids('snoozed'), ids('resolved'), ids(null).length]).toEqual([['cnv_a'], ['cnv_b'], [], 2]);
    expect(store.conversationById('org_a', 'cnv_b')).toMatchObject({ state: 'resolved', snoozed_until: '2026-01-05T09:00:00.000Z' });
    expect(store.searchConversations('org_a', 'whatsapp', 'snoozed', 'bye', null, 10, 0).total).toBe(1);
    expect(store.searchConversations('org_a', 'whatsapp', 'resolved', 'bye', null, 10, 0).total).toBe(0);
    const plan = planOf((source) => source.startsWith('SELECT * FROM conversations WHERE org_id = @orgId AND channel = @channel AND state'),
      () => createMessagingStore(db.sql).conversations('org_a', 'whatsapp', 'resolved', 10, 0), { orgId: 'org_a', channel: 'whatsapp', limit: 10, offset: 0 });
    expect(plan).toContain('conversations USING INDEX conversations_state (org_id=? AND channel=? AND state=?)');
    expect(plan).not.toContain('TEMP B-TREE FOR ORDER BY');
    expect(store.setConversationState('org_a', 'cnv_b', { state: 'open', resolvedAt: null, resolvedBy: null, snoozedUntil: null })).toBe(true);
  });
  it('lists snoozed ones soonest to wake first (at one time, most recent first), through migration 47\'s index of snoozed ones, unsorted', () => {
    const snoozed = (until: string) => ({ state: 'resolved' as const, resolvedAt: null, resolvedBy: null, snoozedUntil: until });
    // cnv_b's last message is the newer: most recent first would list it first.
    store.insertConversation({ id: 'cnv_c', org_id: 'org_a', channel: 'whatsapp', address: '+400', contact_id: null, created_at: '2026-01-01T00:00:00.000Z' });
    store.touchConversation({ id: 'cnv_c', text: 'later', at: '2026-01-01T11:00:00.000Z', contact_id: null, unread: 0 });
    store.setConversationState('org_a', 'cnv_b', snoozed('2026-01-06T09:00:00.000Z'));
    store.setConversationState('org_a', 'cnv_a', snoozed('2026-01-05T09:00:00.000Z'));
    store.setConversationState('org_a', 'cnv_c', snoozed('2026-01-06T09:00:00.000Z'));
    const snoozedIds = (limit: number, offset: number) => store.conversations('org_a', 'whatsapp', 'snoozed', limit, offset).rows.map((row) => row.id);
    expect(snoozedIds(10, 0)).toEqual(['cnv_a', 'cnv_c', 'cnv_b']);
    expect([snoozedIds(1, 0), snoozedIds(1, 1), snoozedIds(1, 2), snoozedIds(1, 3)]).toEqual([['cnv_a'], ['cnv_c'], ['cnv_b'], []]);
    // A search and a contact's list in the snoozed state keep that order; every state at once is most recent first.
    expect(store.searchConversations('org_a', 'whatsapp', 'snoozed', '+', null, 10, 0).rows.map((row) => row.id)).toEqual(['cnv_a', 'cnv_c', 'cnv_b']);
    expect(store.conversations('org_a', 'whatsapp', null, 10, 0).rows.map((row) => row.id)).toEqual(['cnv_c', 'cnv_b', 'cnv_a']);
    const plan = planOf((source) => source.startsWith('SELECT * FROM conversations WHERE org_id = @orgId AND channel = @channel AND state'),
      () => createMessagingStore(db.sql).conversations('org_a', 'whatsapp', 'snoozed', 10, 0), { orgId: 'org_a', channel: 'whatsapp', limit: 10, offset: 0 });
    expect(plan).toContain('conversations USING INDEX conversations_snoozed (org_id=? AND channel=? AND state=?');
    expect(plan).not.toContain('TEMP B-TREE FOR ORDER BY');
    expect(plan).not.toContain('RIGHT PART OF ORDER BY');
    for (const id of ['cnv_a', 'cnv_b', 'cnv_c']) store.setConversationState('org_a', id, { state: 'open', resolvedAt: null, resolvedBy: null, snoozedUntil: null });
  });
});

describe('a conversation\'s contact', () => {
  it('is the contact of its newest message that has one: another contact\'s message moves it, a message without one leaves it', () => {
    store.insertConversation({ id: 'cnv_owner', org_id: 'org_a', channel: 'rcs', address: '+14155550999', contact_id: 'ctc_alice', created_at: '2026-01-01T00:00:00.000Z' });
    const contactOf = () => store.conversationById('org_a', 'cnv_owner')?.contact_id;
    store.touchConversation({ id: 'cnv_owner', text: 'from Alice', at: '2026-01-01T12:00:00.000Z', contact_id: 'ctc_alice', unread: 1 });
    expect(contactOf()).toBe('ctc_alice');
    store.touchConversation({ id: 'cnv_owner', text: 'from Ben', at: '2026-01-01T12:01:00.000Z', contact_id: 'ctc_ben', unread: 1 });
    expect(contactOf()).toBe('ctc_ben');
    store.touchConversation({ id: 'cnv_owner', text: 'nobody known', at: '2026-01-01T12:02:00.000Z', contact_id: null, unread: 1 });
    expect(contactOf()).toBe('ctc_ben');
    expect(store.contactConversations('org_a', 'ctc_alice', null, null, 10, 0).rows).toEqual([]);
    expect(store.contactConversations('org_a', 'ctc_ben', null, null, 10, 0).rows.map((c) => [c.id, c.unread_count])).toEqual([['cnv_owner', 3]]);
  });
});
