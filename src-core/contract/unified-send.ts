// Unified send `POST /v1/messages/send` (seed 000, "Unified send").
import { z } from 'zod';
import { asciiEmailDomain, charCount, emailAddressSchema, EMAIL_MAX, EMAIL_PATTERN, nullAsAbsent, PHONE_PATTERN, templateValuesSchema } from './common.ts';
import { emailSendFields } from './email.ts';
import { errorCodeSchema } from './errors.ts';
import { igsidProblem, INSTAGRAM_MESSAGE_MAX } from './instagram.ts';
import { SMS_MESSAGE_MAX, smsSenderIdSchema } from './sms.ts';
import { waSendComponentSchema } from './whatsapp.ts';
import { channelSchema, type Channel } from './messaging.ts';

export const FALLBACK_CHANNELS = ['whatsapp', 'sms', 'rcs'] as const;

/** An email address's form (its domain in A-labels), then the length mail servers take (built once: `to` is checked on every send). */
const EMAIL_FORM = z.email({ pattern: EMAIL_PATTERN });
const EMAIL_ADDRESS = emailAddressSchema();

/** What `to` must be on each channel (seed: E.164 phone, email address, or instagram page-scoped user id). */
function addressProblem(channel: string, to: string): string | null {
  if (channel === 'email') {
    if (!EMAIL_FORM.safeParse(asciiEmailDomain(to)).success) return 'must be an email address for channel email';
    return EMAIL_ADDRESS.safeParse(to).success ? null : `must be an email address mail servers take: at most ${EMAIL_MAX} characters, at most 64 before the "@"`;
  }
  if (channel === 'instagram') return igsidProblem(to);
  return PHONE_PATTERN.test(to) ? null : `must be a phone number in international format for channel ${channel}: the country code, then the number (e.g. +14155550101)`;
}

/**
 * Types, and `to` against the channel (a fallback chain is whatsapp, sms and rcs, all phones); which fields
 * each channel requires is checked by the service, so the message can list them per channel. An email `to` with an
 * internationalized domain goes on in A-labels, as `/email/send` takes it (`emailAddressSchema`).
 */
export const unifiedSendBodySchema = z.object({
  to: z.string().trim().min(1, 'to is required').max(320),
  channel: channelSchema,
  // A channel named twice is tried once (chainOf), so only an absurd list is refused.
  fallbackChannels: nullAsAbsent(z.array(z.enum(FALLBACK_CHANNELS)).max(10)),
  // No channel sends blank text: refused here (400), not tried and failed (502, which clients retry).
  message: nullAsAbsent(z.string().min(1).max(4096).refine((text) => text.trim().length > 0, 'message must not be empty')),
  template: nullAsAbsent(z.object({
    name: nullAsAbsent(z.string().trim().min(1, 'template.name is empty').max(512)),
    id: nullAsAbsent(z.string().trim().min(1, 'template.id is empty').max(200)),
    languageCode: nullAsAbsent(z.string().trim().min(2).max(10)),
    variables: nullAsAbsent(templateValuesSchema()),
    /** WhatsApp's components, checked as `POST /v1/whatsapp/send-template` checks them. */
    components: nullAsAbsent(z.array(waSendComponentSchema).max(20)),
  })),
  // A sender id's form is checked up front, whatever the chain; whether it is registered and approved only if SMS is
  // reached (as the text's DLT match): an approval the chain may never need is no reason to refuse the send.
  sms: nullAsAbsent(z.object({
    senderId: nullAsAbsent(smsSenderIdSchema),
    route: nullAsAbsent(z.enum(['transactional', 'promotional'])),
  })),
  email: nullAsAbsent(z.object({
    // As `/email/send` takes them: a blank sender name or subject, or an overlong name, is 400 on both.
    subject: nullAsAbsent(emailSendFields.subject), fromName: nullAsAbsent(emailSendFields.fromName), fromEmail: nullAsAbsent(emailAddressSchema()),
    replyTo: nullAsAbsent(emailAddressSchema()), firstName: nullAsAbsent(emailSendFields.recipientName), lastName: nullAsAbsent(emailSendFields.recipientName),
  })),
}).superRefine((body, ctx) => {
  const problem = addressProblem(body.channel, body.to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  // A value no channel of the chain could take is the client's to fix (400), not a failed attempt (502, which clients retry).
  const chain = new Set([body.channel, ...(body.fallbackChannels ?? [])]);
  for (const [channel, max] of Object.entries(MESSAGE_MAX)) {
    if (chain.has(channel as Channel) && body.message && charCount(body.message) > max) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: `must be at most ${max} characters for channel ${channel}` });
    }
  }
  const numbered = Object.keys(body.template?.variables ?? {}).filter((key) => /^\d+$/.test(key)).map(Number).sort((a, b) => a - b);
  if (chain.has('whatsapp') && numbered.some((n, i) => n !== i + 1)) {
    ctx.addIssue({ code: 'custom', path: ['template', 'variables'], message: `WhatsApp placeholders are numbered from 1 with no gaps: got ${numbered.join(', ')}` });
  }
}).transform((body) => (body.channel === 'email' ? { ...body, to: asciiEmailDomain(body.to) } : body));
/** The longest `message` each channel takes (seed limits: instagram 1000 characters; SMS as its own send). */
const MESSAGE_MAX: Partial<Record<Channel, number>> = { instagram: INSTAGRAM_MESSAGE_MAX, sms: SMS_MESSAGE_MAX };
export type UnifiedSendBody = z.infer<typeof unifiedSendBodySchema>;

/**
 * A channel the unified send tried and that failed: why in words (`error`, the seed's), and in codes a client can branch
 * on. `code` is the closed-list code the channel's own route answers its refusal with (`INSUFFICIENT_BALANCE`,
 * `VALIDATION_FAILED`, ...), null when the channel took the message and its provider failed it; `errorCode` is then the
 * provider's code (`RCS_NOT_SUPPORTED`, `SIM_UNREACHABLE`, ...), as that channel's logs and send answers carry it.
 */
export const failedAttemptSchema = z.object({
  channel: channelSchema, status: z.literal('failed'), error: z.string(),
  code: errorCodeSchema.nullable().describe("The code of the channel's refusal, as its own route answers it; null when its provider failed the message"),
  errorCode: z.string().nullable().describe("The provider's code for a message it failed (as the channel's logs give it); null for a refusal"),
}).meta({ id: 'FailedAttempt' });
export type FailedAttempt = z.infer<typeof failedAttemptSchema>;

/** One channel tried by a unified send, in the order tried: the one that sent, or one that failed and why. */
export const unifiedAttemptSchema = z.union([
  z.object({ channel: channelSchema, status: z.literal('sent'), messageId: z.string() }),
  failedAttemptSchema,
]);
export type UnifiedAttempt = z.infer<typeof unifiedAttemptSchema>;

/** The unified send result (seed 000): the channel that sent, its message id, and each attempt. */
export const unifiedSendResultSchema = z.object({ status: z.literal('sent'), channelUsed: channelSchema, messageId: z.string(), attempts: z.array(unifiedAttemptSchema) });
export type UnifiedSendResult = z.infer<typeof unifiedSendResultSchema>;

/** The unified send's 502: every channel of the chain failed, nothing charged. */
export const allChannelsFailedSchema = z.looseObject({
  message: z.string(),
  attempts: z.array(failedAttemptSchema),
}).meta({ id: 'AllChannelsFailed' });
