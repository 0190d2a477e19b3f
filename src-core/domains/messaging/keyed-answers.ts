// What a keyed request run again after a stop had sent, part by part: each message answered with the outcome its send
// recorded, and one the stop left queued (recorded and charged, the provider's answer never heard) handed over again
// first, as it was handed over then, through the one send path (no second row, no second charge).
import type { Channel, Message, MessageSource } from '../../contract/messaging.ts';
import type { BilledChannel } from '../../contract/wallet.ts';
import { toMessage } from './messaging.reads.ts';
import type { OutboundInput } from './messaging.sends.ts';
import type { MessageRow, MessagingStore } from './messaging.store.ts';
import type { Origin } from './origin.ts';
import type { ChannelProvider } from './provider.ts';

/** How a queued message is handed over again: what its channel's send path decides, not what the message records. */
export type Resume = {
  /** The provider, when not the channel's own (an organization's SMTP server, as it is connected now). */
  provider?: ChannelProvider | undefined;
  /** Runs in the transaction that records the outcome, as the first run's own `onSettled` would have (an OTP taken back). */
  onSettled?: ((message: Message) => void) | undefined;
};

/** A message as a keyed re-run answers it: the outcome its send recorded (`sent`, or `failed` and refunded); receipts since are the log's. */
const answerOf = (row: MessageRow): Message => ({ ...toMessage(row), status: row.sent_at ? 'sent' : 'failed' });

/**
 * The send of a queued message again, from what it recorded: its address, sender, text, and the payload it was handed
 * over with (a keyed request run again, and the start's recovery of what a stop left queued, see `recover-queued.ts`),
 * and what it was paid as when not its own channel (`prepaidAs`: a failure refunds it there, as its first send would have).
 */
export const resend = (row: MessageRow, payload: string, resume: Resume, prepaidAs?: BilledChannel): OutboundInput => ({
  orgId: row.org_id, channel: row.channel as Channel, to: row.address, sender: row.sender, type: row.type, text: row.text ?? '',
  source: row.source as MessageSource, payload: JSON.parse(payload) as Record<string, unknown>, messageId: row.id,
  ...(resume.provider ? { provider: resume.provider } : {}), ...(resume.onSettled ? { onSettled: resume.onSettled } : {}),
  ...(prepaidAs ? { prepaidAs } : {}),
});

export function keyedAnswers(deps: { store: MessagingStore; sendMany: (inputs: OutboundInput[]) => Promise<unknown> }) {
  const { store } = deps;
  /**
   * The messages a keyed request had sent as `parts` (see `Origin`), in order; null where it sent none (or unkeyed). A
   * message still queued with what it was handed over with kept is handed over again first (all of them in one group);
   * one queued with nothing kept (before migration 28) stays null: the start fails it as interrupted (see
   * `recover-queued.ts`), and until then its send path resumes it.
   * `resume` is asked only then (it may read what the organization has connected).
   */
  return async (origin: Origin, parts: string[], resume: () => Resume = () => ({})): Promise<Array<Message | null>> => {
    const idOf = origin.messageId;
    if (!idOf) return parts.map(() => null);
    const ids = parts.map((part) => idOf(part));
    const queued = ids.flatMap((id) => {
      const row = store.byId(id);
      const kept = row?.status === 'queued' ? store.queuedSend(id) : undefined;
      return row && kept?.payload !== undefined ? [{ row, payload: kept.payload, prepaidAs: kept.prepaidAs }] : [];
    });
    if (queued.length > 0) {
      const how = resume();
      await deps.sendMany(queued.map(({ row, payload, prepaidAs }) => resend(row, payload, how, prepaidAs)));
    }
    return ids.map((id) => {
      const row = store.byId(id);
      return row && row.status !== 'queued' ? answerOf(row) : null;
    });
  };
}
