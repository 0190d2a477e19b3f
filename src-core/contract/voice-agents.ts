// AI voice agents and the calls they place (seed 000, "Voice (agent-driven)"): records, bodies and queries.
import { z } from 'zod';
import { mergeValuesSchema, nothingToChange, nullAsAbsent, orderedRange, personPhoneSchema, rangeBoundSchema, timestampSchema } from './common.ts';

export const AGENT_CALL_STATUSES = ['INITIATED', 'RINGING', 'ANSWERED', 'COMPLETED', 'FAILED', 'NO_ANSWER', 'BUSY', 'CANCELLED'] as const;
export type AgentCallStatus = (typeof AGENT_CALL_STATUSES)[number];
/** Statuses a call ends in: nothing happens to it after one of these. */
export const ENDED_CALL_STATUSES: readonly AgentCallStatus[] = ['COMPLETED', 'FAILED', 'NO_ANSWER', 'BUSY', 'CANCELLED'];
export const CALL_DIRECTIONS = ['INBOUND', 'OUTBOUND'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];
export const SENTIMENTS = ['POSITIVE', 'NEUTRAL', 'NEGATIVE'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];
/** Why a call ended (an addition to the seed's fields; null while it is live). */
export const CALL_END_REASONS = [
  'callee_hung_up', 'max_duration', 'no_answer', 'busy', 'declined', 'dial_failed', 'agent_deleted', 'agent_deactivated',
] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

/** What a call to an agent costs per started minute of talk, in paise (docs/contract-notes.md, "Voice agents"). */
export const AGENT_CALL_PRICE_PER_MINUTE_PAISE = 200;
/** Agent defaults (docs/contract-notes.md, "Voice agents"). */
export const VOICE_AGENT_DEFAULTS = {
  description: null, language: 'en-IN', sttProvider: 'deepgram', ttsProvider: 'elevenlabs', llmProvider: 'openai', llmModel: 'gpt-4o-mini',
  voice: 'alloy', maxDurationSeconds: 600, isActive: true,
} as const;
/**
 * The AI catalogue's label (`GET /v1/ai/models`) a voice agent's recorded model is shown by in the console, for a model
 * the catalogue stands for: the default engine is its quick model, `fast`. Any other name is shown as it is.
 */
export const VOICE_AGENT_MODEL_LABELS: Readonly<Record<string, string>> = { [VOICE_AGENT_DEFAULTS.llmModel]: 'fast' };

export const voiceAgentListItemSchema = z.object({
  id: z.string(), name: z.string(), description: z.string().nullable(), language: z.string(), sttProvider: z.string(), ttsProvider: z.string(),
  llmProvider: z.string(), llmModel: z.string(), isActive: z.boolean(), createdAt: timestampSchema,
});
export type VoiceAgentListItem = z.infer<typeof voiceAgentListItemSchema>;
/** The full configuration (`GET /voice/agents/{id}`, and the answer of create and update). */
export const voiceAgentSchema = voiceAgentListItemSchema.extend({
  greeting: z.string(), instructions: z.string(), voice: z.string(), maxDurationSeconds: z.number().int(), updatedAt: timestampSchema,
});
export type VoiceAgent = z.infer<typeof voiceAgentSchema>;

const requiredText = (name: string, max: number) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${name} is required` : undefined) })
    .trim().min(1, `${name} must not be blank`).max(max, `${name} must be at most ${max} characters`);
const name = (field: string) => requiredText(field, 100);
const agentFields = {
  name: name('name'),
  description: requiredText('description', 500).nullable(),
  language: z.string({ error: 'language must be a language tag such as en-IN' }).trim().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'language must be a language tag such as en-IN'),
  sttProvider: name('sttProvider'), ttsProvider: name('ttsProvider'), llmProvider: name('llmProvider'), llmModel: name('llmModel'), voice: name('voice'),
  greeting: requiredText('greeting', 1000),
  instructions: requiredText('instructions', 10_000),
  maxDurationSeconds: z.number().int('maxDurationSeconds must be a whole number')
    .min(30, 'maxDurationSeconds must be at least 30').max(3600, 'maxDurationSeconds must be at most 3600'),
  isActive: z.boolean(),
};
export const createVoiceAgentBodySchema = z.object({
  name: agentFields.name,
  greeting: agentFields.greeting,
  instructions: agentFields.instructions,
  description: nullAsAbsent(agentFields.description),
  language: nullAsAbsent(agentFields.language.default(VOICE_AGENT_DEFAULTS.language)),
  sttProvider: nullAsAbsent(agentFields.sttProvider.default(VOICE_AGENT_DEFAULTS.sttProvider)),
  ttsProvider: nullAsAbsent(agentFields.ttsProvider.default(VOICE_AGENT_DEFAULTS.ttsProvider)),
  llmProvider: nullAsAbsent(agentFields.llmProvider.default(VOICE_AGENT_DEFAULTS.llmProvider)),
  llmModel: nullAsAbsent(agentFields.llmModel.default(VOICE_AGENT_DEFAULTS.llmModel)),
  voice: nullAsAbsent(agentFields.voice.default(VOICE_AGENT_DEFAULTS.voice)),
  maxDurationSeconds: nullAsAbsent(agentFields.maxDurationSeconds.default(VOICE_AGENT_DEFAULTS.maxDurationSeconds)),
  isActive: nullAsAbsent(agentFields.isActive.default(VOICE_AGENT_DEFAULTS.isActive)),
});
export type CreateVoiceAgentInput = z.infer<typeof createVoiceAgentBodySchema>;
/** A partial change: the fields given replace the agent's; `description: null` clears it. */
export const updateVoiceAgentBodySchema = z.object({
  name: agentFields.name.optional(), greeting: agentFields.greeting.optional(), instructions: agentFields.instructions.optional(),
  description: agentFields.description.optional(), language: agentFields.language.optional(), sttProvider: agentFields.sttProvider.optional(),
  ttsProvider: agentFields.ttsProvider.optional(), llmProvider: agentFields.llmProvider.optional(), llmModel: agentFields.llmModel.optional(),
  voice: agentFields.voice.optional(), maxDurationSeconds: agentFields.maxDurationSeconds.optional(), isActive: agentFields.isActive.optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), nothingToChange('give at least one field to change'));
export type UpdateVoiceAgentInput = z.infer<typeof updateVoiceAgentBodySchema>;

export const transcriptTurnSchema = z.object({ role: z.enum(['agent', 'user']), content: z.string(), timestamp: timestampSchema });
export type TranscriptTurn = z.infer<typeof transcriptTurnSchema>;

export const agentCallListItemSchema = z.object({
  id: z.string(), agentId: z.string(), direction: z.enum(CALL_DIRECTIONS), callerNumber: z.string(), calledNumber: z.string(),
  status: z.enum(AGENT_CALL_STATUSES), durationSeconds: z.number().int(), sentiment: z.enum(SENTIMENTS).nullable(), summary: z.string().nullable(),
  wasConfirmed: z.boolean(), billedAmountPaise: z.number().int(), startedAt: timestampSchema, endedAt: timestampSchema.nullable(),
  answeredAt: timestampSchema.nullable(), endReason: z.enum(CALL_END_REASONS).nullable(),
});
export type AgentCallListItem = z.infer<typeof agentCallListItemSchema>;
export const agentCallSchema = agentCallListItemSchema.extend({
  callerName: z.string().nullable(), wasBooked: z.boolean(), transcription: z.array(transcriptTurnSchema),
  callContext: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])), recordingAvailable: z.boolean(),
});
export type AgentCall = z.infer<typeof agentCallSchema>;
/**
 * Console only (`/dashboard/voice/calls`, its detail and the outbound call there; `/v1` keeps the seed's fields): the
 * organization's contact whose phone is the called number, null when the number is nobody's contact.
 */
export type ConsoleAgentCallFields = { calledContact: { id: string; name: string | null } | null };

export const agentCallsQuerySchema = z.object({
  status: z.enum(AGENT_CALL_STATUSES).optional(),
  direction: z.enum(CALL_DIRECTIONS).optional(),
  agentId: z.string().min(1).max(100).optional(),
});
export const outboundCallBodySchema = z.object({
  agentId: requiredText('agentId', 100),
  toNumber: z.string({ error: (issue) => (issue.input === undefined ? 'toNumber is required' : undefined) })
    .pipe(personPhoneSchema('toNumber must be a phone number in international format: the country code, then the number (e.g. +14155550101)'))
    .describe('a phone number in international format, e.g. +14155550101 (the + optional)'),
  callContext: nullAsAbsent(mergeValuesSchema()),
});
export type OutboundCallInput = z.infer<typeof outboundCallBodySchema>;

const requiredBound = (name: 'from' | 'to') => z.string({ error: (issue) => (issue.input === undefined ? `${name} is required (an ISO 8601 date-time or date)` : undefined) })
  .pipe(rangeBoundSchema(name === 'from' ? 'start' : 'end')).describe('an ISO 8601 date-time, or a date YYYY-MM-DD (its whole UTC day)');
/** Both required; a date stands for its whole UTC day (`from` its start, `to` its last millisecond); `to` not before `from`. */
export const agentCallAnalyticsQuerySchema = z.object({ from: requiredBound('from'), to: requiredBound('to') }).superRefine(orderedRange('from', 'to'));

export const agentCallAnalyticsSchema = z.object({
  totalCalls: z.number().int(), completedCalls: z.number().int(), failedCalls: z.number().int(), noAnswerCalls: z.number().int(),
  busyCalls: z.number().int(), cancelledCalls: z.number().int(),
  avgDurationSeconds: z.number(), totalDurationSeconds: z.number().int(),
  sentimentBreakdown: z.object({ POSITIVE: z.number().int(), NEUTRAL: z.number().int(), NEGATIVE: z.number().int() }),
  totalCostPaise: z.number().int(), confirmedCount: z.number().int(), bookedCount: z.number().int(), from: timestampSchema, to: timestampSchema,
});
export type AgentCallAnalytics = z.infer<typeof agentCallAnalyticsSchema>;
/** A recording's link (`GET /voice/calls/{id}/recording`): pre-signed, valid one hour (seed 000). */
export const recordingLinkSchema = z.object({ data: z.object({ url: z.string(), expiresAt: timestampSchema }) });
export type RecordingLink = z.infer<typeof recordingLinkSchema>;

/** Socket payloads (seed 001, "Socket stream"). */
export type AgentCallInitiated = { callId: string; agentId: string; direction: CallDirection; calledNumber: string; status: AgentCallStatus };
export type AgentCallRinging = { callId: string; status: AgentCallStatus };
export type AgentCallAnswered = { callId: string; status: AgentCallStatus; answeredAt: string };
export type AgentCallEnded = { callId: string; status: AgentCallStatus; durationSeconds: number; sentiment: Sentiment | null; summary: string | null };
export type TranscriptChunk = TranscriptTurn & { callId: string };
