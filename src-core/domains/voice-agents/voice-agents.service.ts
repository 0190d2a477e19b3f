// The rules of voice agents: agents' configuration, agent calls placed and read (their flow is call-flow.ts),
// analytics over a range, and recording links signed for one hour.
import type { ListEnvelope } from '../../contract/common.ts';
import { VOICE_AGENT_DEFAULTS } from '../../contract/voice-agents.ts';
import type {
  AgentCall, AgentCallAnalytics, AgentCallListItem, AgentCallStatus, CallDirection, CallEndReason, CreateVoiceAgentInput, OutboundCallInput,
  RecordingLink, Sentiment, UpdateVoiceAgentInput, VoiceAgent, VoiceAgentListItem,
} from '../../contract/voice-agents.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { AppError, notFound } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import type { JobRunner } from '../../kernel/jobs.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import { recordingLinkValid, signedRecordingQuery, silentWav, type RecordingLinkQuery } from '../../kernel/recordings.ts';
import type { WalletService } from '../wallet/index.ts';
import { createCallFlow, type CallStep } from './call-flow.ts';
import type { VoiceCallPort } from './provider.ts';
import type { ContactsByPhone } from './voice-agents.console.ts';
import type { CallFilter, VoiceAgentRow, VoiceAgentsStore, VoiceCallRow } from './voice-agents.store.ts';

const toListItem = (row: VoiceAgentRow): VoiceAgentListItem => ({
  id: row.id, name: row.name, description: row.description, language: row.language, sttProvider: row.stt_provider, ttsProvider: row.tts_provider,
  llmProvider: row.llm_provider, llmModel: row.llm_model, isActive: row.is_active === 1, createdAt: row.created_at,
});
const toAgent = (row: VoiceAgentRow): VoiceAgent => ({
  ...toListItem(row), greeting: row.greeting, instructions: row.instructions, voice: row.voice, maxDurationSeconds: row.max_duration_seconds,
  updatedAt: row.updated_at,
});
/** An agent's columns from the API's fields, each missing one its default. */
const columnsOf = (a: CreateVoiceAgentInput) => {
  const d = VOICE_AGENT_DEFAULTS;
  return {
    name: a.name, description: a.description ?? null, language: a.language ?? d.language, stt_provider: a.sttProvider ?? d.sttProvider,
    tts_provider: a.ttsProvider ?? d.ttsProvider, llm_provider: a.llmProvider ?? d.llmProvider, llm_model: a.llmModel ?? d.llmModel, voice: a.voice ?? d.voice,
    greeting: a.greeting, instructions: a.instructions, max_duration_seconds: a.maxDurationSeconds ?? d.maxDurationSeconds,
    is_active: (a.isActive ?? d.isActive) ? 1 : 0,
  };
};
const toCallItem = (row: VoiceCallRow): AgentCallListItem => ({
  id: row.id, agentId: row.agent_id, direction: row.direction as CallDirection, callerNumber: row.caller_number, calledNumber: row.called_number,
  status: row.status as AgentCallStatus, durationSeconds: row.duration_seconds, sentiment: row.sentiment as Sentiment | null, summary: row.summary,
  wasConfirmed: row.was_confirmed === 1, billedAmountPaise: row.billed_amount_paise, startedAt: row.started_at, endedAt: row.ended_at,
  answeredAt: row.answered_at, endReason: row.end_reason as CallEndReason | null,
});


export function createVoiceAgentsService(deps: {
  store: VoiceAgentsStore; db: Db; clock: Clock; bus: Bus; jobs: JobRunner; wallet: WalletService; port: () => VoiceCallPort;
  /** The contacts domain, naming a call's contact on its ledger line. */
  contacts: ContactsByPhone;
}) {
  const { store, db, clock } = deps;
  const flow = createCallFlow(deps);
  const mustAgent = (orgId: string, id: string): VoiceAgentRow => {
    const row = store.agentById(orgId, id);
    if (!row) throw notFound(`Voice agent ${id}`);
    return row;
  };
  const mustCall = (orgId: string, id: string): VoiceCallRow => {
    const row = store.callById(orgId, id);
    if (!row) throw notFound(`Voice call ${id}`);
    return row;
  };
  const toCall = (row: VoiceCallRow): AgentCall => ({
    ...toCallItem(row), callerName: row.caller_name, wasBooked: row.was_booked === 1,
    transcription: store.turns(row.id).map((turn) => ({ role: turn.role, content: turn.content, timestamp: turn.at })),
    callContext: JSON.parse(row.call_context) as AgentCall['callContext'], recordingAvailable: row.recording_secret !== null,
  });

  return {
    listAgents(orgId: string, page: PageRequest): ListEnvelope<VoiceAgentListItem> {
      const { rows, total } = store.agents(orgId, page.limit, page.offset);
      return pageEnvelope(rows.map(toListItem), total, page);
    },
    getAgent: (orgId: string, id: string): VoiceAgent => toAgent(mustAgent(orgId, id)),
    createAgent(orgId: string, input: CreateVoiceAgentInput): VoiceAgent {
      const at = clock.nowIso();
      const row: VoiceAgentRow = { id: newId('agt'), org_id: orgId, ...columnsOf(input), created_at: at, updated_at: at };
      db.tx(() => store.insertAgent(row));
      return toAgent(row);
    },
    /** A partial change; deactivating cancels the agent's calls not yet answered. */
    updateAgent(orgId: string, id: string, input: UpdateVoiceAgentInput): VoiceAgent {
      return db.tx(() => {
        const current = toAgent(mustAgent(orgId, id));
        const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
        const merged = { ...current, ...given } as CreateVoiceAgentInput;
        const row: VoiceAgentRow = { ...mustAgent(orgId, id), ...columnsOf(merged), updated_at: clock.nowIso() };
        store.updateAgent(row);
        if (current.isActive && !merged.isActive) flow.cancelUnanswered(orgId, id, 'agent_deactivated');
        return toAgent(row);
      });
    },
    /** Deletes the agent; its calls stay (with its id), those not yet answered are cancelled, answered ones finish. */
    deleteAgent(orgId: string, id: string): { success: true; id: string } {
      db.tx(() => {
        mustAgent(orgId, id);
        flow.cancelUnanswered(orgId, id, 'agent_deleted');
        store.deleteAgent(orgId, id);
      });
      return { success: true, id };
    },

    /** Places an agent's call; a blocked contact is not called (409 CONTACT_BLOCKED with its reason), as nothing is sent to one. */
    placeCall(orgId: string, input: OutboundCallInput): AgentCall {
      const agent = mustAgent(orgId, input.agentId);
      deps.contacts.assertSendable(deps.contacts.findByPhone(orgId, input.toNumber));
      return toCall(flow.place(agent, input.toNumber, input.callContext ?? {}));
    },
    step: (orgId: string, step: CallStep): void => flow.step(orgId, step),
    listCalls(orgId: string, filter: CallFilter, page: PageRequest): ListEnvelope<AgentCallListItem> {
      const { rows, total } = store.calls(orgId, filter, page.limit, page.offset);
      return pageEnvelope(rows.map(toCallItem), total, page);
    },
    getCall: (orgId: string, id: string): AgentCall => toCall(mustCall(orgId, id)),
    /** Whether the organization has an agent call with this id (the stream's call rooms are for its own). */
    hasCall: (orgId: string, id: string): boolean => store.callById(orgId, id) !== undefined,
    /** A link to the recording, signed and valid one hour on the clock; 404 until the call has one (it completed). */
    recording(orgId: string, id: string, baseUrl: string): RecordingLink {
      const row = mustCall(orgId, id);
      if (!row.recording_secret) throw new AppError('NOT_FOUND', `Voice call ${id} has no recording: only a completed call has one, and this one is ${row.status}`);
      const expiresAt = flow.recordingExpiry();
      const expires = Math.floor(Date.parse(expiresAt) / 1000);
      const url = `${baseUrl}/recordings/${row.id}.wav?${signedRecordingQuery(row.recording_secret, row.id, expires)}`;
      return { data: { url, expiresAt } };
    },
    /** The audio behind a recording link; null when the link is not one we signed or has expired. */
    recordingAudio(callId: string, link: RecordingLinkQuery): Buffer | null {
      const row = store.callByIdAnyOrg(callId);
      if (!row?.recording_secret || !recordingLinkValid(row.recording_secret, row.id, link, clock.now())) return null;
      return silentWav(row.duration_seconds);
    },
    analytics(orgId: string, range: { from: string; to: string }): AgentCallAnalytics {
      const a = store.analytics(orgId, range.from, range.to);
      const n = (key: string): number => Number(a[key] ?? 0);
      const completed = n('completed');
      return {
        totalCalls: n('total'), completedCalls: completed, failedCalls: n('failed'), noAnswerCalls: n('no_answer'), busyCalls: n('busy'),
        cancelledCalls: n('cancelled'), avgDurationSeconds: completed ? Math.round((n('duration') / completed) * 10) / 10 : 0,
        totalDurationSeconds: n('duration'), sentimentBreakdown: { POSITIVE: n('positive'), NEUTRAL: n('neutral'), NEGATIVE: n('negative') },
        totalCostPaise: n('cost'), confirmedCount: n('confirmed'), bookedCount: n('booked'), from: range.from, to: range.to,
      };
    },
  };
}
export type VoiceAgentsService = ReturnType<typeof createVoiceAgentsService>;
