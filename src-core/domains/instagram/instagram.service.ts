// The rules of Instagram: the organization's connection (without it every Instagram route is 404), the
// profile, conversations over the shared messaging ones, direct messages within the 24-hour window, insights.
import { randomInt } from 'node:crypto';
import { charCount, type ListEnvelope } from '../../contract/common.ts';
import {
  igsidProblem, INSTAGRAM_MESSAGE_MAX, type ConnectInstagramInput, type InstagramConnection, type InstagramConnectionState,
  type InstagramConversation, type InstagramInsights, type InstagramProfile, type InstagramSendResult, type InstagramSender,
  type InstagramSenderInput, type SendInstagramMessageInput,
} from '../../contract/instagram.ts';
import type { Conversation, Message } from '../../contract/messaging.ts';
import { sendFailureOf } from '../../contract/send-failure.ts';
import type { IntegrationChange } from '../../contract/stream.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { AppError, invalidField, notFound } from '../../kernel/errors.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import type { ContactsService } from '../contacts/index.ts';
import { keyedMessageId, type MessagingService, type Origin } from '../messaging/index.ts';
import { computeInsights, INSIGHTS_PERIOD_MS } from './instagram.insights.ts';
import type { ConnectionRow, InstagramStore } from './instagram.store.ts';

/** Instagram lets a business message a user only within 24 hours of that user's last message. */

/** The part a keyed request's direct message is named by within the request (see `Origin`). */
export const INSTAGRAM_MESSAGE_PART = 'instagram';
const sendResult = (message: Message): InstagramSendResult & { message: Message } => ({ messageId: message.externalId ?? message.id, status: message.status, ...sendFailureOf(message), message });
const toConnection = (row: ConnectionRow): InstagramConnection => ({
  id: row.instagram_account_id, username: row.username, name: row.name, biography: row.biography, followersCount: row.followers_count,
  followsCount: row.follows_count, mediaCount: row.media_count, profilePictureUrl: row.profile_picture_url, website: row.website,
  instagramAccountId: row.instagram_account_id, pageId: row.page_id, pageName: row.page_name, connectedAt: row.connected_at, updatedAt: row.updated_at,
});

/** Ids the platform would assign: Instagram professional accounts are 1784… numbers, Facebook pages 15 digits. */
const digits = (count: number): string => Array.from({ length: count }, () => String(randomInt(10))).join('');

export function createInstagramService(deps: {
  store: InstagramStore; db: Db; clock: Clock; messaging: MessagingService; contacts: ContactsService; bus: Pick<Bus, 'publishTransient'>;
}) {
  const { store, db, clock, messaging, contacts } = deps;

  function mustConnection(orgId: string): ConnectionRow {
    const row = store.connection(orgId);
    if (!row) {
      throw new AppError('INTEGRATION_NOT_CONNECTED', 'Instagram integration is not connected for this organization: connect an Instagram account in the dashboard first', {
        extra: { integration: 'instagram' },
      });
    }
    return row;
  }

  /** Whether the conversation's contact is blocked: a blocked contact's conversations are hidden until unblocked. */
  const isBlocked = (orgId: string, contactId: string | null): boolean => (contactId ? contacts.get(orgId, contactId).isBlocked : false);

  function toConversation(orgId: string, conversation: Omit<Conversation, 'customerUsername' | 'contactBlocked' | 'lastMessageFailed' | 'state' | 'resolvedAt' | 'resolvedBy' | 'snoozedUntil'>): InstagramConversation {
    const sender = store.sender(orgId, conversation.address);
    return {
      id: conversation.id, senderId: conversation.address, senderUsername: sender?.username ?? null,
      senderName: sender?.name ?? conversation.customerName, lastMessage: conversation.lastMessage,
      lastMessageAt: conversation.lastMessageAt, unreadCount: conversation.unreadCount,
    };
  }

  /**
   * A send must answer to a customer's message: blocked contacts are refused first (409 with the
   * reason, as for every send), then a user who never wrote, or wrote more than 24 hours ago (400).
   */
  function assertCanMessage(orgId: string, connection: ConnectionRow, igsid: string): void {
    const conversation = messaging.conversation(orgId, 'instagram', igsid);
    if (conversation?.contact_id) contacts.assertSendable(contacts.get(orgId, conversation.contact_id));
    const window = conversation ? messaging.careWindow(conversation.id) : null;
    if (!window?.lastMessageAt) {
      throw new AppError('OUTSIDE_MESSAGING_WINDOW',
        `Instagram user ${igsid} has never messaged @${connection.username}: Instagram lets a business message a user only within 24 hours of that user's last message`,
        { extra: { recipientIgsid: igsid, lastMessageAt: null, windowClosedAt: null } });
    }
    if (!window.open) {
      throw new AppError('OUTSIDE_MESSAGING_WINDOW',
        `The 24-hour messaging window with Instagram user ${igsid} closed at ${window.closesAt}: Instagram lets a business reply only within 24 hours of the user's last message (${window.lastMessageAt})`,
        { extra: { recipientIgsid: igsid, lastMessageAt: window.lastMessageAt, windowClosedAt: window.closesAt } });
    }
  }

  /**
   * The handle the platform knows for a customer's IGSID, as the contact may take it: one that reads as an IGSID (all
   * digits) is none, since a contact's username of digits is taken for an id.
   */
  function handleOf(orgId: string, igsid: string): string | undefined {
    const username = store.sender(orgId, igsid)?.username;
    return username && igsidProblem(username) ? username : undefined;
  }

  function visibleConversations(orgId: string): Conversation[] {
    const { total } = messaging.listConversations(orgId, 'instagram', 1, 0);
    return messaging.listConversations(orgId, 'instagram', Math.max(total, 1), 0).rows.filter((c) => !isBlocked(orgId, c.contactId));
  }

  return {
    connection(orgId: string): InstagramConnectionState {
      const row = store.connection(orgId);
      return row ? { connected: true, connection: toConnection(row) } : { connected: false, connection: null };
    },
    /** Connects the account, or replaces the profile of the connected one; answers whether it was new. */
    connect(orgId: string, input: ConnectInstagramInput): { created: boolean; connection: InstagramConnection } {
      const connected = db.tx(() => {
        const existing = store.connection(orgId);
        const at = clock.nowIso();
        store.saveConnection({
          org_id: orgId,
          instagram_account_id: input.instagramAccountId ?? existing?.instagram_account_id ?? `17841${digits(12)}`,
          page_id: input.pageId ?? existing?.page_id ?? digits(15), page_name: input.pageName ?? null, username: input.username,
          name: input.name ?? null, biography: input.biography ?? null, website: input.website ?? null,
          profile_picture_url: input.profilePictureUrl ?? null, followers_count: input.followersCount ?? 0,
          follows_count: input.followsCount ?? 0, media_count: input.mediaCount ?? 0, connected_at: at, updated_at: at,
        });
        return { created: !existing, connection: toConnection(mustConnection(orgId)) };
      });
      deps.bus.publishTransient(orgId, 'integration.changed', { integration: 'instagram', connected: true } satisfies IntegrationChange);
      return connected;
    },
    /** Disconnects; conversations and messages are kept and reappear on reconnecting. */
    disconnect(orgId: string): { success: true; connected: false; wasConnected: boolean } {
      const wasConnected = store.deleteConnection(orgId);
      if (wasConnected) deps.bus.publishTransient(orgId, 'integration.changed', { integration: 'instagram', connected: false } satisfies IntegrationChange);
      return { success: true, connected: false, wasConnected };
    },

    /**
     * The handle and name the platform knows for a customer's IGSID (shown in conversations). A new handle for a user
     * whose contact took the old one is the contact's from now on (a user renamed on Instagram stays one contact).
     */
    rememberSender(orgId: string, igsid: string, input: Omit<InstagramSenderInput, 'organizationId'>): InstagramSender {
      return db.tx(() => {
        const updatedAt = clock.nowIso();
        const before = handleOf(orgId, igsid);
        store.saveSender({ org_id: orgId, igsid, username: input.username, name: input.name ?? null, updated_at: updatedAt });
        const after = handleOf(orgId, igsid);
        if (before && after && before !== after) contacts.renameUsername(orgId, before, after);
        const row = store.sender(orgId, igsid);
        return { igsid, username: input.username, name: row?.name ?? null, updatedAt };
      });
    },

    /**
     * A direct message from a customer, as the platform delivers it: with the handle and name it knows for the IGSID,
     * which the contact takes (the handle as its username in place of the IGSID, the name if it has none; see
     * `resolveAddress`). A name given with the message (the simulator's) comes before the known one.
     */
    receive(orgId: string, input: { from: string; text: string; name?: string | undefined }): Message {
      const known = store.sender(orgId, input.from)?.name ?? undefined;
      return messaging.receive({ orgId, channel: 'instagram', from: input.from, text: input.text, name: input.name ?? known, username: handleOf(orgId, input.from) });
    },

    profile(orgId: string): InstagramProfile {
      const { id, username, name, biography, followersCount, followsCount, mediaCount, profilePictureUrl, website } = toConnection(mustConnection(orgId));
      return { id, username, name, biography, followersCount, followsCount, mediaCount, profilePictureUrl, website };
    },

    /** Newest activity first; conversations of blocked contacts are left out until they are unblocked. */
    conversations(orgId: string, page: PageRequest): ListEnvelope<InstagramConversation> {
      mustConnection(orgId);
      const all = visibleConversations(orgId);
      return pageEnvelope(all.slice(page.offset, page.offset + page.limit).map((c) => toConversation(orgId, c)), all.length, page);
    },

    /** The messages of one conversation, oldest first (the console's thread view). */
    thread(orgId: string, igsid: string, limit: number): InstagramConversation & { messages: Message[] } {
      mustConnection(orgId);
      const conversation = messaging.conversation(orgId, 'instagram', igsid);
      if (!conversation) throw notFound(`Instagram conversation with ${igsid}`);
      const contact = conversation.contact_id ? contacts.get(orgId, conversation.contact_id) : null;
      return {
        ...toConversation(orgId, {
          id: conversation.id, channel: 'instagram', contactId: conversation.contact_id, address: conversation.address,
          customerName: contact?.name ?? null, lastMessage: conversation.last_message, lastMessageAt: conversation.last_message_at,
          unreadCount: conversation.unread_count,
        }),
        messages: messaging.recentMessages(conversation.id, limit),
      };
    },
    markRead(orgId: string, igsid: string): { success: true; conversationId: string } {
      mustConnection(orgId);
      const conversation = messaging.conversation(orgId, 'instagram', igsid);
      if (!conversation) throw notFound(`Instagram conversation with ${igsid}`);
      messaging.markConversationRead(orgId, conversation.id);
      return { success: true, conversationId: conversation.id };
    },

    /**
     * Sends a direct message: the dedicated endpoint, the unified send and the console all come here.
     * Checks the connection (404), the IGSID and text (400), blocking (409) and the 24-hour window (400),
     * then goes through the shared send path (billing at the instagram price, log, conversation, events).
     */
    async sendMessage(orgId: string, input: SendInstagramMessageInput, origin: Origin): Promise<InstagramSendResult & { message: Message }> {
      // Run again under its key after a stop: the message it had sent answers, though the window may have closed since.
      const answered = await messaging.keyedAnswer(origin, INSTAGRAM_MESSAGE_PART);
      if (answered) return sendResult(answered);
      const connection = mustConnection(orgId);
      const igsid = input.recipientIgsid.trim();
      const problem = igsidProblem(igsid);
      if (problem) throw invalidField(`recipientIgsid: ${problem}`);
      if (input.message.trim().length === 0) throw invalidField('message: must not be empty');
      if (charCount(input.message) > INSTAGRAM_MESSAGE_MAX) throw invalidField(`message: must be at most ${INSTAGRAM_MESSAGE_MAX} characters`);
      assertCanMessage(orgId, connection, igsid);
      const message = await messaging.send({
        orgId, channel: 'instagram', to: igsid, contactUsername: handleOf(orgId, igsid), sender: connection.username, type: 'text', text: input.message, source: origin.source,
        content: { text: input.message, sourceName: origin.sourceName ?? null },
        payload: { instagramAccountId: connection.instagram_account_id, recipientIgsid: igsid },
        ...keyedMessageId(origin, INSTAGRAM_MESSAGE_PART),
      });
      return sendResult(message);
    },

    insights(orgId: string): InstagramInsights {
      const row = mustConnection(orgId);
      const fromIso = new Date(clock.now() - INSIGHTS_PERIOD_MS).toISOString();
      const count = (direction: 'inbound' | 'outbound'): number => messaging.log(orgId, { channel: 'instagram', direction, fromIso }, 1, 0).total;
      return computeInsights({
        followersCount: row.followers_count, mediaCount: row.media_count, hasWebsite: row.website !== null,
        inboundMessages: count('inbound'), outboundMessages: count('outbound'), nowIso: clock.nowIso(),
      });
    },
  };
}
export type InstagramService = ReturnType<typeof createInstagramService>;
