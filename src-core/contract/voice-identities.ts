// Voice app identities, their devices and booking sessions (seed 001, "Identity (booking feature)", "Device",
// "Session (booking)"): records, bodies, queries, limits, and how a phone is shown masked.
import { z } from 'zod';
import { E164_PATTERN, EXTERNAL_ID_PATTERN, isoDateTimeSchema, nullAsAbsent, timestampSchema } from './common.ts';

export const IDENTITY_ROLES = ['PRO', 'CUSTOMER'] as const;
export type IdentityRole = (typeof IDENTITY_ROLES)[number];
export const DEVICE_PLATFORMS = ['ios', 'android'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];
export const SESSION_STATUSES = ['active', 'revoked', 'expired'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Seed 001, Limits: "Booking session default expiry 24 hours; maximum 90 days". */
export const SESSION_DEFAULT_EXPIRY_MS = 24 * 3_600_000;
export const SESSION_MAX_EXPIRY_MS = 90 * 24 * 3_600_000;
/** A push token is at most this long (an APNs token is 64 hex characters, an FCM one about 160). */
export const DEVICE_TOKEN_MAX = 512;

/** ITU country calling codes of two digits (1 and 7 are the one-digit ones; every other code has three). */
const TWO_DIGIT_CODES = new Set([20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58,
  60, 61, 62, 63, 64, 65, 66, 81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98]);

/** `+14155550101` → `+1******0101`: the country code, an asterisk per hidden digit, the last four (as the seed's webhooks show phones). */
export function maskPhone(e164: string): string {
  const digits = e164.replace(/^\+/, '');
  const codeLength = digits.startsWith('1') || digits.startsWith('7') ? 1 : TWO_DIGIT_CODES.has(Number(digits.slice(0, 2))) ? 2 : 3;
  const hidden = Math.max(0, digits.length - codeLength - 4);
  return `+${digits.slice(0, codeLength)}${'*'.repeat(hidden)}${digits.slice(codeLength + hidden)}`;
}

export const voiceIdentitySchema = z.object({
  id: z.string(),
  externalId: z.string(),
  role: z.enum(IDENTITY_ROLES),
  displayName: z.string().nullable(),
  isActive: z.boolean(),
  /** The last device registration or voice server join; null before either. */
  lastSeenAt: timestampSchema.nullable(),
  deviceCount: z.number().int(),
  /** Active, with a device that can be rung (a voice push token) or a phone for the fallback leg. */
  reachable: z.boolean(),
  /** The phone on file, masked (`+1******0101`); null without one. The full number is never returned. */
  maskedPhone: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type VoiceIdentity = z.infer<typeof voiceIdentitySchema>;
/**
 * An identity as the console reads it (`GET /dashboard/voice/app/identities`, the list and one): the seed's fields and
 * `voipDeviceCount`, its devices that can ring it in the app (VoIP push tokens), so People & bookings says how a
 * reachable person is rung (a notification-only device counts in `deviceCount`, not here), and `phoneNotRung`, why a
 * call would not ring their phone (so an unreachable person with one is said why). `/v1` keeps the seed's shape.
 */
export const PHONE_NOT_RUNG = ['phone_calling_off', 'no_business_number', 'own_business_number'] as const;
/** Why a call would not ring a person's phone, `phoneNotRung` of the console's read: `null` when it would, or they have none. */
export type PhoneNotRung = (typeof PHONE_NOT_RUNG)[number];
export const consoleVoiceIdentitySchema = voiceIdentitySchema.extend({ voipDeviceCount: z.number().int(), phoneNotRung: z.enum(PHONE_NOT_RUNG).nullable() });
export type ConsoleVoiceIdentity = z.infer<typeof consoleVoiceIdentitySchema>;

export const voiceDeviceSchema = z.object({
  token: z.string(), platform: z.enum(DEVICE_PLATFORMS), isVoip: z.boolean(), registeredAt: timestampSchema,
});
export type VoiceDevice = z.infer<typeof voiceDeviceSchema>;

export const bookingSessionSchema = z.object({
  externalRef: z.string(),
  proExternalId: z.string(),
  customerExternalId: z.string(),
  expiresAt: timestampSchema,
  metadata: z.record(z.string(), z.unknown()),
  status: z.enum(SESSION_STATUSES),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type BookingSession = z.infer<typeof bookingSessionSchema>;
/** What the console's session list adds (`/dashboard/voice/app/sessions` only): each party's display name, or null. */
export type ConsoleBookingSession = BookingSession & { proDisplayName: string | null; customerDisplayName: string | null };

/** The data of `voice.app.session.expired`: the session's fields, its metadata echoed. */
export type SessionExpiredData = Pick<BookingSession, 'externalRef' | 'proExternalId' | 'customerExternalId' | 'expiresAt' | 'metadata'>;

const requiredText = (name: string, max: number) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be text`) })
    .trim().min(1, `${name} must not be blank`).max(max, `${name} must be at most ${max} characters`);
/** An integrator's id: what goes in a path, so no slash and nothing that is not printable. */
export const externalIdSchema = (name: string) => requiredText(name, 100).regex(EXTERNAL_ID_PATTERN, `${name} must not contain spaces or slashes`);

export const upsertIdentityBodySchema = z.object({
  externalId: externalIdSchema('externalId'),
  // The validator's words, as every closed list's: missing `is required: one of PRO, CUSTOMER` (it said `must be PRO or
  // CUSTOMER` of a missing role too), else `must be one of: PRO, CUSTOMER`.
  role: z.enum(IDENTITY_ROLES),
  /** Absent: kept as it is; null: cleared. */
  displayName: requiredText('displayName', 100).nullable().optional(),
  /** E.164, stored encrypted. Absent: kept; null: erased. */
  phone: z.string({ error: 'phone must be text' }).trim()
    .regex(E164_PATTERN, 'phone must be in E.164 form: a +, the country code, then the number (e.g. +14155550101)').nullable().optional(),
});
export type UpsertIdentityInput = z.infer<typeof upsertIdentityBodySchema>;

export const registerDeviceBodySchema = z.object({
  token: requiredText('token', DEVICE_TOKEN_MAX).regex(/^[^/\s]+$/, 'token must not contain spaces or slashes'),
  platform: z.enum(DEVICE_PLATFORMS),
  /** Default: true on iOS (a VoIP push token), false on Android (a notification token). */
  isVoip: nullAsAbsent(z.boolean()),
});
export type RegisterDeviceInput = z.infer<typeof registerDeviceBodySchema>;

export const createSessionBodySchema = z.object({
  externalRef: externalIdSchema('externalRef'),
  proExternalId: externalIdSchema('proExternalId'),
  customerExternalId: externalIdSchema('customerExternalId'),
  expiresAt: nullAsAbsent(isoDateTimeSchema),
  // The validator's words, as on every route: `metadata: must be an object, not a list` (or `not text`).
  metadata: nullAsAbsent(z.record(z.string(), z.unknown())
    .refine((value) => JSON.stringify(value).length <= 8_192, 'metadata must be at most 8 KiB as JSON')),
});
export type CreateSessionInput = z.infer<typeof createSessionBodySchema>;

export const identitiesQuerySchema = z.object({
  role: z.enum(IDENTITY_ROLES).optional(),
  /** Part of an externalId or displayName, either case (A-Z); blank is no filter. */
  search: z.string({ error: 'search must be text' }).trim().max(200, 'search must be at most 200 characters').optional()
    .transform((search) => search || undefined),
  /** `true`: active people only, `false`: deactivated only; absent: both (the seed's list). */
  active: z.enum(['true', 'false'], { error: 'active must be true or false' }).optional()
    .transform((active) => (active === undefined ? undefined : active === 'true')),
});
export type IdentitiesFilter = z.output<typeof identitiesQuerySchema>;
export const sessionsQuerySchema = z.object({
  status: z.enum(SESSION_STATUSES).optional(),
});
