// SMS: sender ids, DLT templates, sends, logs and stats (seed 000, "SMS").
import { z } from 'zod';
import { named } from './answers.ts';
import { ID_MAX, nullAsAbsent, personPhoneSchema, timestampSchema } from './common.ts';

export const SMS_ROUTES = ['transactional', 'promotional'] as const;
export const smsRouteSchema = z.enum(SMS_ROUTES);
export const REVIEW_STATUSES = ['APPROVED', 'PENDING', 'REJECTED'] as const;

export const smsSenderSchema = z.object({
  id: z.string(), senderId: z.string(), entityId: z.string(), status: z.enum(REVIEW_STATUSES), createdAt: timestampSchema,
});
export type SmsSender = z.infer<typeof smsSenderSchema>;

export const smsTemplateSchema = z.object({
  id: z.string(), name: z.string(), dltTemplateId: z.string(), body: z.string(), route: smsRouteSchema, status: z.enum(REVIEW_STATUSES),
  createdAt: timestampSchema,
});
export type SmsTemplate = z.infer<typeof smsTemplateSchema>;

/**
 * A DLT sender id (header): 6 capital letters, as every registered one is. Every field taking one (a sender's
 * registration, an SMS send, an SMS campaign, an RCS fallback's `sender`, the unified send's `sms.senderId`) checks its
 * form with this, so a malformed one is a 400 naming the field, never "not registered".
 */
export const smsSenderIdSchema = z.string().regex(/^[A-Z]{6}$/, 'must be a sender id: 6 capital letters (a DLT header), e.g. ACMEIN');

export const createSmsSenderBodySchema = z.object({
  senderId: smsSenderIdSchema,
  entityId: z.string().regex(/^\d{19}$/, 'entityId must be the 19-digit DLT principal entity id'),
});

export const createSmsTemplateBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  dltTemplateId: z.string().regex(/^\d{19}$/, 'dltTemplateId must be the 19-digit DLT template id'),
  body: z.string().min(1).max(2000).refine((b) => !/\{#(?!var#\})[^}]*\}/.test(b), 'placeholders are written {#var#}'),
  route: smsRouteSchema.default('transactional'),
});
export type CreateSmsTemplateInput = z.infer<typeof createSmsTemplateBodySchema>;

export const MAX_SMS_RECIPIENTS = 1000;
export const smsPhoneSchema = personPhoneSchema();

/** The longest SMS text (concatenated segments) a send takes. */
export const SMS_MESSAGE_MAX = 2000;

export const sendSmsBodySchema = z.object({
  senderId: smsSenderIdSchema,
  to: z.array(smsPhoneSchema).min(1, 'to needs at least one number').max(MAX_SMS_RECIPIENTS, `at most ${MAX_SMS_RECIPIENTS} recipients per send`),
  message: z.string().min(1).max(SMS_MESSAGE_MAX),
  templateId: nullAsAbsent(z.string().max(ID_MAX)),
  route: nullAsAbsent(smsRouteSchema.default('transactional')),
});
export type SendSmsInput = z.infer<typeof sendSmsBodySchema>;

export const smsSendResultSchema = z.object({
  status: z.enum(['sent', 'partially_sent', 'failed']), recipients: z.number().int(), externalIds: z.array(z.string()),
  /** Additive: one entry per recipient (duplicates once), in the order given, so a partial send says who failed and why. */
  results: z.array(z.object({
    to: z.string(), status: z.enum(['sent', 'failed']), externalId: z.string().nullable(), errorCode: z.string().nullable(), error: z.string().nullable(),
  })),
});
export type SmsSendResult = z.infer<typeof smsSendResultSchema>;

export const smsLogSchema = z.object({
  id: z.string(), externalId: z.string().nullable(), direction: z.enum(['inbound', 'outbound']), route: z.string().nullable(), status: z.string(),
  body: z.string().nullable(), senderId: z.string().nullable(), templateId: z.string().nullable(), source: z.string(),
  sentAt: timestampSchema.nullable(), deliveredAt: timestampSchema.nullable(), failedAt: timestampSchema.nullable(),
  errorCode: z.string().nullable(), errorMessage: z.string().nullable(), createdAt: timestampSchema, phone: z.string(),
  customerName: z.string().nullable(),
});
export type SmsLog = z.infer<typeof smsLogSchema>;

/** The longest range the stats answer, in UTC days (a leap year): one data point a day, so a range of years is refused. */
export const STATS_MAX_DAYS = 366;

/**
 * `GET /v1/sms/stats` and `/v1/rcs/stats`: sends per day and their totals (seed 000, SMS "Stats"). `dataPoints` has one
 * point for every UTC day of the range, oldest first, zeros on a day without traffic.
 */
export const deliveryStatsSchema = named('DeliveryStats', z.object({
  dataPoints: z.array(z.object({ date: z.string().describe('YYYY-MM-DD'), sent: z.number().int(), delivered: z.number().int(), failed: z.number().int() }))
    .describe('one point for every UTC day of the range, oldest first; zeros on a day without traffic'),
  totals: z.object({ sent: z.number().int(), delivered: z.number().int(), failed: z.number().int(), deliveryRate: z.number().describe('a percentage') }),
}));

/** Each DLT `{#var#}` stands for 1 to 30 characters of one line, as the DLT scrubbers accept. */
export const DLT_VAR_MAX = 30;
/**
 * Whether `message` is the template's `body` with each `{#var#}` filled by 1 to `varMax` characters of
 * one line. A sweep over the message, literal by literal, keeping the positions where a value can start:
 * O(message × body) at worst. (A regular expression with one bounded group per value backtracks
 * exponentially on a near miss: ten values and a 30-character message took over a second.)
 */
function fillsDlt(body: string, message: string, varMax: number): boolean {
  const literals = body.split('{#var#}');
  const [head = '', ...rest] = literals;
  if (!message.startsWith(head)) return false;
  if (rest.length === 0) return message.length === head.length;
  const n = message.length;
  // lineStart[e]: the first position of the line that holds position e - 1 (a value never spans a newline).
  const lineStart = new Int32Array(n + 1);
  for (let e = 1; e <= n; e++) lineStart[e] = message[e - 1] === '\n' ? e : (lineStart[e - 1] as number);
  let starts = new Uint8Array(n + 1);
  starts[head.length] = 1;
  for (const literal of rest) {
    // startsBefore[i]: how many value starts lie before position i.
    const startsBefore = new Int32Array(n + 2);
    for (let i = 0; i <= n; i++) startsBefore[i + 1] = (startsBefore[i] as number) + (starts[i] as number);
    const next = new Uint8Array(n + 1);
    let any = false;
    for (let end = 1; end + literal.length <= n; end++) {
      if (message[end - 1] === '\n') continue;
      const from = Math.max(end - varMax, lineStart[end] as number);
      if ((startsBefore[end] as number) - (startsBefore[from] as number) === 0) continue;
      if (!message.startsWith(literal, end)) continue;
      next[end + literal.length] = 1;
      any = true;
    }
    if (!any) return false;
    starts = next;
  }
  return starts[n] === 1;
}
export const matchesDlt = (body: string, message: string): boolean => fillsDlt(body, message, DLT_VAR_MAX);
/** The message is the template's body with its `{#var#}` filled, but a value is longer than DLT allows. */
export const overlongDltValue = (body: string, message: string): boolean => !matchesDlt(body, message) && fillsDlt(body, message, Infinity);
