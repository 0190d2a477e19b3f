// Unified send `POST /v1/messages/send` (seed 000, "Unified send").
import { z } from 'zod';
import { withMergeTags } from './email.ts';
import { channelSchema } from './messaging.ts';

export const FALLBACK_CHANNELS = ['whatsapp', 'sms', 'rcs'] as const;

/** Types only; which fields each channel requires is checked by the service, so the message can list them per channel. */
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
});
export type UnifiedSendBody = z.infer<typeof unifiedSendBodySchema>;

export type UnifiedAttempt =
  | { channel: string; status: 'sent'; messageId: string }
  | { channel: string; status: 'failed'; error: string };

export type UnifiedSendResult = { status: 'sent'; channelUsed: string; messageId: string; attempts: UnifiedAttempt[] };
