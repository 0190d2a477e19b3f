// OTP: widgets (configured in the dashboard), send, retry, verify, verify-token, logs and analytics (seed 000, "OTP").
import { z } from 'zod';
import { ID_MAX, nothingToChange, nullAsAbsent, personPhoneSchema, statusListQuery, timestampSchema } from './common.ts';

export const OTP_CHANNELS = ['sms', 'whatsapp'] as const;
// The validator's own message (`must be one of: sms, whatsapp`; of another type, `must be text, not a number`), at whatever path it is used (`channels.1`).
export const otpChannelSchema = z.enum(OTP_CHANNELS);
export type OtpChannel = z.infer<typeof otpChannelSchema>;

export const OTP_STATUSES = ['sent', 'verified', 'expired', 'blocked'] as const;
export type OtpStatus = (typeof OTP_STATUSES)[number];

/** Widget defaults (docs/contract-notes.md, "OTP"). */
export const OTP_WIDGET_DEFAULTS = {
  otpLength: 6, expirySeconds: 300, resendCooldownSeconds: 30, maxResends: 3, maxSendsPerHour: 5, maxVerifyAttempts: 3, channels: ['sms'] as OtpChannel[],
};

export const otpWidgetSchema = z.object({
  id: z.string(), name: z.string(), otpLength: z.number().int(), expirySeconds: z.number().int(), resendCooldownSeconds: z.number().int(),
  maxResends: z.number().int(), maxSendsPerHour: z.number().int(), maxVerifyAttempts: z.number().int(), channels: z.array(otpChannelSchema),
});
export type OtpWidget = z.infer<typeof otpWidgetSchema>;

/** A text field: "<name> is required" when it is missing; present but not text, the usual words ("must be text, not a number"). */
const requiredText = (name: string) => z.string({ error: (issue) => (issue.input === undefined ? `${name} is required` : undefined) });

const int = (name: string, min: number, max: number) =>
  z.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`);

const widgetFields = {
  name: requiredText('name').trim().min(1, 'name is required').max(100, 'name must be at most 100 characters'),
  otpLength: int('otpLength', 4, 10),
  expirySeconds: int('expirySeconds', 30, 3600),
  resendCooldownSeconds: int('resendCooldownSeconds', 0, 3600),
  maxResends: int('maxResends', 0, 10),
  maxSendsPerHour: int('maxSendsPerHour', 1, 100),
  maxVerifyAttempts: int('maxVerifyAttempts', 1, 10),
  channels: z.array(otpChannelSchema, { error: 'channels must be an array' })
    .min(1, 'channels needs at least one channel')
    .refine((channels) => new Set(channels).size === channels.length, 'channels must not repeat a channel'),
};

export const createOtpWidgetBodySchema = z.object({
  name: widgetFields.name,
  otpLength: widgetFields.otpLength.default(OTP_WIDGET_DEFAULTS.otpLength),
  expirySeconds: widgetFields.expirySeconds.default(OTP_WIDGET_DEFAULTS.expirySeconds),
  resendCooldownSeconds: widgetFields.resendCooldownSeconds.default(OTP_WIDGET_DEFAULTS.resendCooldownSeconds),
  maxResends: widgetFields.maxResends.default(OTP_WIDGET_DEFAULTS.maxResends),
  maxSendsPerHour: widgetFields.maxSendsPerHour.default(OTP_WIDGET_DEFAULTS.maxSendsPerHour),
  maxVerifyAttempts: widgetFields.maxVerifyAttempts.default(OTP_WIDGET_DEFAULTS.maxVerifyAttempts),
  channels: widgetFields.channels.default(OTP_WIDGET_DEFAULTS.channels),
});
export type CreateOtpWidgetInput = z.infer<typeof createOtpWidgetBodySchema>;

/**
 * The one rule across fields (not shown; decided): with resends allowed, the cooldown must end before the
 * code expires, or no code could ever be resent. Answers the problem in words, or null.
 */
export function otpWidgetConflict(w: { expirySeconds: number; resendCooldownSeconds: number; maxResends: number }): string | null {
  if (w.maxResends === 0 || w.resendCooldownSeconds < w.expirySeconds) return null;
  return `resendCooldownSeconds (${w.resendCooldownSeconds}) must be shorter than expirySeconds (${w.expirySeconds}) while maxResends is above 0: `
    + 'a code would expire before it could be resent';
}

/** A widget's fields, as a PATCH names them (at least one: `updateOtpWidgetChanges`). */
export const updateOtpWidgetBodySchema = z.object(widgetFields).partial();
/** The refusal of a widget PATCH that names no field to change, as every PATCH refuses `{}`. */
export const updateOtpWidgetChanges = <T extends Partial<Record<keyof typeof widgetFields, unknown>>>(body: T): boolean =>
  Object.keys(widgetFields).some((field) => body[field as keyof typeof widgetFields] !== undefined);
export const OTP_WIDGET_NOTHING_TO_CHANGE = nothingToChange(`give at least one of ${Object.keys(widgetFields).join(', ')}`);
export type UpdateOtpWidgetInput = z.infer<typeof updateOtpWidgetBodySchema>;

/** A person's phone number, taken as every route takes one (`personPhoneSchema`), answered as `+` and its digits. */
export const otpIdentifierSchema = requiredText('identifier')
  .pipe(personPhoneSchema('identifier must be a phone number in international format: 7 to 15 digits, the country code first (not 0), optional +'))
  .describe('a phone number in international format, e.g. +14155550101 (the + optional)');

/** An id sent in a body (`otpw_…`, `otp_…`): at most `ID_MAX` characters, worded with its name. */
const idText = (name: string) => requiredText(name).min(1, `${name} is required`).max(ID_MAX, `${name} must be at most ${ID_MAX} characters`);

export const sendOtpBodySchema = z.object({
  widgetId: idText('widgetId'),
  identifier: otpIdentifierSchema,
});
export type SendOtpInput = z.infer<typeof sendOtpBodySchema>;

export const retryOtpBodySchema = z.object({
  requestId: idText('requestId'),
  channel: nullAsAbsent(otpChannelSchema),
});
export type RetryOtpInput = z.infer<typeof retryOtpBodySchema>;

export const verifyOtpBodySchema = z.object({
  requestId: idText('requestId'),
  otp: requiredText('otp').trim().min(1, 'otp is required'),
});
export type VerifyOtpInput = z.infer<typeof verifyOtpBodySchema>;

export const verifyOtpTokenBodySchema = z.object({
  accessToken: requiredText('accessToken').min(1, 'accessToken is required'),
});

export const otpSendResultSchema = z.object({ requestId: z.string() });
export type OtpSendResult = z.infer<typeof otpSendResultSchema>;
export const otpVerifyResultSchema = z.object({ accessToken: z.string() });
export type OtpVerifyResult = z.infer<typeof otpVerifyResultSchema>;
export const otpTokenResultSchema = z.object({ verified: z.boolean(), identifier: z.string(), verifiedAt: timestampSchema });
export type OtpTokenResult = z.infer<typeof otpTokenResultSchema>;

export const otpLogSchema = z.object({
  id: z.string(), widgetId: z.string(), identifier: z.string(), channel: otpChannelSchema, status: z.enum(OTP_STATUSES),
  attempts: z.number().int(), resends: z.number().int(), sentAt: timestampSchema, verifiedAt: timestampSchema.nullable(),
  /** Additive (not in the seed): when the current code stops working (a retry restarts it). */
  expiresAt: timestampSchema,
});
export type OtpLog = z.infer<typeof otpLogSchema>;

/** The log's and the analytics' widget filter (an empty `widgetId=` is absent, as any empty query value: parse-input.ts). */
const widgetFilter = z.string().max(ID_MAX, `widgetId must be at most ${ID_MAX} characters`).optional();
export const otpAnalyticsQuerySchema = z.object({ widgetId: widgetFilter });
export const otpLogsQuerySchema = z.object({
  widgetId: widgetFilter,
  status: statusListQuery(OTP_STATUSES, 'expired,blocked').optional(),
});

export const otpAnalyticsSchema = z.object({
  totalSent: z.number().int(), totalVerified: z.number().int(), totalExpired: z.number().int(), totalBlocked: z.number().int(),
  successRate: z.number(),
  channelBreakdown: z.record(z.string(), z.object({ sent: z.number().int(), verified: z.number().int() })),
});
export type OtpAnalytics = z.infer<typeof otpAnalyticsSchema>;
