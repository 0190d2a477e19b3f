// Unified send: validate the whole chain first, then try each channel in order through its own send path.
import type { Channel } from '../../contract/messaging.ts';
import type { Scope } from '../../contract/scopes.ts';
import type { UnifiedAttempt, UnifiedSendBody, UnifiedSendResult } from '../../contract/unified-send.ts';
import { AppError } from '../../kernel/errors.ts';

import { partOf, type Origin } from '../messaging/index.ts';

/** One channel as the unified send sees it: its scope, its required fields, and its own send path. */
export type ChannelAdapter = {
  scope: Scope;
  missingFields(body: UnifiedSendBody): string[];
  send(orgId: string, body: UnifiedSendBody, origin: Origin): Promise<{ status: string; messageId: string; error?: string | null }>;
};

export const chainOf = (body: UnifiedSendBody): Channel[] => [...new Set([body.channel, ...(body.fallbackChannels ?? [])])];

export function createUnifiedSendService(deps: { adapters: Partial<Record<Channel, ChannelAdapter>> }) {
  function adapterFor(channel: Channel): ChannelAdapter {
    const adapter = deps.adapters[channel];
    if (!adapter) throw new AppError('VALIDATION_FAILED', `Channel ${channel} is not available for unified send`);
    return adapter;
  }

  return {
    scopesFor: (body: UnifiedSendBody): Scope[] => chainOf(body).map((channel) => deps.adapters[channel]?.scope ?? (`${channel}:send` as Scope)),

    /** Rule 1: every channel's required fields, listed per channel, before anything is sent. */
    validate(body: UnifiedSendBody): void {
      if (body.fallbackChannels?.length && (body.channel === 'email' || body.channel === 'instagram')) {
        throw new AppError('VALIDATION_FAILED', `fallbackChannels cannot be combined with ${body.channel}; fallback works between whatsapp, sms and rcs`);
      }
      const missing = chainOf(body)
        .map((channel) => [channel, adapterFor(channel).missingFields(body)] as const)
        .filter(([, fields]) => fields.length > 0);
      if (missing.length > 0) {
        throw new AppError('VALIDATION_FAILED', `Missing required fields: ${missing.map(([channel, fields]) => `${channel}: ${fields.join(', ')}`).join('; ')}`);
      }
    },

    /** Rules 2 and 3: each channel through its own path; the first success answers, else 502 with every attempt. */
    async send(orgId: string, body: UnifiedSendBody, origin: Origin): Promise<UnifiedSendResult> {
      this.validate(body);
      const attempts: UnifiedAttempt[] = [];
      for (const channel of chainOf(body)) {
        try {
          const result = await adapterFor(channel).send(orgId, body, partOf(origin, channel));
          if (result.status !== 'failed') {
            attempts.push({ channel, status: 'sent', messageId: result.messageId });
            return { status: 'sent', channelUsed: channel, messageId: result.messageId, attempts };
          }
          attempts.push({ channel, status: 'failed', error: result.error ?? `${channel} delivery failed` });
        } catch (error) {
          if (error instanceof AppError && error.code === 'CONTACT_BLOCKED') throw error;
          if (!(error instanceof AppError)) throw error;
          attempts.push({ channel, status: 'failed', error: error.message });
        }
      }
      throw new AppError('BAD_GATEWAY', `All channels failed: ${attempts.map((a) => a.channel).join(', ')}`, { extra: { attempts } });
    },
  };
}
export type UnifiedSendService = ReturnType<typeof createUnifiedSendService>;
