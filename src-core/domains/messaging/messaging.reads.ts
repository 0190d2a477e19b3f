// What is read of messages and conversations: the API's message shape, the inboxes' conversation lists (with
// search), a contact's conversations, unread counts, recent messages and a thread's pages, the 24-hour
// customer-care window, the message log and delivery stats.
import { percentOf } from '../../contract/common.ts';
import {
  CHANNELS, type Channel, type Conversation, type ConversationState, type Message, type MessageSource, type MessageStatus, type SearchMatch, type UnreadCounts,
} from '../../contract/messaging.ts';
import { STATS_MAX_DAYS } from '../../contract/sms.ts';
import type { ConversationRead } from '../../contract/stream.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { Clock } from '../../kernel/clock.ts';
import { foldText } from '../../kernel/db.ts';
import { invalidField, notFound } from '../../kernel/errors.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { ConversationRow, MessageRow, MessagingStore } from './messaging.store.ts';
import { rowLine } from './row-line.ts';
import { snippetAround } from './search-match.ts';

/** WhatsApp and Instagram let a business write freely only within 24 hours of the customer's last message. */
export const CARE_WINDOW_MS = 24 * 3600 * 1000;

/** Counts per channel as the store gives them (a channel with none absent): every channel named, 0 when none, and their total. */
function perChannel(rows: Array<{ channel: string; n: number }>): UnreadCounts {
  const counts = Object.fromEntries(CHANNELS.map((channel) => [channel, 0])) as Record<Channel, number>;
  for (const { channel, n } of rows) counts[channel as Channel] = n;
  return { ...counts, total: CHANNELS.reduce((sum, channel) => sum + counts[channel], 0) };
}

const DAY_MS = 86_400_000;
/** How many UTC dates there are from the one of `startIso` to the one of `endIso`, both inclusive. */
const dayCount = (startIso: string, endIso: string): number => (Date.parse(endIso.slice(0, 10)) - Date.parse(startIso.slice(0, 10))) / DAY_MS + 1;
/** Those UTC dates (YYYY-MM-DD), oldest first. */
function datesBetween(startIso: string, endIso: string): string[] {
  const first = Date.parse(startIso.slice(0, 10));
  return Array.from({ length: Math.max(0, dayCount(startIso, endIso)) }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id, channel: row.channel as Channel, direction: row.direction as Message['direction'], status: row.status as MessageStatus,
    contactId: row.contact_id, conversationId: row.conversation_id, address: row.address, sender: row.sender, externalId: row.external_id,
    type: row.type, text: row.text, content: JSON.parse(row.content) as Record<string, unknown>, templateName: row.template_name,
    templateId: row.template_id, source: row.source as MessageSource, billingAmountPaise: row.billing_amount_paise, errorCode: row.error_code,
    errorMessage: row.error_message, createdAt: row.created_at, sentAt: row.sent_at, deliveredAt: row.delivered_at, readAt: row.read_at,
    failedAt: row.failed_at,
  };
}

export function messagingReads(deps: { store: MessagingStore; clock: Clock; contacts: ContactsService; bus: Pick<Bus, 'publishTransient'> }) {
  const { store, clock, contacts } = deps;

  function toConversation(orgId: string, row: ConversationRow): Conversation {
    const contact = row.contact_id ? contacts.get(orgId, row.contact_id) : null;
    return {
      id: row.id, channel: row.channel as Channel, contactId: row.contact_id, address: row.address,
      customerName: contact?.name ?? null, customerUsername: contact?.username ?? null,
      lastMessage: row.last_message, lastMessageAt: row.last_message_at, unreadCount: row.unread_count,
      lastMessageFailed: store.lastStatus(row.id) === 'failed', contactBlocked: contact?.isBlocked ?? false,
      // A snoozed conversation is stored `resolved` with its time (migration 46).
      state: row.snoozed_until ? 'snoozed' : row.state, resolvedAt: row.resolved_at, resolvedBy: row.resolved_by as Conversation['resolvedBy'],
      snoozedUntil: row.snoozed_until,
    };
  }

  /**
   * The message a search for `term` matched in a conversation: its newest whose text holds it, among those the search
   * reads (sent since `since`, the window's oldest) or its last message, which the search reads whatever its age.
   */
  function searchMatchOf(row: ConversationRow, term: string, since: string): SearchMatch | null {
    const from = row.last_message_at && row.last_message_at < since ? row.last_message_at : since;
    const message = store.latestMatching(row.id, term, from);
    const folded = foldText(term);
    // As the row reads it (a card's title apart from its body); a term the one line breaks (across the card's own line
    // break) is shown in the text as stored.
    const snippet = message?.text ? snippetAround(rowLine({ ...message, text: message.text }), folded) ?? snippetAround(message.text, folded) : null;
    return message && snippet ? { messageId: message.id, createdAt: message.created_at, ...snippet } : null;
  }

  return {
    /** What the customers at `addresses` (one person's phone and IGSID, say) wrote in on any channel, oldest first: a handset's own side. */
    inboundFrom: (orgId: string, addresses: readonly string[], limit: number): Message[] => store.inboundFrom(orgId, addresses, limit).map(toMessage),
    recentMessages: (conversationId: string, limit: number): Message[] => store.recentInConversation(conversationId, limit).map(toMessage),
    /**
     * A page of a conversation's thread, oldest first: its newest `limit` messages, or with `beforeId` the `limit` just
     * older than that message (404 unless it is one of this conversation's); `hasOlder` says whether any come before.
     */
    threadPage(conversationId: string, beforeId: string | undefined, limit: number): { messages: Message[]; hasOlder: boolean } {
      let rows: MessageRow[];
      if (beforeId === undefined) rows = store.recentInConversation(conversationId, limit + 1);
      else {
        const position = store.positionInConversation(conversationId, beforeId);
        if (!position) throw notFound(`Message ${beforeId} of conversation ${conversationId}`);
        rows = store.olderInConversation(conversationId, position, limit + 1);
      }
      // One more than asked for, read oldest first: if it came, it is the first and only says that older ones exist.
      const hasOlder = rows.length > limit;
      return { messages: (hasOlder ? rows.slice(1) : rows).map(toMessage), hasOlder };
    },
    /**
     * Marks the conversation read; one that had unread messages is told to the console's stream (`conversation:read`), so
     * another window's unread counts and badges follow. Answers whether it had any.
     */
    markConversationRead(orgId: string, conversationId: string): boolean {
      const had = store.markConversationRead(orgId, conversationId);
      const row = had ? store.conversationById(orgId, conversationId) : undefined;
      if (row) deps.bus.publishTransient(orgId, 'conversation.read', { conversation: toConversation(orgId, row) } satisfies ConversationRead);
      return had;
    },
    /** A channel's conversations, in one state or (`state` null) every one, most recent first (snoozed ones soonest to wake first); with `search`, those it finds. */
    listConversations(orgId: string, channel: Channel, limit: number, offset: number, search?: string, state: ConversationState | null = null): { rows: Conversation[]; total: number } {
      // A handle typed as the console shows it ("@meera") is searched without its "@", as the contacts search does.
      const term = search?.trim().replace(/^@+/, '');
      if (!term) {
        const { rows, total } = store.conversations(orgId, channel, state, limit, offset);
        return { total, rows: rows.map((row) => toConversation(orgId, row)) };
      }
      // Every contact the search matches counts, checked inside the one statement (a list of the 200 newest missed the rest).
      const { rows, total } = store.searchConversations(orgId, channel, state, term, contacts.matching(orgId, term), limit, offset);
      const since = store.searchWindowStart(orgId, channel) ?? '';
      // Found by its contact or address, a conversation shows as usual: a message is shown only when text alone found it.
      return { total, rows: rows.map((row) => ({ ...toConversation(orgId, row), searchMatch: row.by_party ? null : searchMatchOf(row, term, since) })) };
    },
    /** A contact's conversations, on one channel or on all, in one state or both, most recent first (the console's contact panel). */
    contactConversations(orgId: string, contactId: string, channel: Channel | null, limit: number, offset: number, state: ConversationState | null = null): { rows: Conversation[]; total: number } {
      const { rows, total } = store.contactConversations(orgId, contactId, channel, state, limit, offset);
      return { total, rows: rows.map((row) => toConversation(orgId, row)) };
    },
    /** Open conversations with unread messages per channel (every channel named, 0 when none) and their total. */
    unreadCounts: (orgId: string): UnreadCounts => perChannel(store.unreadConversations(orgId)),
    /** Conversations in `state` per channel (every channel named, 0 when none) and their total (the console's Overview). */
    stateCounts: (orgId: string, state: ConversationState): UnreadCounts => perChannel(store.conversationsInState(orgId, state)),
    getConversation(orgId: string, id: string): Conversation {
      const row = store.conversationById(orgId, id);
      if (!row) throw notFound(`Conversation ${id}`);
      return toConversation(orgId, row);
    },
    /** The 24-hour customer-care window: open while the customer's last message is less than 24 hours old. */
    careWindow(conversationId: string): { open: boolean; lastMessageAt: string | null; closesAt: string | null } {
      const last = store.lastInbound(conversationId);
      if (!last) return { open: false, lastMessageAt: null, closesAt: null };
      const closesAt = Date.parse(last.created_at) + CARE_WINDOW_MS;
      return { open: clock.now() < closesAt, lastMessageAt: last.created_at, closesAt: new Date(closesAt).toISOString() };
    },
    log: (orgId: string, filter: Parameters<MessagingStore['messages']>[1], limit: number, offset: number) => {
      const { rows, total } = store.messages(orgId, filter, limit, offset);
      return { rows: rows.map(toMessage), total };
    },
    /**
     * Daily delivery counts of a channel between `start` and `end`, both inclusive (default: the 30
     * days up to now on the virtual clock), with totals and the delivery rate: a point for every UTC day of the range,
     * zeros on a day without traffic, so a chart of it has no gaps (at most STATS_MAX_DAYS: a longer range is 400).
     * A `start` after now without an `end` is an empty range (the query refuses an `end` given before `start`).
     */
    deliveryStats(orgId: string, channel: Channel, range: { start?: string | undefined; end?: string | undefined }) {
      const end = range.end ?? clock.nowIso();
      const start = range.start ?? new Date(Date.parse(end) - 30 * DAY_MS).toISOString();
      const empty = Date.parse(end) < Date.parse(start);
      const days = dayCount(start, end);
      if (!empty && days > STATS_MAX_DAYS) {
        throw invalidField(`start to end${range.end ? '' : ' (now, when no end is given)'} spans ${days.toLocaleString('en-US')} days; the stats give one `
          + `data point per day, for at most ${STATS_MAX_DAYS} days: ask for a shorter range`);
      }
      const counted = new Map(store.dailyCounts(orgId, channel, start, end).map((point) => [point.date, point]));
      const dataPoints = empty ? [] : datesBetween(start, end).map((date) => counted.get(date) ?? { date, sent: 0, delivered: 0, failed: 0 });
      const totals = dataPoints.reduce((sum, p) => ({ sent: sum.sent + p.sent, delivered: sum.delivered + p.delivered, failed: sum.failed + p.failed }), { sent: 0, delivered: 0, failed: 0 });
      return { dataPoints, totals: { ...totals, deliveryRate: percentOf(totals.delivered, totals.sent + totals.failed) } };
    },
  };
}
