// Unified send `POST /v1/messages/send` (seed 000, "Unified send").
import { z } from 'zod';
import { PHONE_PATTERN } from './common.ts';
import { headerText, withMergeTags } from './email.ts';
import { igsidProblem } from './instagram.ts';
import { waSendComponentSchema } from './whatsapp.ts';
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
  // A channel named twice is tried once (chainOf), so only an absurd list is refused.
  fallbackChannels: z.array(z.enum(FALLBACK_CHANNELS, { error: 'fallbackChannels may contain only whatsapp, sms and rcs' })).max(10).optional(),
  message: z.string().min(1).max(4096).optional(),
  template: z.object({
    name: z.string().trim().min(1, 'template.name is empty').max(512).optional(),
    id: z.string().trim().min(1, 'template.id is empty').max(200).optional(),
    languageCode: z.string().trim().min(2).max(10).optional(),
    variables: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    /** WhatsApp's components, checked as `POST /v1/whatsapp/send-template` checks them. */
    components: z.array(waSendComponentSchema).max(20).optional(),
  }).optional(),
  sms: z.object({ senderId: z.string().min(1).optional(), route: z.enum(['transactional', 'promotional']).optional() }).optional(),
  email: z.object({
    subject: withMergeTags(headerText(998).optional()), fromName: headerText(200).min(1).optional(), fromEmail: z.email().optional(),
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
