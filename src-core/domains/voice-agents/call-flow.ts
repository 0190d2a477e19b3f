// An agent call on the virtual clock: placed (INITIATED), rung (RINGING), answered or ended by the network's outcome;
// an answered call is a conversation, each utterance a durable step; at the hang-up it is COMPLETED, scored and billed.
import { randomBytes } from 'node:crypto';
import {
  AGENT_CALL_PRICE_PER_MINUTE_PAISE, ENDED_CALL_STATUSES, type AgentCallStatus, type CallEndReason, type TranscriptChunk,
} from '../../contract/voice-agents.ts';
import { formatPaise, normalizePhone } from '../../contract/common.ts';
import type { Bus } from '../../kernel/bus.ts';
import { toIso, type Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { AppError, conflict, invalidField } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import type { JobRunner } from '../../kernel/jobs.ts';
import type { WalletService } from '../wallet/index.ts';
import { fillGreeting, outcomeOf, speakingSeconds } from './call-outcome.ts';
import { nameParts } from '../../contract/email-merge.ts';
import { GREETING_AFTER_SECONDS, pauseAfterSeconds, scriptOf } from './call-pacing.ts';
import type { CallScene, DialOutcome, VoiceCallPort } from './provider.ts';
import type { ContactsByPhone } from './voice-agents.console.ts';
import type { VoiceAgentRow, VoiceAgentsStore, VoiceCallRow } from './voice-agents.store.ts';

export const CALL_STEP_JOB = 'voice.call.step';
/** The number agent calls come from (the simulated network's line for the organization's agents). */
export const AGENT_CALLER_NUMBER = '+18005550100';
export type CallStep = { callId: string; step: 'ring' | 'pickup' | 'say' | 'hangup'; seq?: number };
/** The agent's configuration as it was when the call was placed: the call follows it whatever happens to the agent. */
export type AgentConfig = { name: string; greeting: string; instructions: string; maxDurationSeconds: number };

const OUTCOME_STATUS: Record<Exclude<DialOutcome, 'answered'>, { status: AgentCallStatus; endReason: CallEndReason }> = {
  no_answer: { status: 'NO_ANSWER', endReason: 'no_answer' },
  busy: { status: 'BUSY', endReason: 'busy' },
  declined: { status: 'BUSY', endReason: 'declined' },
  dial_failed: { status: 'FAILED', endReason: 'dial_failed' },
};
const isEnded = (row: VoiceCallRow): boolean => ENDED_CALL_STATUSES.includes(row.status as AgentCallStatus);
export const completedData = (row: VoiceCallRow) => ({
  callId: row.id, agentId: row.agent_id, direction: row.direction, callerNumber: row.caller_number, calledNumber: row.called_number,
  status: row.status, durationSeconds: row.duration_seconds, sentiment: row.sentiment, summary: row.summary, wasConfirmed: row.was_confirmed === 1,
  wasBooked: row.was_booked === 1, billedAmountPaise: row.billed_amount_paise, endReason: row.end_reason, startedAt: row.started_at,
  answeredAt: row.answered_at, endedAt: row.ended_at,
});

export function createCallFlow(deps: {
  store: VoiceAgentsStore; db: Db; clock: Clock; bus: Bus; jobs: JobRunner; wallet: WalletService; port: () => VoiceCallPort; contacts: ContactsByPhone;
}) {
  const { store, db, clock, bus, jobs, wallet } = deps;
  const schedule = (orgId: string, step: CallStep, dueAt: number): void => void jobs.schedule({ type: CALL_STEP_JOB, orgId, payload: step, dueAt });
  const configOf = (row: VoiceCallRow): AgentConfig => JSON.parse(row.agent_config) as AgentConfig;
  const contextOf = (row: VoiceCallRow) => JSON.parse(row.call_context) as Record<string, string | number | boolean>;
  /** The called number's contact's name, or null: the one look-up the greeting, the summary and the ledger line name the person by. */
  const contactNameOf = (row: VoiceCallRow): string | null =>
    deps.contacts.contactsByPhone(row.org_id, [row.called_number]).get(row.called_number)?.name?.trim() || null;
  /**
   * The call's context as the call speaks it: a `name` it does not give (absent or blank) is the called number's
   * contact's, and a `first_name` it does not give is that name's first word (as campaigns' and email's first_name).
   */
  function spokenContext(row: VoiceCallRow): Record<string, string | number | boolean> {
    const context = contextOf(row);
    const given = (key: string): boolean => context[key] !== undefined && String(context[key]).trim() !== '';
    const name = given('name') ? String(context.name) : contactNameOf(row);
    const firstName = given('first_name') ? undefined : nameParts(name).firstName;
    return { ...context, ...(name && !given('name') ? { name } : {}), ...(firstName ? { first_name: firstName } : {}) };
  }
  const sceneOf = (row: VoiceCallRow): CallScene => ({
    agentName: configOf(row).name, instructions: configOf(row).instructions, calledNumber: row.called_number, callContext: spokenContext(row),
    transcript: store.turns(row.id).map(({ role, content }) => ({ role, content })),
  });

  /** Ends a call not answered: the network's outcome, or CANCELLED. Nothing is charged. */
  function endUnanswered(row: VoiceCallRow, status: AgentCallStatus, endReason: CallEndReason): void {
    const ended: VoiceCallRow = { ...row, status, end_reason: endReason, ended_at: clock.nowIso() };
    store.updateCall(ended);
    bus.emit(row.org_id, 'voice.call.completed', completedData(ended));
  }

  function ring(row: VoiceCallRow): void {
    const plan = deps.port().dial(row.called_number);
    if (plan.outcome === 'dial_failed') return endUnanswered(row, 'FAILED', 'dial_failed');
    store.updateCall({ ...row, status: 'RINGING' });
    bus.emit(row.org_id, 'voice.call.ringing', { callId: row.id, status: 'RINGING' });
    schedule(row.org_id, { callId: row.id, step: 'pickup' }, clock.now() + plan.ringsForSeconds * 1000);
  }

  function pickup(row: VoiceCallRow): void {
    const plan = deps.port().dial(row.called_number);
    if (plan.outcome !== 'answered') {
      const { status, endReason } = OUTCOME_STATUS[plan.outcome];
      return endUnanswered(row, status, endReason);
    }
    const answeredAt = clock.nowIso();
    store.updateCall({ ...row, status: 'ANSWERED', answered_at: answeredAt });
    bus.emit(row.org_id, 'voice.call.answered', { callId: row.id, status: 'ANSWERED', answeredAt });
    const talk = Math.min(plan.hangsUpAfterSeconds, configOf(row).maxDurationSeconds);
    schedule(row.org_id, { callId: row.id, step: 'say', seq: 0 }, clock.now() + GREETING_AFTER_SECONDS * 1000);
    schedule(row.org_id, { callId: row.id, step: 'hangup' }, clock.now() + talk * 1000);
  }

  /**
   * Utterance `seq`: the greeting, then the person and the agent by turns, until the person has nothing more to say;
   * paced over the person's talk (call-pacing.ts), so the last words come just before they hang up.
   */
  function say(row: VoiceCallRow, seq: number): void {
    const scene = sceneOf(row);
    const greeting = fillGreeting(configOf(row).greeting, scene.callContext);
    const content = seq === 0 ? greeting : seq % 2 === 1 ? deps.port().calleeSays(scene) : deps.port().agentSays(scene);
    if (content === null || content === '') return;
    const chunk: TranscriptChunk = { callId: row.id, role: seq % 2 === 0 ? 'agent' : 'user', content, timestamp: clock.nowIso() };
    store.insertTurn({ call_id: row.id, seq, role: chunk.role, content, at: chunk.timestamp });
    bus.emit(row.org_id, 'voice.call.transcript', chunk);
    const pause = pauseAfterSeconds(scriptOf(deps.port(), scene, greeting), seq, deps.port().dial(row.called_number).hangsUpAfterSeconds);
    const next = clock.now() + (speakingSeconds(content) + pause) * 1000;
    if (next < Date.parse(row.answered_at as string) + hangupAfterMs(row)) schedule(row.org_id, { callId: row.id, step: 'say', seq: seq + 1 }, next);
  }
  const hangupAfterMs = (row: VoiceCallRow): number =>
    Math.min(deps.port().dial(row.called_number).hangsUpAfterSeconds, configOf(row).maxDurationSeconds) * 1000;

  /** The called number's contact's name, else the name the call's context gave, else null. */
  function calleeName(row: VoiceCallRow): string | null {
    const given = contextOf(row).name;
    return contactNameOf(row) ?? (typeof given === 'string' && given.trim() ? given.trim() : null);
  }
  /** The called number as the ledger names it: with its contact's name first when it is a named contact's. */
  function calledParty(row: VoiceCallRow): string {
    const name = contactNameOf(row);
    return name ? `${name} (${row.called_number})` : row.called_number;
  }

  function hangup(row: VoiceCallRow): void {
    const config = configOf(row);
    const durationSeconds = Math.round((clock.now() - Date.parse(row.answered_at as string)) / 1000);
    const outcome = outcomeOf(store.turns(row.id), config.name, calleeName(row) ?? row.called_number);
    const minutes = Math.ceil(durationSeconds / 60);
    const billed = minutes * AGENT_CALL_PRICE_PER_MINUTE_PAISE;
    const ended: VoiceCallRow = {
      ...row, status: 'COMPLETED', duration_seconds: durationSeconds, sentiment: outcome.sentiment, summary: outcome.summary,
      was_confirmed: outcome.wasConfirmed ? 1 : 0, was_booked: outcome.wasBooked ? 1 : 0, billed_amount_paise: billed,
      end_reason: durationSeconds >= deps.port().dial(row.called_number).hangsUpAfterSeconds ? 'callee_hung_up' : 'max_duration',
      recording_secret: randomBytes(16).toString('hex'), ended_at: clock.nowIso(),
    };
    store.updateCall(ended);
    wallet.chargeUsage(row.org_id, 'voice', { type: 'voice_call', id: row.id }, billed,
      `Voice agent call · ${config.name} → ${calledParty(row)} · ${minutes} min × ${formatPaise(AGENT_CALL_PRICE_PER_MINUTE_PAISE)}`);
    bus.emit(row.org_id, 'voice.call.completed', completedData(ended));
  }

  const STEPS = { ring, pickup, hangup, say: (row: VoiceCallRow, seq?: number) => say(row, seq ?? 0) };
  const EXPECTS: Record<CallStep['step'], AgentCallStatus> = { ring: 'INITIATED', pickup: 'RINGING', say: 'ANSWERED', hangup: 'ANSWERED' };

  return {
    /** Places a call (INITIATED) in one transaction with its first step; 400 when the wallet cannot pay a minute. */
    place(agent: VoiceAgentRow, toNumber: string, callContext: Record<string, string | number | boolean>): VoiceCallRow {
      if (normalizePhone(toNumber) === AGENT_CALLER_NUMBER) {
        throw invalidField(`${toNumber} is the number agent calls come from: give the phone of the person to call`);
      }
      if (agent.is_active !== 1) throw conflict(`Voice agent ${agent.id} is inactive: activate it (PATCH /voice/agents/${agent.id} {"isActive": true}) to place calls`);
      const balance = wallet.get(agent.org_id).balancePaise;
      if (balance < AGENT_CALL_PRICE_PER_MINUTE_PAISE) {
        throw new AppError('INSUFFICIENT_BALANCE', `Insufficient wallet balance: an agent call costs ${formatPaise(AGENT_CALL_PRICE_PER_MINUTE_PAISE)} per started minute `
          + `and needs at least one minute's worth to be placed; the balance is ${formatPaise(balance)}`);
      }
      const config: AgentConfig = { name: agent.name, greeting: agent.greeting, instructions: agent.instructions, maxDurationSeconds: agent.max_duration_seconds };
      const row: VoiceCallRow = {
        id: newId('call'), org_id: agent.org_id, agent_id: agent.id, direction: 'OUTBOUND', caller_number: AGENT_CALLER_NUMBER, called_number: toNumber,
        caller_name: agent.name, status: 'INITIATED', call_context: JSON.stringify(callContext), agent_config: JSON.stringify(config), duration_seconds: 0,
        sentiment: null, summary: null, was_confirmed: 0, was_booked: 0, billed_amount_paise: 0, end_reason: null, recording_secret: null,
        started_at: clock.nowIso(), answered_at: null, ended_at: null,
      };
      db.tx(() => {
        store.insertCall(row);
        bus.emit(row.org_id, 'voice.call.initiated', { callId: row.id, agentId: row.agent_id, direction: row.direction, calledNumber: row.called_number, status: row.status });
        schedule(row.org_id, { callId: row.id, step: 'ring' }, clock.now() + deps.port().dial(toNumber).ringAfterSeconds * 1000);
      });
      return row;
    },
    /** Runs one step of a call (a job, in its transaction); a step a call has moved past (it was cancelled) does nothing. */
    step(orgId: string, step: CallStep): void {
      const row = store.callById(orgId, step.callId);
      if (!row || isEnded(row) || row.status !== EXPECTS[step.step]) return;
      STEPS[step.step](row, step.seq);
    },
    /** Cancels an agent's calls not yet answered (the agent was deleted or deactivated); answered ones finish. */
    cancelUnanswered(orgId: string, agentId: string, endReason: 'agent_deleted' | 'agent_deactivated'): void {
      for (const row of store.liveCallsOfAgent(orgId, agentId)) endUnanswered(row, 'CANCELLED', endReason);
    },
    /** When a completed call's recording link, made now, stops working. */
    recordingExpiry: (): string => toIso(clock.now() + 3_600_000),
  };
}
export type CallFlow = ReturnType<typeof createCallFlow>;
