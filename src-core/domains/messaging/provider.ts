// The port to the outside world for every channel: a real provider or the simulated world plugs in here.
import type { Channel } from '../../contract/messaging.ts';

export type ProviderSend = {
  orgId: string;
  channel: Channel;
  messageId: string;
  to: string;
  from: string | null;
  text: string;
  payload: Record<string, unknown>;
};

export type ProviderOutcome =
  | { ok: true; externalId: string }
  | { ok: false; code: string; message: string };

export interface ChannelProvider {
  send(message: ProviderSend): Promise<ProviderOutcome>;
}

export type Providers = Record<Channel, ChannelProvider> & {
  /** Whether the handset at `phone` can receive RCS (an RCS send falls back to SMS when it cannot). */
  supportsRcs(phone: string): boolean;
};
