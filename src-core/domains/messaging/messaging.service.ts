// The messaging service: the send path (messaging.sends.ts) and its recovery, receiving, receipts, the message log,
// conversations and their states, and the reads (messaging.reads.ts).
import type { Channel, Message, MessageSource } from '../../contract/messaging.ts';
import { eventContact } from '../../contract/contacts.ts';
import type { BilledChannel } from '../../contract/wallet.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import type { JobRunner } from '../../kernel/jobs.ts';
import { notFound } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { WalletService } from '../wallet/index.ts';
import { conversationStates, startingState } from './conversation-state.ts';
import type { PaidBy } from './failure-refund.ts';
import type { ConversationRow, MessageRow, MessagingStore } from './messaging.store.ts';
import { keyedAnswers, type Resume } from './keyed-answers.ts';
import { queuedSettlement, type GivenUp } from './recover-queued.ts';
import { messagingReads, toMessage } from './messaging.reads.ts';
import { messagingSends } from './messaging.sends.ts';
import type { Origin } from './origin.ts';
import type { Providers } from './provider.ts';

const ORDER: Record<string, number> = { queued: 0, sent: 1, delivered: 2, read: 3 };

export function createMessagingService(deps: {
  store: MessagingStore; db: Db; bus: Bus; clock: Clock; jobs: JobRunner; contacts: ContactsService; wallet: WalletService; providers: () => Providers;
  /** The organization's name (a provider shows it as the sender of a send without one). */
  organizationName: (orgId: string) => string;
  /** What prepaid a message of this source with this content (a campaign's, by the `campaignId` in it), if anything. */
  paidBy?: (orgId: string, source: string, content: Record<string, unknown>) => PaidBy | null;
  log: (msg: string) => void;
}) {
  const { store, db, bus, clock, contacts, wallet } = deps;

  /** The conversation of a channel's address; a new one starts as `startingState` says for the source of its first message. */
  function conversationFor(orgId: string, channel: Channel, address: string, contactId: string | null, source: MessageSource): ConversationRow {
    const existing = store.findConversation(orgId, channel, address);
    if (existing) return existing;
    const at = clock.nowIso();
    return store.insertConversation({ id: newId('conv'), org_id: orgId, channel, address, contact_id: contactId, created_at: at, ...startingState(source, channel, at) });
  }

  function emitStatus(row: MessageRow): void {
    bus.emit(row.org_id, `${row.channel}.message.status`, { message: toMessage(row), status: row.status });
  }

  const { send, sendMany, handingOver, recovering } = messagingSends({
    store, db, clock, contacts, wallet, providers: deps.providers, organizationName: deps.organizationName, paidBy: deps.paidBy, conversationFor, emitStatus,
  });
  const answers = keyedAnswers({ store, sendMany });
  const states = conversationStates({ store, db, bus, clock, jobs: deps.jobs });
  const queued = queuedSettlement({ store, sendMany, handingOver, recovering, log: deps.log });

  return {
    send,
    sendMany,
    keyedAnswers: answers,
    /**
     * What a keyed request run again after a stop had sent as `part` (see `Origin`): the caller answers it as its
     * first run did, before checking again what guards only sending (a template, a blocked contact, the wallet).
     * Its status is the outcome its send recorded (`sent`, or `failed` at the provider and refunded), as the first
     * run answered it; receipts since (delivered, read, a bounce) are the log's. A message the stop left queued is
     * handed over again first (`resume`, asked only then: through which provider, and what settling it does). Null when unkeyed, or
     * when nothing was sent there.
     */
    keyedAnswer: async (origin: Origin, part: string, resume?: () => Resume): Promise<Message | null> => (await answers(origin, [part], resume))[0] ?? null,
    /** The messages whose hand-over is kept now: what `recoverQueued` settles, taken at start before any request runs. */
    queuedAtStart: (): string[] => store.queuedSendIds(),
    /**
     * At start, off the start-up path: every message of `ids` still queued (a previous process stopped between recording
     * it and hearing from its provider) is handed over again as recorded, or failed and refunded when nothing of its
     * hand-over was kept. See `recover-queued.ts`.
     */
    recoverQueued: queued.recover,
    /**
     * Fails the messages of `ids` still queued, as `outcome` says, refunded (as `prepaidAs`, for what was paid as another
     * channel) and their status events emitted, as the start's recovery fails an interrupted one: a sender that gave up
     * on them (a campaign's dispatch that failed its last attempt). See `recover-queued.ts`.
     */
    giveUpQueued: (ids: string[], outcome: GivenUp, prepaidAs?: BilledChannel): Promise<number> => queued.giveUp(ids, outcome, prepaidAs),

    /**
     * A customer's message delivered by a provider: contact, conversation (unread + 1, reopened if resolved or snoozed), log, event,
     * and an opt-out keyword's block. `name` and `username` (an Instagram sender's handle): who the provider says wrote,
     * which the contact takes as `resolveAddress` says.
     */
    receive(input: { orgId: string; channel: Channel; from: string; text: string; name?: string; username?: string; externalId?: string }): Message {
      return db.tx(() => {
        const contact = contacts.resolveAddress(input.orgId, input.channel, input.from, input.name, input.username);
        const conversation = conversationFor(input.orgId, input.channel, input.from, contact.id, 'INBOUND');
        states.reopenOnInbound(conversation);
        const at = clock.nowIso();
        const id = newId('msg');
        const row = store.insertMessage({
          id, org_id: input.orgId, channel: input.channel, direction: 'inbound', status: 'received', contact_id: contact.id,
          conversation_id: conversation.id, address: input.from, sender: input.from, external_id: input.externalId ?? newId(`in_${input.channel}`),
          type: 'text', text: input.text, content: JSON.stringify({ text: input.text }), template_name: null, template_id: null, source: 'INBOUND',
          billing_amount_paise: 0, created_at: at, sent_at: null,
        });
        store.touchConversation({ id: conversation.id, text: input.text, at, contact_id: contact.id, unread: 1 });
        const message = toMessage(row);
        bus.emit(input.orgId, `${input.channel}.message.received`, { message, contact: eventContact(contact), conversationId: conversation.id });
        // STOP opts the contact out (START back in): after the message, which is stored and shown as any other.
        contacts.applyKeyword(input.orgId, contact.id, input.channel, input.text);
        return message;
      });
    },

    /** A provider's receipt: statuses only move forward (sent → delivered → read); failed is final. */
    applyStatus(channel: Channel, externalId: string, status: 'delivered' | 'read' | 'failed'): Message | null {
      return db.tx(() => {
        const row = store.byExternal(channel, externalId);
        if (!row || row.status === 'failed') return null;
        if (status !== 'failed' && (ORDER[status] ?? 0) <= (ORDER[row.status] ?? 0)) return null;
        const updated = store.setStatus(row, status, clock.nowIso());
        emitStatus(updated);
        return toMessage(updated);
      });
    },

    get(orgId: string, id: string): Message {
      const row = store.byId(id);
      if (!row || row.org_id !== orgId) throw notFound(`Message ${id}`);
      return toMessage(row);
    },
    byExternalId(orgId: string, channel: Channel, externalId: string): Message {
      const row = store.byExternal(channel, externalId);
      if (!row || row.org_id !== orgId) throw notFound(`Message ${externalId}`);
      return toMessage(row);
    },
    conversation(orgId: string, channel: Channel, address: string): ConversationRow | undefined {
      return store.findConversation(orgId, channel, address);
    },
    ...messagingReads({ store, clock, contacts, bus }),
    /** Resolves or reopens a conversation from the console (see conversation-state.ts). */
    setConversationState: states.setConversationState,
    /** Snoozes a conversation from the console until a time on the clock (see conversation-state.ts). */
    snoozeConversation: states.snooze,
    /** The `conversation.wake` job: a snoozed conversation's time came. */
    wakeConversation: states.wake,
    /** What the handset at `phone` can receive (RCS or not), as the channel's provider knows it. */
    capabilities: (phone: string): { rcs: boolean } => ({ rcs: deps.providers().supportsRcs(phone) }),
  };
}
export type MessagingService = ReturnType<typeof createMessagingService>;
