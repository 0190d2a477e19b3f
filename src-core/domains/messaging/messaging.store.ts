// The only SQL of messages and conversations.
import { searchTermInALabels } from '../../contract/common.ts';
import { CHANNELS, type ConversationState } from '../../contract/messaging.ts';
import type { BilledChannel } from '../../contract/wallet.ts';
import { foldText, type Sql } from '../../kernel/db.ts';
import { containsPattern, statementCache, type IdCondition } from '../../kernel/statements.store.ts';

export type MessageRow = {
  id: string; org_id: string; channel: string; direction: string; status: string; contact_id: string | null;
  conversation_id: string | null; address: string; sender: string | null; external_id: string | null; type: string;
  text: string | null; content: string; template_name: string | null; template_id: string | null; source: string;
  billing_amount_paise: number; error_code: string | null; error_message: string | null; created_at: string;
  sent_at: string | null; delivered_at: string | null; read_at: string | null; failed_at: string | null;
};
export type ConversationRow = {
  id: string; org_id: string; channel: string; address: string; contact_id: string | null; last_message: string | null;
  last_message_at: string | null; unread_count: number; created_at: string;
  /** `open` or `resolved` (migration 45); `resolved_at` and `resolved_by` are null while open. */
  state: StoredState; resolved_at: string | null; resolved_by: string | null;
  /** Set only while snoozed (migration 46), when it opens again; a snoozed conversation is stored `resolved` (see `inState`). */
  snoozed_until: string | null;
};
/** A conversation's `state` column: the CHECK of migration 45 knows these two; snoozed is `resolved` with `snoozed_until`. */
export type StoredState = 'open' | 'resolved';
/** A state change as stored: resolved with when and by whom, snoozed until when, or open with none of these. */
export type StoredChange = { state: StoredState; resolvedAt: string | null; resolvedBy: string | null; snoozedUntil: string | null };
type StateColumn = 'state' | 'resolved_at' | 'resolved_by';
/** What was kept of a queued message's hand-over (see `queuedSend`). */
export type HandOver = { payload: string | undefined; prepaidAs: BilledChannel | undefined };
/** A message's place in its thread's order: its time, then its insertion (rowid) among messages of the same time. */
export type ThreadPosition = { at: string; seq: number };
export type MessageFilter = {
  channel: string; direction?: string | undefined; fromIso?: string | undefined; toIso?: string | undefined;
  /** Any of these current statuses. */
  status?: readonly string[] | undefined;
};

/**
 * How many of a channel's most recent messages (per organization) a conversation search reads for their text. Message
 * text has no index: reading the newest N through `messages_org_channel` bounds the work; older text is not searched.
 */
export const MESSAGE_SEARCH_WINDOW = 5_000;

/** What a list in one state adds to its WHERE (literal states: the planner sees the index's state column fixed). */
const STATE_CONDITIONS: Record<ConversationState, string> = {
  open: `AND state = 'open'`,
  snoozed: `AND state = 'resolved' AND snoozed_until IS NOT NULL`,
  resolved: `AND state = 'resolved' AND snoozed_until IS NULL`,
};

/**
 * A list's order, a total one so that pages read by offset neither repeat nor skip a row while nothing changes: the
 * Snoozed list by wake time, soonest first (through migration 47's index), those waking at one time most recent first;
 * every other list (and every state at once) most recent first. Ties of one time by insertion (rowid).
 */
const orderOf = (state: ConversationState | null): string =>
  (state === 'snoozed' ? 'ORDER BY snoozed_until ASC, last_message_at DESC, rowid DESC' : 'ORDER BY last_message_at DESC, rowid DESC');

export function createMessagingStore(sql: Sql, options: { messageSearchWindow?: number } = {}) {
  const prepare = statementCache(sql);
  const messageSearchWindow = options.messageSearchWindow ?? MESSAGE_SEARCH_WINDOW;
  const insertMessage = sql.prepare(`INSERT INTO messages (id, org_id, channel, direction, status, contact_id, conversation_id, address, sender,
      external_id, type, text, content, template_name, template_id, source, billing_amount_paise, created_at, sent_at)
    VALUES (@id, @org_id, @channel, @direction, @status, @contact_id, @conversation_id, @address, @sender, @external_id, @type, @text,
      @content, @template_name, @template_id, @source, @billing_amount_paise, @created_at, @sent_at)`);
  const byId = sql.prepare(`SELECT * FROM messages WHERE id = ?`);
  const byExternal = sql.prepare(`SELECT * FROM messages WHERE channel = ? AND external_id = ?`);
  const markSent = sql.prepare(`UPDATE messages SET status = 'sent', external_id = ?, sent_at = ? WHERE id = ?`);
  const markFailed = sql.prepare(`UPDATE messages SET status = 'failed', error_code = ?, error_message = ?, failed_at = ?, billing_amount_paise = 0 WHERE id = ?`);
  const setStatus = sql.prepare(`UPDATE messages SET status = @status,
      delivered_at = CASE WHEN @status IN ('delivered', 'read') THEN COALESCE(delivered_at, @at) ELSE delivered_at END,
      read_at = CASE WHEN @status = 'read' THEN @at ELSE read_at END,
      failed_at = CASE WHEN @status = 'failed' THEN @at ELSE failed_at END
    WHERE id = @id`);
  const insertQueuedSend = sql.prepare(`INSERT INTO queued_sends (message_id, payload, prepaid_as) VALUES (?, ?, ?)`);
  const queuedSend = sql.prepare(`SELECT payload, prepaid_as FROM queued_sends WHERE message_id = ?`);
  const deleteQueuedSend = sql.prepare(`DELETE FROM queued_sends WHERE message_id = ?`);
  const queuedSendIds = sql.prepare(`SELECT message_id FROM queued_sends`).pluck();
  const findConversation = sql.prepare(`SELECT * FROM conversations WHERE org_id = ? AND channel = ? AND address = ?`);
  const insertConversation = sql.prepare(`INSERT INTO conversations (id, org_id, channel, address, contact_id, created_at, state, resolved_at, resolved_by)
    VALUES (@id, @org_id, @channel, @address, @contact_id, @created_at, @state, @resolved_at, @resolved_by)`);
  // A conversation belongs to the contact that owns its address now: the one its newest message was resolved to (an
  // edited contact's old address, written to or from, is another contact's; docs/contract-notes.md). Same statement,
  // same write: a message of the same contact writes the value it has. A message with no contact moves nothing.
  const touchConversation = sql.prepare(`UPDATE conversations SET last_message = @text, last_message_at = @at, contact_id = COALESCE(@contact_id, contact_id),
      unread_count = unread_count + @unread WHERE id = @id`);
  const markRead = sql.prepare(`UPDATE conversations SET unread_count = 0 WHERE id = ? AND org_id = ? AND unread_count > 0`);
  const setState = sql.prepare(`UPDATE conversations SET state = @state, resolved_at = @resolvedAt, resolved_by = @resolvedBy,
      snoozed_until = @snoozedUntil
    WHERE id = @id AND org_id = @orgId AND (state <> @state OR snoozed_until IS NOT @snoozedUntil)`);
  const recentInConversation = sql.prepare(`SELECT * FROM (SELECT *, rowid AS seq FROM messages WHERE conversation_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)
    ORDER BY created_at ASC, seq ASC`);
  // A thread pages back by (created_at, rowid), its order: a cursor stays where it was as new messages come. The
  // conversation index gives created_at; rowid ties are sorted within one timestamp (no further index needed).
  const positionInConversation = sql.prepare(`SELECT created_at AS at, rowid AS seq FROM messages WHERE id = ? AND conversation_id = ?`);
  const olderInConversation = sql.prepare(`SELECT * FROM (SELECT *, rowid AS seq FROM messages WHERE conversation_id = @conversationId
      AND created_at <= @at AND (created_at < @at OR rowid < @seq) ORDER BY created_at DESC, rowid DESC LIMIT @limit)
    ORDER BY created_at ASC, seq ASC`);
  const lastStatus = sql.prepare(`SELECT status FROM messages WHERE conversation_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1`).pluck();
  // The newest of a conversation's messages since `since` whose text holds a search's term (the conversation index,
  // newest first, stops at the first).
  const latestMatching = sql.prepare(`SELECT id, channel, text, content, created_at FROM messages WHERE conversation_id = @conversationId AND created_at >= @since
    AND fold(text) LIKE @like ESCAPE '\\' ORDER BY created_at DESC, rowid DESC LIMIT 1`);
  const searchWindowStart = sql.prepare(`SELECT created_at FROM messages WHERE org_id = ? AND channel = ? ORDER BY created_at DESC LIMIT 1 OFFSET ?`).pluck();
  // Through the conversations' (org, channel, address) key and then each conversation's messages: no scan of the log.
  const inboundFrom = sql.prepare(`SELECT m.* FROM conversations c JOIN messages m ON m.conversation_id = c.id
    WHERE c.org_id = @orgId AND c.channel IN (SELECT value FROM json_each(@channels)) AND c.address IN (SELECT value FROM json_each(@addresses))
      AND m.direction = 'inbound' ORDER BY m.created_at, m.rowid LIMIT @limit`);
  const lastInbound = sql.prepare(`SELECT * FROM messages WHERE conversation_id = ? AND direction = 'inbound' ORDER BY created_at DESC, rowid DESC LIMIT 1`);
  const conversationById = sql.prepare(`SELECT * FROM conversations WHERE org_id = ? AND id = ?`);
  // A blocked contact's conversations are not waiting for anyone: every reply would be refused. Nor are resolved ones.
  const unreadByChannel = sql.prepare(`SELECT channel, COUNT(*) AS n FROM conversations v WHERE org_id = ? AND unread_count > 0 AND state = 'open'
    AND NOT EXISTS (SELECT 1 FROM contacts c WHERE c.id = v.contact_id AND c.is_blocked = 1) GROUP BY channel`);
  /**
   * The condition a list in one state adds (none for every state): a statement of its own, so the (org, channel, state,
   * time) index serves it. Snoozed and resolved share the stored `resolved`; `snoozed_until` tells them apart.
   */
  const inState = (state: ConversationState | null): string => (state ? STATE_CONDITIONS[state] : '');

  function filterClause(orgId: string, filter: MessageFilter) {
    const where = ['org_id = @orgId', 'channel = @channel'];
    if (filter.direction) where.push('direction = @direction');
    if (filter.status) where.push('status IN (SELECT value FROM json_each(@statuses))');
    if (filter.fromIso) where.push('created_at >= @fromIso');
    if (filter.toIso) where.push('created_at < @toIso');
    const { status, ...rest } = filter;
    return { clause: where.join(' AND '), params: { orgId, ...rest, ...(status ? { statuses: JSON.stringify(status) } : {}) } };
  }

  return {
    /** Inserts a message and returns its row as stored. */
    insertMessage(row: Omit<MessageRow, 'error_code' | 'error_message' | 'delivered_at' | 'read_at' | 'failed_at'>): MessageRow {
      insertMessage.run(row);
      return { ...row, error_code: null, error_message: null, delivered_at: null, read_at: null, failed_at: null };
    },
    byId: (id: string) => byId.get(id) as MessageRow | undefined,
    byExternal: (channel: string, externalId: string) => byExternal.get(channel, externalId) as MessageRow | undefined,
    /** Marks a queued message sent; returns its row as now stored. */
    markSent(row: MessageRow, externalId: string, at: string): MessageRow {
      markSent.run(externalId, at, row.id);
      return { ...row, status: 'sent', external_id: externalId, sent_at: at };
    },
    /** Marks a queued message failed (nothing billed); returns its row as now stored. */
    markFailed(row: MessageRow, code: string, message: string, at: string): MessageRow {
      markFailed.run(code, message, at, row.id);
      return { ...row, status: 'failed', error_code: code, error_message: message, failed_at: at, billing_amount_paise: 0 };
    },
    /** A receipt's status (delivered, read or failed) with its timestamps; returns the row as now stored. */
    setStatus(row: MessageRow, status: 'delivered' | 'read' | 'failed', at: string): MessageRow {
      setStatus.run({ id: row.id, status, at });
      return {
        ...row, status, delivered_at: status === 'delivered' || status === 'read' ? (row.delivered_at ?? at) : row.delivered_at,
        read_at: status === 'read' ? at : row.read_at, failed_at: status === 'failed' ? at : row.failed_at,
      };
    },
    /** What a queued message was handed to its provider with (its payload, as JSON), kept until its outcome is recorded. */
    /** Keeps what a queued message is handed over with: its payload, and what it was paid as when not its own channel. */
    keepQueuedSend: (messageId: string, payload: string, prepaidAs: BilledChannel | null = null) => void insertQueuedSend.run(messageId, payload, prepaidAs),
    /**
     * What was kept of a queued message's hand-over: its payload, undefined when nothing was kept (no row, or a row
     * migration 30 made without one), and what it was paid as when not its own channel (an RCS campaign's SMS fallback).
     */
    queuedSend(messageId: string): HandOver {
      const kept = queuedSend.get(messageId) as { payload: string | null; prepaid_as: BilledChannel | null } | undefined;
      return { payload: kept?.payload ?? undefined, prepaidAs: kept?.prepaid_as ?? undefined };
    },
    dropQueuedSend: (messageId: string) => void deleteQueuedSend.run(messageId),
    /** Every message whose hand-over is kept (see `keepQueuedSend`): those handed to a provider and not yet settled. */
    queuedSendIds: () => queuedSendIds.all() as string[],
    findConversation: (orgId: string, channel: string, address: string) => findConversation.get(orgId, channel, address) as ConversationRow | undefined,
    /** Inserts a conversation (open unless its state is given) and returns its row as stored. */
    insertConversation(given: Omit<ConversationRow, 'last_message' | 'last_message_at' | 'unread_count' | 'snoozed_until' | StateColumn> & Partial<Pick<ConversationRow, StateColumn>>): ConversationRow {
      const row = { state: 'open' as const, resolved_at: null, resolved_by: null, ...given };
      insertConversation.run(row);
      return { ...row, last_message: null, last_message_at: null, unread_count: 0, snoozed_until: null };
    },
    /** A message recorded in the conversation: its last message and time, `unread` more unread, and the message's contact (when it has one) its contact. */
    touchConversation: (p: { id: string; text: string; at: string; contact_id: string | null; unread: number }) => void touchConversation.run(p),
    /** Whether the conversation had unread messages (now none). */
    markConversationRead: (orgId: string, id: string) => markRead.run(id, orgId).changes === 1,
    /**
     * Puts a conversation in `state`, resolved with when and by whom, snoozed until when, or open with none of these;
     * false (nothing written) when it was so already (snoozed until that same time).
     */
    setConversationState(orgId: string, id: string, change: StoredChange): boolean {
      return setState.run({ orgId, id, ...change }).changes === 1;
    },
    /** A conversation's newest `limit` messages, oldest first. */
    recentInConversation: (conversationId: string, limit: number) => recentInConversation.all(conversationId, limit) as MessageRow[],
    /** Where a message of this conversation stands in its order; undefined when it is not one of its messages. */
    positionInConversation: (conversationId: string, messageId: string) =>
      positionInConversation.get(messageId, conversationId) as ThreadPosition | undefined,
    /** The `limit` messages of a conversation just older than `position`, oldest first. */
    olderInConversation: (conversationId: string, position: ThreadPosition, limit: number) =>
      olderInConversation.all({ conversationId, ...position, limit }) as MessageRow[],
    conversationById: (orgId: string, id: string) => conversationById.get(orgId, id) as ConversationRow | undefined,
    /**
     * Conversations of a channel whose address or latest message contains `term`, whose contact `contacts` holds for
     * (the contacts domain's condition on `contact_id`: its search, every match), or with one of the channel's newest `messageSearchWindow` messages containing it; each row says whether its
     * contact or address matched (`by_party`: 1), else only message text did.
     */
    searchConversations(orgId: string, channel: string, state: ConversationState | null, term: string, contacts: IdCondition | null, limit: number, offset: number) {
      const ids = contacts ? `OR ${contacts.on('conversations.contact_id')}` : '';
      // Accents and case aside (fold, as the contacts' and email contacts' searches): `jose` finds "José".
      const recentText = `SELECT conversation_id FROM (SELECT conversation_id, text FROM messages WHERE org_id = @orgId AND channel = @channel
        ORDER BY created_at DESC LIMIT @window) WHERE fold(text) LIKE @like ESCAPE '\\'`;
      // An address is stored with its domain in A-labels: a term naming a domain as the console shows it (`bücher`) finds it too.
      const asciiAddress = searchTermInALabels(term);
      const byAsciiAddress = asciiAddress ? `OR address LIKE @asciiLike ESCAPE '\\'` : '';
      const byParty = `(address LIKE @like ESCAPE '\\' ${byAsciiAddress} ${ids})`;
      const where = `org_id = @orgId AND channel = @channel ${inState(state)} AND (${byParty} OR fold(last_message) LIKE @like ESCAPE '\\' OR id IN (${recentText}))`;
      const params = {
        ...contacts?.params, orgId, channel, like: containsPattern(foldText(term)), window: messageSearchWindow,
        ...(asciiAddress ? { asciiLike: containsPattern(asciiAddress) } : {}),
      };
      return {
        rows: prepare(`SELECT *, coalesce(${byParty}, 0) AS by_party FROM conversations WHERE ${where} ${orderOf(state)} LIMIT @limit OFFSET @offset`)
          .all({ ...params, limit, offset }) as Array<ConversationRow & { by_party: 0 | 1 }>,
        total: (prepare(`SELECT COUNT(*) AS n FROM conversations WHERE ${where}`).get(params) as { n: number }).n,
      };
    },
    /** When the oldest message a conversation search reads for its text was sent (undefined: it reads them all). */
    searchWindowStart: (orgId: string, channel: string) => searchWindowStart.get(orgId, channel, messageSearchWindow - 1) as string | undefined,
    /** A conversation's newest message sent at `since` or later whose text contains `term` (as `searchConversations` matches). */
    latestMatching(conversationId: string, term: string, since: string) {
      return latestMatching.get({ conversationId, since, like: containsPattern(foldText(term)) }) as Pick<MessageRow, 'id' | 'channel' | 'text' | 'content' | 'created_at'> | undefined;
    },
    /** How many conversations have unread messages, per channel (channels with none are absent). */
    unreadConversations: (orgId: string) => unreadByChannel.all(orgId) as Array<{ channel: string; n: number }>,
    /**
     * How many conversations are in `state`, per channel (channels with none are absent): `channel IN (…)` lets the
     * (org, channel, state, time) index seek each channel's.
     */
    conversationsInState: (orgId: string, state: ConversationState) =>
      prepare(`SELECT channel, COUNT(*) AS n FROM conversations WHERE org_id = ? AND channel IN (${CHANNELS.map((c) => `'${c}'`).join(', ')}) ${inState(state)} GROUP BY channel`)
        .all(orgId) as Array<{ channel: string; n: number }>,
    /** The status of a conversation's newest message (undefined without one). */
    lastStatus: (conversationId: string) => lastStatus.get(conversationId) as string | undefined,
    lastInbound: (conversationId: string) => lastInbound.get(conversationId) as MessageRow | undefined,
    /** What the customers at `addresses` wrote in (every channel), oldest first. */
    inboundFrom: (orgId: string, addresses: readonly string[], limit: number) =>
      inboundFrom.all({ orgId, channels: JSON.stringify(CHANNELS), addresses: JSON.stringify(addresses), limit }) as MessageRow[],
    /** A contact's conversations, on one channel or (`channel` null) on all, in one state or (`state` null) every one, in the state's order (`orderOf`). */
    contactConversations(orgId: string, contactId: string, channel: string | null, state: ConversationState | null, limit: number, offset: number) {
      const where = `org_id = @org AND contact_id = @contact AND (@channel IS NULL OR channel = @channel) ${inState(state)}`;
      const params = { org: orgId, contact: contactId, channel };
      return {
        rows: prepare(`SELECT * FROM conversations WHERE ${where} ${orderOf(state)} LIMIT @limit OFFSET @offset`)
          .all({ ...params, limit, offset }) as ConversationRow[],
        total: (prepare(`SELECT COUNT(*) AS n FROM conversations WHERE ${where}`).get(params) as { n: number }).n,
      };
    },
    /** A channel's conversations in one state or (`state` null) every one, in the state's order (`orderOf`: snoozed ones soonest to wake first). */
    conversations(orgId: string, channel: string, state: ConversationState | null, limit: number, offset: number) {
      const where = `org_id = @orgId AND channel = @channel ${inState(state)}`;
      const params = { orgId, channel };
      return {
        rows: prepare(`SELECT * FROM conversations WHERE ${where} ${orderOf(state)} LIMIT @limit OFFSET @offset`)
          .all({ ...params, limit, offset }) as ConversationRow[],
        total: (prepare(`SELECT COUNT(*) AS n FROM conversations WHERE ${where}`).get(params) as { n: number }).n,
      };
    },
    messages(orgId: string, filter: MessageFilter, limit: number, offset: number): { rows: MessageRow[]; total: number } {
      const { clause, params } = filterClause(orgId, filter);
      const all = { ...params, limit, offset };
      return {
        rows: prepare(`SELECT * FROM messages WHERE ${clause} ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset`).all(all) as MessageRow[],
        total: (prepare(`SELECT COUNT(*) AS n FROM messages WHERE ${clause}`).get(all) as { n: number }).n,
      };
    },
    dailyCounts(orgId: string, channel: string, fromIso: string, toIso: string) {
      return prepare(`SELECT substr(created_at, 1, 10) AS date,
          SUM(CASE WHEN status IN ('sent', 'delivered', 'read') OR delivered_at IS NOT NULL THEN 1 ELSE 0 END) AS sent,
          SUM(CASE WHEN delivered_at IS NOT NULL THEN 1 ELSE 0 END) AS delivered,
          SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END) AS failed
        FROM messages WHERE org_id = ? AND channel = ? AND direction = 'outbound' AND created_at >= ? AND created_at <= ?
        GROUP BY date ORDER BY date`).all(orgId, channel, fromIso, toIso) as Array<{ date: string; sent: number; delivered: number; failed: number }>;
    },
  };
}
export type MessagingStore = ReturnType<typeof createMessagingStore>;
