// Unified send: validate the whole chain first, then try each channel in order through its own send path.
import type { Channel, Message } from '../../contract/messaging.ts';
import type { Scope } from '../../contract/scopes.ts';
import { errorCodeSchema } from '../../contract/errors.ts';
import type { FailedAttempt, UnifiedAttempt, UnifiedSendBody, UnifiedSendResult } from '../../contract/unified-send.ts';
import { AppError, invalidField } from '../../kernel/errors.ts';
import type { KeyedNotes } from '../../kernel/idempotency.ts';
import { partOf, type MessagingService, type Origin, type Resume } from '../messaging/index.ts';

/** One channel as the unified send sees it: its scope, its required fields, and its own send path. */
export type ChannelAdapter = {
  scope: Scope;
  missingFields(body: UnifiedSendBody): string[];
  /** The part the channel's own send names its message by (see `Origin`): a keyed re-run finds it there. */
  part: string;
  /** How the channel hands over again a message a stop left queued, when not through its own provider (email's SMTP server). */
  resume?(orgId: string): Resume;
  /** Sends through the channel's own path: the message (sent, or failed and refunded); a refusal throws. */
  send(orgId: string, body: UnifiedSendBody, origin: Origin): Promise<Message>;
};

export const chainOf = (body: UnifiedSendBody): Channel[] => [...new Set([body.channel, ...(body.fallbackChannels ?? [])])];

/** Why a channel refused a keyed unified send (noted with its key: no message records it). */
type Refusal = { code: string; message: string };
const refusalOf = (notes: KeyedNotes | undefined, channel: Channel): Refusal | undefined => {
  const noted = notes?.noted(channel) as Partial<Refusal> | undefined;
  return typeof noted?.code === 'string' && typeof noted.message === 'string' ? { code: noted.code, message: noted.message } : undefined;
};
/** A refusal a key claimed before migration 29 did not note. */
const refusedThen = (channel: Channel): string => `${channel} refused this request when it first ran (before a stop cut it short); not tried again`;

/** A channel's refusal as its attempt: the code its own route answers with, no provider code (nothing reached one). */
const refused = (channel: Channel, refusal: Refusal | undefined): FailedAttempt => ({
  channel, status: 'failed', error: refusal?.message ?? refusedThen(channel), code: errorCodeSchema.safeParse(refusal?.code).data ?? null, errorCode: null,
});
/** A message its provider failed, as its attempt: no refusal code; the provider's, as the channel's logs keep it. */
const providerFailed = (channel: Channel, message: Message): FailedAttempt => ({
  channel, status: 'failed', error: message.errorMessage ?? `${channel} delivery failed`, code: null, errorCode: message.errorCode,
});

export type UnifiedSendDeps = { adapters: Partial<Record<Channel, ChannelAdapter>>; messaging: Pick<MessagingService, 'keyedAnswer'> };

export function createUnifiedSendService(deps: UnifiedSendDeps) {
  function adapterFor(channel: Channel): ChannelAdapter {
    const adapter = deps.adapters[channel];
    if (!adapter) throw invalidField(`Channel ${channel} is not available for unified send`);
    return adapter;
  }

  return {
    scopesFor: (body: UnifiedSendBody): Scope[] => chainOf(body).map((channel) => deps.adapters[channel]?.scope ?? (`${channel}:send` as Scope)),

    /** Rule 1: every channel's required fields, listed per channel, before anything is sent. */
    validate(body: UnifiedSendBody): void {
      if (body.fallbackChannels?.length && (body.channel === 'email' || body.channel === 'instagram')) {
        throw invalidField(`fallbackChannels cannot be combined with ${body.channel}; fallback works between whatsapp, sms and rcs`);
      }
      const missing = chainOf(body)
        .map((channel) => [channel, adapterFor(channel).missingFields(body)] as const)
        .filter(([, fields]) => fields.length > 0);
      if (missing.length > 0) {
        throw invalidField(`Missing required fields: ${missing.map(([channel, fields]) => `${channel}: ${fields.join(', ')}`).join('; ')}`);
      }
    },

    /**
     * Rules 2 and 3: each channel through its own path; the first success answers, else 502 with every attempt.
     * A keyed request run again after a stop first looks for what each channel had sent (a message it left queued
     * is handed over again first, and counts as what its provider answers then): a channel that got through then
     * answers at once (those before it are not tried again, whatever their checks say now: one refused then has
     * no message, and its attempt says why, as noted with the key); one that failed is answered as failed and the
     * chain goes on from the next; a channel it never reached is tried as on a first run.
     */
    async send(orgId: string, body: UnifiedSendBody, origin: Origin, notes?: KeyedNotes): Promise<UnifiedSendResult> {
      this.validate(body);
      const chain = chainOf(body).map((channel) => ({ channel, origin: partOf(origin, channel) }));
      const found: Array<Message | null> = [];
      for (const { channel, origin: channelOrigin } of chain) {
        const { part, resume } = adapterFor(channel);
        found.push(await deps.messaging.keyedAnswer(channelOrigin, part, resume && (() => resume(orgId))));
      }
      const through = found.findIndex((message) => message && message.status !== 'failed');
      const attempts: UnifiedAttempt[] = [];
      for (const [i, { channel, origin: channelOrigin }] of chain.entries()) {
        let message = found[i] ?? null;
        if (!message && i < through) {
          attempts.push(refused(channel, refusalOf(notes, channel)));
          continue;
        }
        try {
          message ??= await adapterFor(channel).send(orgId, body, channelOrigin);
        } catch (error) {
          if (error instanceof AppError && error.code === 'CONTACT_BLOCKED') throw error;
          if (!(error instanceof AppError)) throw error;
          // Kept with the key before the next channel is tried: a run after a stop reports it as this one did.
          const refusal = { code: error.code, message: error.message } satisfies Refusal;
          notes?.note(channel, refusal);
          attempts.push(refused(channel, refusal));
          continue;
        }
        const messageId = message.externalId ?? message.id;
        if (message.status !== 'failed') {
          attempts.push({ channel, status: 'sent', messageId });
          return { status: 'sent', channelUsed: channel, messageId, attempts };
        }
        attempts.push(providerFailed(channel, message));
      }
      // Each channel with why it failed: the request log keeps only the message, and a reader of it needs the why.
      const why = attempts.map((a) => (a.status === 'failed' ? `${a.channel} (${a.error})` : a.channel)).join('; ');
      throw new AppError('BAD_GATEWAY', `All channels failed: ${why}`, { extra: { attempts } });
    },
  };
}
export type UnifiedSendService = ReturnType<typeof createUnifiedSendService>;
