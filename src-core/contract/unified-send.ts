// Unified send `POST /v1/messages/send` (seed 000, "Unified send").
import { z } from 'zod';
import { PHONE_PATTERN } from './common.ts';
import { withMergeTags } from './email.ts';
import { igsidProblem } from './instagram.ts';
import { channelSchema } from './messaging.ts';

export const FALLBACK_CHANNELS = ['whatsapp', 'sms', 'rcs'] as const;

/** What `to` must be on each channel (seed: E.164 phone, email address, or instagram page-scoped user id). */
function addressProblem(channel: string, to: string): string | null {
  if (channel === 'email') return z.email().safeParse(to).success ? null : 'must be an email address for channel email';
  if (channel === 'instagram') return igsidProblem(to);
  return PHONE_PATTERN.test(to) ? null : `must be a phone number in international format for channel ${channel}: the country code, then the number (e.g. +14155550101)`;
}

/**
 * Types, and `to` against the channel (a fallback chain is whatsapp, sms and rcs, all phones); which fields
 * each channel requires is checked by the service, so the message can list them per channel.
 */
export const unifiedSendBodySchema = z.object({
  to: z.string().trim().min(1, 'to is required').max(320),
  channel: channelSchema,
  fallbackChannels: z.array(z.enum(FALLBACK_CHANNELS, { error: 'fallbackChannels may contain only whatsapp, sms and rcs' })).max(3).optional(),
  message: z.string().min(1).max(4096).optional(),
  template: z.object({
    name: z.string().min(1).optional(),
    id: z.string().min(1).optional(),
    languageCode: z.string().min(2).optional(),
    variables: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    components: z.array(z.looseObject({ type: z.string() })).optional(),
  }).optional(),
  sms: z.object({ senderId: z.string().min(1).optional(), route: z.enum(['transactional', 'promotional']).optional() }).optional(),
  email: z.object({
    subject: withMergeTags(z.string().max(998).optional()), fromName: z.string().min(1).optional(), fromEmail: z.email().optional(),
    replyTo: z.email().optional(), firstName: z.string().optional(), lastName: z.string().optional(),
  }).optional(),
}).superRefine((body, ctx) => {
  const problem = addressProblem(body.channel, body.to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
});
export type UnifiedSendBody = z.infer<typeof unifiedSendBodySchema>;

export type UnifiedAttempt =
  | { channel: string; status: 'sent'; messageId: string }
  | { channel: string; status: 'failed'; error: string };

export type UnifiedSendResult = { status: 'sent'; channelUsed: string; messageId: string; attempts: UnifiedAttempt[] };
