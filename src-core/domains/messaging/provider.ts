// The port to the outside world for every channel: a real provider or the simulated world plugs in here.
import type { Channel } from '../../contract/messaging.ts';

export type ProviderSend = {
  orgId: string;
  channel: Channel;
  messageId: string;
  to: string;
  /** The send's own sender (an SMS sender id, a From address, an Instagram account), when it has one. */
  from: string | null;
  /**
   * Who the organization is on this channel, which a recipient sees when `from` is null (a WhatsApp message
   * shows the business, not a number of ours): the organization's name, as no channel here stores a business
   * display name of its own.
   */
  businessName: string;
  text: string;
  payload: Record<string, unknown>;
};

export type ProviderOutcome =
  | { ok: true; externalId: string }
  /** `summary`: the failure in a few words (a ledger refund line says it), when the provider has them; else made from `message`. */
  | { ok: false; code: string; message: string; summary?: string };

/**
 * `messageId` is the provider's idempotency key: a send repeated with the same id (resumed after a crash)
 * answers the first outcome and delivers nothing twice.
 */
export interface ChannelProvider {
  send(message: ProviderSend): Promise<ProviderOutcome>;
  /** Many messages in one call (a bulk API), answered in order; campaigns use it when the provider has one. */
  sendBatch?(messages: ProviderSend[]): Promise<ProviderOutcome[]>;
  /**
   * For a provider whose delivery is a write to the same database (the simulated world, or an outbox a
   * worker drains): delivers synchronously inside the send's transaction, so queueing, delivery and the
   * outcome commit together, once.
   */
  deliverInTransaction?(messages: ProviderSend[]): ProviderOutcome[];
}

export type Providers = Record<Channel, ChannelProvider> & {
  /** Whether the handset at `phone` can receive RCS (an RCS send falls back to SMS when it cannot). */
  supportsRcs(phone: string): boolean;
};
