// The outbound send path of every channel: a group of sends queued in one transaction (contact resolution, the
// blocked check, billing), handed to its providers, and every outcome recorded (a failure refunded) in one more.
import type { Channel, Message, MessageSource } from '../../contract/messaging.ts';
import type { BilledChannel } from '../../contract/wallet.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { newId } from '../../kernel/ids.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { WalletService } from '../wallet/index.ts';
import { recipientWords, refundOf, type PaidBy } from './failure-refund.ts';
import { toMessage } from './messaging.reads.ts';
import type { ConversationRow, MessageRow, MessagingStore } from './messaging.store.ts';
import type { ChannelProvider, ProviderOutcome, Providers, ProviderSend } from './provider.ts';

export type OutboundInput = {
  orgId: string;
  channel: Channel;
  to: string;
  sender: string | null;
  type: string;
  text: string;
  /** The conversation's one-line preview, when the text would not read as one (a rich card's title and body apart). */
  preview?: string;
  content?: Record<string, unknown>;
  templateName?: string | null;
  templateId?: string | null;
  source: MessageSource;
  /** The recipient's name as the sender gave it: the name of a contact this send creates, or of one that has none yet. */
  contactName?: string | undefined;
  /** The Instagram handle the platform knows for the recipient's IGSID: the contact is found by it too (see `resolveAddress`). */
  contactUsername?: string | undefined;
  /** Provider-specific extras (buttons, subject, html...). */
  payload?: Record<string, unknown>;
  /** Overrides the channel's provider for this send (e.g. the organization's own SMTP server). */
  provider?: ChannelProvider;
  /**
   * Fixes the message id (one is made when absent). Sending again with the id of a message still `queued`
   * (a crash came between recording it and hearing from the provider) resumes that message: no second
   * row, no second charge, and the provider, for which the id is an idempotency key, delivers it once.
   */
  messageId?: string;
  /** Already paid (a campaign reserves its recipients at launch, in paise or email credits): recorded on the message, not charged again. */
  prepaidPaise?: number;
  /** What the prepaid amount was charged as, when not the message's own channel (an RCS campaign's SMS fallback): a failure refunds it there. */
  prepaidAs?: BilledChannel;
  /** Runs inside the transaction that records the queued message; throwing there sends nothing. */
  onQueued?: (messageId: string) => void;
  /** Runs inside the transaction that records the outcome (or at once for a message already settled). */
  onSettled?: (message: Message) => void;
};

/** A send refused while a group was queued without savepoints: that attempt is rolled back (see `sendMany`). */
class QueueRefused extends Error {
  constructor(readonly refusal: unknown) {
    super('a send of the group was refused');
  }
}

/** How `sendMany` takes a refusal (a blocked contact, the wallet): see there. */
export type SendManyOptions = {
  /** A refusal refuses the whole group (it throws; nothing is sent or charged) instead of leaving the others. */
  allOrNothing?: boolean;
  /**
   * Runs first inside the transaction that queues the group (nothing else runs between it and the queueing);
   * throwing there sends nothing. Not run when every message of the group exists already (run again by its ids).
   */
  precheck?: () => void;
};

export function messagingSends(deps: {
  store: MessagingStore; db: Db; clock: Clock; contacts: ContactsService; wallet: WalletService; providers: () => Providers;
  /** The organization's name (a provider shows it as the sender of a send without one). */
  organizationName: (orgId: string) => string;
  /** What prepaid a message of this source with this content (a campaign's, by the `campaignId` in it), if anything. */
  paidBy?: (orgId: string, source: string, content: Record<string, unknown>) => PaidBy | null;
  /** The conversation of a channel's address, made when new, open or not by the source of its first message (receiving shares it). */
  conversationFor: (orgId: string, channel: Channel, address: string, contactId: string | null, source: MessageSource) => ConversationRow;
  /** Emits a message's status event (receipts share it). */
  emitStatus: (row: MessageRow) => void;
}) {
  const { store, db, clock, contacts, wallet, conversationFor, emitStatus } = deps;

  const billedChannel = (channel: Channel): BilledChannel | null => (channel === 'email' ? null : channel);
  const providerOf = (input: OutboundInput): ChannelProvider => input.provider ?? deps.providers()[input.channel];
  /**
   * What the provider is handed for each queued message of a group: the text as recorded (one resumed after a stop
   * says what was logged, an OTP's code), and the organization's name (cached by the organizations, see orgs.store.ts).
   */
  function providerSends(group: Array<{ input: OutboundInput; row: MessageRow }>): ProviderSend[] {
    return group.map(({ input, row }) => ({
      orgId: input.orgId, channel: input.channel, messageId: row.id, to: input.to, from: input.sender, businessName: deps.organizationName(input.orgId),
      text: row.text ?? input.text, payload: input.payload ?? {},
    }));
  }

  /** Records a send as `queued`: refuses a blocked contact (409), charges (unless prepaid), creates contact and conversation. In a transaction. */
  function enqueue(input: OutboundInput, messageId: string): MessageRow {
    const contact = contacts.resolveAddress(input.orgId, input.channel, input.to, input.contactName, input.contactUsername);
    contacts.assertSendable(contact);
    const conversation = conversationFor(input.orgId, input.channel, input.to, contact.id, input.source);
    const billed = billedChannel(input.channel);
    // The line names the recipient as the contact and the address the message records, as its refund would
    // (`WhatsApp message to Alice Johnson (+14155550101)`; the address alone for a contact without a name).
    const to = recipientWords(contact.name, input.to);
    const charge = billed && input.prepaidPaise === undefined ? wallet.charge(input.orgId, billed, { type: 'message', id: messageId }, { to }) : null;
    if (input.channel === 'email' && input.prepaidPaise === undefined) wallet.spendEmailCredit(input.orgId, { type: 'message', id: messageId }, { to });
    const at = clock.nowIso();
    const row = store.insertMessage({
      id: messageId, org_id: input.orgId, channel: input.channel, direction: 'outbound', status: 'queued', contact_id: contact.id,
      conversation_id: conversation.id, address: input.to, sender: input.sender, external_id: null, type: input.type, text: input.text,
      content: JSON.stringify(input.content ?? { text: input.text }), template_name: input.templateName ?? null,
      template_id: input.templateId ?? null, source: input.source, billing_amount_paise: input.prepaidPaise ?? (charge ? -charge.amountPaise : 0),
      created_at: at, sent_at: null,
    });
    store.touchConversation({ id: conversation.id, text: input.preview ?? input.text, at, contact_id: contact.id, unread: 0 });
    input.onQueued?.(messageId);
    return row;
  }

  /** The name of a message's contact, for its refund line (none for a contact deleted since it was queued). */
  function contactNameOf(row: MessageRow): string | null {
    if (!row.contact_id) return null;
    try {
      return contacts.get(row.org_id, row.contact_id).name;
    } catch {
      return null;
    }
  }

  /** Records the provider's answer: `sent`, or `failed` with the charge refunded. In a transaction. */
  function record(input: OutboundInput, queued: MessageRow, outcome: ProviderOutcome): Message {
    const at = clock.nowIso();
    let row: MessageRow;
    if (outcome.ok) row = store.markSent(queued, outcome.externalId, at);
    else {
      row = store.markFailed(queued, outcome.code, outcome.message, at);
      const billed = input.prepaidAs ?? billedChannel(input.channel);
      // A campaign's message goes back to the campaign (see `failure-refund.ts`).
      const paidBy = deps.paidBy?.(queued.org_id, queued.source, JSON.parse(queued.content) as Record<string, unknown>) ?? null;
      const { reference, reason } = refundOf(queued, outcome, paidBy, paidBy ? null : contactNameOf(queued));
      if (billed && queued.billing_amount_paise > 0) wallet.refund(input.orgId, billed, reference, queued.billing_amount_paise, reason);
      // An email was paid with a credit: spent by the send, or by its campaign at launch.
      if (input.channel === 'email') wallet.refundEmailCredits(input.orgId, reference, 1, reason);
    }
    emitStatus(row);
    return settled(row, input);
  }

  /** A provider that throws instead of answering fails those messages (refunded), never leaves them queued. */
  const providerFailure = (error: unknown): ProviderOutcome => ({ ok: false, code: 'PROVIDER_ERROR', message: error instanceof Error ? error.message : String(error) });
  async function providerCall(provider: ChannelProvider, sends: ProviderSend[]): Promise<ProviderOutcome[]> {
    if (provider.sendBatch) return provider.sendBatch(sends).catch((error: unknown) => sends.map(() => providerFailure(error)));
    return Promise.all(sends.map((m) => provider.send(m).catch(providerFailure)));
  }

  /** Messages of this process handed to a provider outside the send's transaction, their outcome not yet recorded. */
  const handingOver = new Set<string>();
  /** Messages the start's recovery is handing over again (see `recover-queued.ts`): a send of one waits for it. */
  const recovering = new Map<string, Promise<unknown>>();

  /** Sends waiting for the next group commit (see `send`). */
  let group: Array<{ input: OutboundInput; resolve(message: Message): void; reject(error: unknown): void }> | null = null;
  function flushGroup(): void {
    const items = group ?? [];
    group = null;
    sendMany(items.map((item) => item.input)).then(
      (answers) => answers.forEach((answer, i) => ('error' in answer ? items[i]?.reject(answer.error) : items[i]?.resolve(answer.message))),
      (error: unknown) => items.forEach((item) => item.reject(error)),
    );
  }

  /**
   * Many sends with three commits in all instead of three each (a campaign's slice): every message is
   * queued in one transaction (a refusal leaves the others, see `queueAll`; with `allOrNothing` it refuses
   * them all), handed to the provider (in one batch when it has a bulk API), and every outcome recorded in
   * one transaction. Each answer is the message, or the error that refused it.
   */
  async function sendMany(inputs: OutboundInput[], options: SendManyOptions = {}): Promise<Array<{ message: Message } | { error: unknown }>> {
    // A keyed retry or a campaign resuming a message the recovery is handing over finds its outcome, not a second hand-over.
    // (Only while the start's recovery runs: every other send group skips the walk.)
    const recovered = recovering.size > 0 ? inputs.flatMap((input) => (input.messageId ? recovering.get(input.messageId) ?? [] : [])) : [];
    if (recovered.length > 0) await Promise.allSettled(recovered);
    const ids = inputs.map((input) => input.messageId ?? newId('msg'));
    const answers: Array<{ message: Message } | { error: unknown } | null> = inputs.map(() => null);
    /** `handedOver`: what the message is handed to its provider with may be kept (see `queueAll`), to drop once its outcome is recorded. */
    type Pending = { input: OutboundInput; i: number; row: MessageRow; handedOver: boolean };
    const outcomes = new Map<number, ProviderOutcome>();
    /**
     * Queues every message; must run in a transaction. With `isolate`, each in a savepoint, so that a
     * refusal leaves the others. Without, a refusal aborts the attempt (see `attempt`): savepoints are not
     * free (releasing one flushes the contacts' full-text index, a new segment per new contact). With
     * `keepHandOver` (a provider answers after this commit), each message keeps its payload until its outcome is
     * recorded: after a stop, the next start hands it over again (`recover-queued.ts`), and so does a keyed request
     * run again (`keyedAnswers`). Providers that answer inside the transaction leave nothing queued: nothing kept.
     */
    const queueAll = (isolate: boolean, keepHandOver: boolean): Pending[] => inputs.flatMap((input, i) => {
      const id = ids[i] as string;
      const existing = input.messageId ? store.byId(id) : undefined;
      if (existing && existing.status !== 'queued') {
        answers[i] = { message: settled(existing, input) };
        return [];
      }
      if (existing) return [{ input, i, row: existing, handedOver: true }];
      const queue = (): MessageRow => {
        const row = enqueue(input, id);
        if (keepHandOver) store.keepQueuedSend(id, JSON.stringify(input.payload ?? {}), input.prepaidAs ?? null);
        return row;
      };
      if (!isolate) {
        try {
          return [{ input, i, row: queue(), handedOver: keepHandOver }];
        } catch (error) {
          throw new QueueRefused(error);
        }
      }
      try {
        return [{ input, i, row: db.savepoint(queue), handedOver: keepHandOver }];
      } catch (error) {
        answers[i] = { error };
        return [];
      }
    });
    /**
     * Runs `work` in a transaction (joining the caller's, if any), first with the whole group in one
     * savepoint; a refusal rolls that attempt back alone and it runs again with one savepoint per message.
     */
    const attempt = <T>(work: (isolate: boolean) => T): T => db.tx(() => {
      // A group run again with its ids (a keyed request after a stop) that was all queued before is past its checks.
      if (inputs.some((input, i) => !input.messageId || !store.byId(ids[i] as string))) options.precheck?.();
      try {
        return db.savepoint(() => work(false));
      } catch (error) {
        if (!(error instanceof QueueRefused)) throw error;
        if (options.allOrNothing) throw error.refusal;
        answers.fill(null);
        outcomes.clear();
        return work(true);
      }
    });
    const byProvider = (pending: Pending[]): Map<ChannelProvider, Pending[]> => {
      const groups = new Map<ChannelProvider, Pending[]>();
      for (const p of pending) {
        const provider = providerOf(p.input);
        const group = groups.get(provider);
        if (group) group.push(p);
        else groups.set(provider, [p]);
      }
      return groups;
    };
    const recordAll = (pending: Pending[], outcomes: Map<number, ProviderOutcome>): void => {
      for (const p of pending) {
        if (p.handedOver) store.dropQueuedSend(p.row.id);
        answers[p.i] = { message: record(p.input, p.row, outcomes.get(p.i) as ProviderOutcome) };
      }
    };

    if (inputs.every((input) => providerOf(input).deliverInTransaction)) {
      // Providers that deliver by writing to this database: queue, deliver and record in one commit.
      attempt((isolate) => {
        const pending = queueAll(isolate, false);
        for (const [provider, group] of byProvider(pending)) {
          const sends = providerSends(group);
          let results: ProviderOutcome[];
          try {
            results = db.savepoint(() => (provider.deliverInTransaction as NonNullable<ChannelProvider['deliverInTransaction']>)(sends));
          } catch (error) {
            results = sends.map(() => providerFailure(error));
          }
          group.forEach((p, k) => outcomes.set(p.i, results[k] as ProviderOutcome));
        }
        recordAll(pending, outcomes);
      });
      return answers as Array<{ message: Message } | { error: unknown }>;
    }

    const pending = attempt((isolate) => queueAll(isolate, true));
    for (const p of pending) handingOver.add(p.row.id);
    try {
      for (const [provider, group] of byProvider(pending)) {
        const results = await providerCall(provider, providerSends(group));
        group.forEach((p, k) => outcomes.set(p.i, results[k] as ProviderOutcome));
      }
      db.tx(() => recordAll(pending, outcomes));
    } finally {
      for (const p of pending) handingOver.delete(p.row.id);
    }
    return answers as Array<{ message: Message } | { error: unknown }>;
  }

  function settled(row: MessageRow, input: OutboundInput): Message {
    const message = toMessage(row);
    input.onSettled?.(message);
    return message;
  }

  return {
    /**
     * Sends one message: refuses a blocked contact (409, nothing charged), charges and records it, calls
     * the provider, then records `sent` or `failed` (refunding the charge). Sends arriving together
     * (concurrent requests) are grouped into one `sendMany` after the current I/O turn (group commit).
     */
    send(input: OutboundInput): Promise<Message> {
      return new Promise((resolve, reject) => {
        if (!group) {
          group = [];
          setImmediate(flushGroup);
        }
        group.push({ input, resolve, reject });
      });
    },
    sendMany,
    /** For the start's recovery (`recover-queued.ts`): what this process is handing over, and what the recovery is. */
    handingOver,
    recovering,
  };
}
