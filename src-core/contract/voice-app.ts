// Voice app calls (seed 001, "Voice app calls"): calls between app users and phones, business numbers, settings.
import { z } from 'zod';
import { E164_PATTERN, EXTERNAL_ID_PATTERN, nullAsAbsent, organizationField, timestampSchema } from './common.ts';

export const APP_CALL_STATUSES = ['RINGING', 'ACCEPTED', 'COMPLETED', 'CANCELLED', 'REJECTED', 'MISSED', 'FAILED'] as const;
export type AppCallStatus = (typeof APP_CALL_STATUSES)[number];
export const ENDED_APP_CALL_STATUSES: readonly AppCallStatus[] = ['COMPLETED', 'CANCELLED', 'REJECTED', 'MISSED', 'FAILED'];
export const LEG_TRANSPORTS = ['WEBRTC', 'PSTN'] as const;
export type LegTransport = (typeof LEG_TRANSPORTS)[number];
export const ROUTE_TO = ['app', 'team', 'ai'] as const;
export type RouteTo = (typeof ROUTE_TO)[number];

/** The seed's limits, in seconds. */
export const VOICE_APP_LIMITS = {
  joinTokenSeconds: 300, ringTimeoutSeconds: 45, phoneRingSeconds: 40, connectWithinSeconds: 45, recordingLinkSeconds: 3600,
  /** Decided: the transcript is ready this long after the call ends (docs/contract-notes.md, "Voice app calls"). */
  transcribedAfterSeconds: 10,
  /** Decided: an answered call shorter than this had no speech (no transcript, no transcription charge). */
  speechAfterSeconds: 5,
  /**
   * Decided: an answered call with no phone on it whose room stays empty this long (every app that joined it on the
   * voice server has left, nobody back) ends `COMPLETED` `room_closed` (docs/contract-notes.md, "Voice app calls").
   */
  roomClosedAfterSeconds: 30,
} as const;

/** Per-minute prices in paise (decided constants; docs/contract-notes.md, "Voice app calls"). */
export const VOICE_APP_PRICES_PAISE = { talkPerMinute: 100, transcriptionPerMinute: 20, phoneSidePerMinute: 50 } as const;

/** International format: `+`, the country code, then the number (spaces, dashes, dots and brackets are ignored). */
export const canonicalAppPhone = (raw: string): string => raw.trim().replace(/[\s().-]/g, '');
export const isAppPhone = (raw: string): boolean => E164_PATTERN.test(canonicalAppPhone(raw));

/** An app user's external id: missing or empty is "required"; too long or not text is said so (the schema's own error was every issue's). */
const externalId = (name: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${name} is required` : undefined) }).trim().min(1, `${name} is required`).max(200);

/**
 * An app user as a party of a call (`from`, an app `to`, `fromExternalId`): an identity's external id rule (1-100
 * characters, no spaces or slashes), so a party that could never be an identity, nor sit in a path, is refused.
 */
const appParty = (name: string) => externalId(name).max(100, `${name} must be at most 100 characters`).regex(EXTERNAL_ID_PATTERN, `${name} must not contain spaces or slashes`);
/** `to` is an app user's id for `type` `app` (the rule above), a phone (its own rule, in the service) for `phone`. */
const appTo = (body: { type: 'app' | 'phone'; to: string }, ctx: z.RefinementCtx): void => {
  if (body.type !== 'app') return;
  for (const issue of appParty('to').safeParse(body.to).error?.issues ?? []) ctx.addIssue({ code: 'custom', path: ['to'], message: issue.message });
};

export const createAppCallBodySchema = z.union([
  z.object({ type: z.enum(['app', 'phone']), from: appParty('from'), to: externalId('to') }).superRefine(appTo),
  z.object({ externalRef: z.string().min(1).max(200), fromExternalId: appParty('fromExternalId') }),
]);
export type CreateAppCallInput = z.infer<typeof createAppCallBodySchema>;
export const asExternalIdBodySchema = z.object({ asExternalId: externalId('asExternalId') });
export const rejectAppCallBodySchema = asExternalIdBodySchema.extend({ reason: nullAsAbsent(z.string().trim().min(1).max(200)) });
/** End: both fields optional (seed: omit `asExternalId` to end from the backend), so no body at all is taken too. */
export const endAppCallBodySchema = z.object({ asExternalId: nullAsAbsent(externalId('asExternalId')), reason: nullAsAbsent(z.string().trim().min(1).max(200)) })
  .optional();
export const connectAppCallBodySchema = z.object({ type: z.enum(['app', 'phone']), to: externalId('to') }).superRefine(appTo);
export const appCallsQuerySchema = z.object({ identityExternalId: z.string().trim().min(1).max(200).optional() });

export const appCallSchema = z.object({
  callId: z.string(), roomId: z.string(), status: z.enum(APP_CALL_STATUSES), from: z.string(), to: z.string(), sessionRef: z.string().nullable(),
  callerLegTransport: z.enum(LEG_TRANSPORTS),
  /** Null while a call to the business number waits to be connected (nobody is rung yet). */
  calleeLegTransport: z.enum(LEG_TRANSPORTS).nullable(), durationSeconds: z.number().int(), endReason: z.string().nullable(),
  answeredAt: timestampSchema.nullable(), endedAt: timestampSchema.nullable(), startedAt: timestampSchema, recordingReady: z.boolean(),
  costPaise: z.number().int().nullable(),
  /** Added: whether it came in on a business number (`inbound`) or was placed by the backend (`outbound`), and that number. */
  direction: z.enum(['inbound', 'outbound']), businessNumber: z.string().nullable(),
  /** Added: for a call to the business number, until when it can be connected; null once connected or ended, and for other calls. */
  connectBy: timestampSchema.nullable(),
});
export type AppCall = z.infer<typeof appCallSchema>;
/**
 * Console only (`/dashboard/voice/app/calls` and a call there; `/v1` keeps its fields): the display name the voice
 * app's identities give each app-user party (`from`, `to` are their external ids); null for a phone, the business
 * number, the team or an agent, a person the identities do not know, or one without a display name.
 */
export type ConsoleAppCallFields = { fromDisplayName: string | null; toDisplayName: string | null };

export const appCallPartySchema = z.object({ externalId: z.string(), displayName: z.string().nullable() });
export const createAppCallResultSchema = z.object({
  callId: z.string(), roomId: z.string(), status: z.literal('RINGING'), token: z.string(), voiceServerUrl: z.string(), tokenExpiresIn: z.number().int(),
  ringTimeoutSeconds: z.number().int(), callee: appCallPartySchema,
});
export type CreateAppCallResult = z.infer<typeof createAppCallResultSchema>;
export const joinTokenResultSchema = z.object({
  callId: z.string(), token: z.string(), voiceServerUrl: z.string(), tokenExpiresIn: z.number().int(), call: appCallSchema,
});
export type JoinTokenResult = z.infer<typeof joinTokenResultSchema>;

export const TRANSCRIPT_STATES = ['ready', 'processing', 'no_speech', 'not_answered'] as const;
export const appTranscriptTurnSchema = z.object({
  speaker: z.enum(['caller', 'callee']), party: z.string(), text: z.string(), startSeconds: z.number().int(), endSeconds: z.number().int(),
});
export type AppTranscriptTurn = z.infer<typeof appTranscriptTurnSchema>;
export const appCallTranscriptSchema = z.object({ callId: z.string(), state: z.enum(TRANSCRIPT_STATES), turns: z.array(appTranscriptTurnSchema) });
export type AppCallTranscript = z.infer<typeof appCallTranscriptSchema>;
export const appRecordingLinkSchema = z.object({ data: z.object({ url: z.string(), expiresAt: timestampSchema }) });
export type AppRecordingLink = z.infer<typeof appRecordingLinkSchema>;

export const businessNumberSchema = z.object({ number: z.string(), routeTo: z.enum(ROUTE_TO), createdAt: timestampSchema });
export type BusinessNumber = z.infer<typeof businessNumberSchema>;
export const updateNumberBodySchema = z.object({ routeTo: z.enum(ROUTE_TO) });
export const numberParamsSchema = z.object({ number: z.string().min(1).max(40) });
export const provisionNumberBodySchema = z.object({ ...organizationField, number: nullAsAbsent(z.string().trim().max(40)), routeTo: z.enum(ROUTE_TO).optional() });

export const settingsChangeSchema = z.object({
  pstnEnabled: z.boolean(), changedAt: timestampSchema, changedVia: z.enum(['api', 'dashboard']), apiKeyId: z.string().nullable(),
});
export type SettingsChange = z.infer<typeof settingsChangeSchema>;
export const voiceAppSettingsSchema = z.object({ pstnEnabled: z.boolean(), history: z.array(settingsChangeSchema) });
export type VoiceAppSettings = z.infer<typeof voiceAppSettingsSchema>;
export const updateSettingsBodySchema = z.object({ pstnEnabled: z.boolean() });

/**
 * The console stream's `voice:app.call`: which call changed, how (`inbound`, `incoming`, `answered`, `completed`, `missed`,
 * `rejected`, or `ringing`: a phone's call rings the team, which no webhook says), its status.
 */
export type AppCallStreamEvent = { callId: string; event: string; status: string | null };

export const simInboundCallBodySchema = z.object({ ...organizationField, from: z.string().trim().min(1).max(40), to: nullAsAbsent(z.string().trim().max(40)) });
/** Every field optional, so no body at all is taken too: the caller on the default organization's call hangs up. */
export const simHangupBodySchema = z.object({ ...organizationField, party: z.enum(['caller', 'callee']).optional() }).optional();
