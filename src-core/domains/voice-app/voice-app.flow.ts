// An app call's life on the virtual clock ("App call status", "Phone-leg outcomes"): rung (RINGING), answered
// (ACCEPTED), ended (COMPLETED, CANCELLED, REJECTED, MISSED, FAILED), each timer a durable job (a room left empty
// too: voice-app.room.ts). Endings are billed here.
import { randomBytes } from 'node:crypto';
import { ENDED_APP_CALL_STATUSES, VOICE_APP_LIMITS, type AppCallStatus } from '../../contract/voice-app.ts';
import { toIso, type Clock } from '../../kernel/clock.ts';
import type { JobRunner } from '../../kernel/jobs.ts';
import type { VoiceAppBilling } from './voice-app.billing.ts';
import type { VoiceAppEvents } from './voice-app.events.ts';
import type { PhoneLegs } from './voice-app.phone-leg.ts';
import type { AppCallRow, VoiceAppStore } from './voice-app.store.ts';

export const APP_CALL_STEP_JOB = 'voice.app.call.step';

/** What the phone network does with a call to a phone (the simulated world answers with INTERFACES.md's fixtures). */
export type PhoneOutcome = 'answered' | 'no_answer' | 'busy' | 'declined' | 'dial_failed';
export type PhoneNetworkPort = {
  dial(toNumber: string): { outcome: PhoneOutcome; ringAfterSeconds: number; ringsForSeconds: number; hangsUpAfterSeconds: number };
};

export type AppCallStep =
  | { callId: string; step: 'ring_timeout' }
  | { callId: string; step: 'connect_timeout' }
  | { callId: string; step: 'phone_leg'; outcome: PhoneOutcome }
  | { callId: string; step: 'phone_hangup'; party: 'caller' | 'callee' }
  /** The room has been empty since `emptySinceMs` (the grace is over): it closes unless someone came back meanwhile. */
  | { callId: string; step: 'room_closed'; emptySinceMs: number };

export const isEnded = (row: AppCallRow): boolean => ENDED_APP_CALL_STATUSES.includes(row.status as AppCallStatus);

const PHONE_ENDINGS: Record<Exclude<PhoneOutcome, 'answered'>, { status: AppCallStatus; endReason: string }> = {
  busy: { status: 'REJECTED', endReason: 'busy' },
  declined: { status: 'REJECTED', endReason: 'declined' },
  no_answer: { status: 'MISSED', endReason: 'no_answer' },
  dial_failed: { status: 'FAILED', endReason: 'dial_failed' },
};

export function createAppCallFlow(deps: {
  store: VoiceAppStore; clock: Clock; jobs: JobRunner; events: VoiceAppEvents; billing: VoiceAppBilling; phones: () => PhoneNetworkPort; phoneLegs: PhoneLegs;
}) {
  const { store, clock, jobs, events, billing } = deps;
  const schedule = (orgId: string, step: AppCallStep, afterSeconds: number, dedupeKey?: string): void =>
    void jobs.schedule({ type: APP_CALL_STEP_JOB, orgId, payload: step, dueAt: clock.now() + afterSeconds * 1000, dedupeKey });

  /**
   * Ends a call (at `endedAtMs`: now, unless the talk ended earlier); COMPLETED is charged (one ledger line per
   * charge), every other ending costs 0. Fires its event.
   */
  function finish(row: AppCallRow, status: AppCallStatus, endReason: string, endedAtMs = clock.now()): AppCallRow {
    const answered = row.answered_at !== null;
    const durationSeconds = answered ? Math.max(0, Math.round((endedAtMs - Date.parse(row.answered_at as string)) / 1000)) : 0;
    let ended: AppCallRow = {
      ...row, status, end_reason: endReason, ended_at: toIso(endedAtMs), duration_seconds: durationSeconds, cost_paise: 0,
      recording_secret: answered ? randomBytes(16).toString('hex') : null,
      transcript_ready_at: answered ? toIso(endedAtMs + VOICE_APP_LIMITS.transcribedAfterSeconds * 1000) : null,
    };
    if (status === 'COMPLETED') ended = { ...ended, cost_paise: billing.charge(ended) };
    store.updateCall(ended);
    events.ended(ended);
    return ended;
  }

  /** The callee picked up: ACCEPTED, `answered`; a phone on the call hangs up after its talk time (the callee's first). */
  function answer(row: AppCallRow): AppCallRow {
    const answered: AppCallRow = { ...row, status: 'ACCEPTED', answered_at: clock.nowIso() };
    store.updateCall(answered);
    events.answered(answered);
    if (row.callee_transport === 'PSTN') {
      const talk = deps.phones().dial(deps.phoneLegs.calleeNumber(row)).hangsUpAfterSeconds;
      schedule(row.org_id, { callId: row.id, step: 'phone_hangup', party: 'callee' }, talk);
    } else if (row.caller_transport === 'PSTN') {
      schedule(row.org_id, { callId: row.id, step: 'phone_hangup', party: 'caller' }, deps.phones().dial(row.from_party).hangsUpAfterSeconds);
    }
    return answered;
  }

  /**
   * Rings the callee of a RINGING call: an app user for 45 s (`incoming`), or a phone for up to `ringLimitSeconds`
   * (40, or what is left of a connect window), whose outcome the network decides: the number called, or the phone of
   * the person called when they are rung on it (voice-app.phone-leg.ts).
   */
  function ring(row: AppCallRow, ringLimitSeconds: number): void {
    if (row.callee_transport === 'WEBRTC') {
      events.incoming(row);
      schedule(row.org_id, { callId: row.id, step: 'ring_timeout' }, VOICE_APP_LIMITS.ringTimeoutSeconds);
      return;
    }
    const plan = deps.phones().dial(deps.phoneLegs.calleeNumber(row));
    const knownAfter = plan.outcome === 'dial_failed' ? plan.ringAfterSeconds : plan.ringAfterSeconds + plan.ringsForSeconds;
    const outcome = plan.outcome === 'no_answer' || knownAfter > ringLimitSeconds ? 'no_answer' : plan.outcome;
    schedule(row.org_id, { callId: row.id, step: 'phone_leg', outcome }, outcome === 'no_answer' ? ringLimitSeconds : knownAfter);
  }

  const STEPS: { [K in AppCallStep['step']]: (row: AppCallRow, step: Extract<AppCallStep, { step: K }>) => void } = {
    ring_timeout: (row) => {
      if (row.status === 'RINGING' && row.callee_transport === 'WEBRTC') finish(row, 'MISSED', 'ring_timeout');
    },
    connect_timeout: (row) => {
      if (row.status === 'RINGING' && row.connected_at === null) finish(row, 'MISSED', 'not_connected');
    },
    phone_leg: (row, step) => {
      if (row.status !== 'RINGING' || row.callee_transport !== 'PSTN') return;
      if (step.outcome === 'answered') answer(row);
      else finish(row, PHONE_ENDINGS[step.outcome].status, PHONE_ENDINGS[step.outcome].endReason);
    },
    phone_hangup: (row, step) => {
      if (row.status === 'ACCEPTED') finish(row, 'COMPLETED', `${step.party}_hung_up`);
    },
    // Nobody came back: the call ended when the last one left (the grace is not talk, nor charged).
    room_closed: (row, step) => {
      if (row.status === 'ACCEPTED' && row.room_empty_since_ms === step.emptySinceMs) finish(row, 'COMPLETED', 'room_closed', step.emptySinceMs);
    },
  };

  return {
    finish,
    answer,
    ring,
    /** Runs one timer of a call (a job, in its transaction); a timer the call has moved past does nothing. */
    step(orgId: string, step: AppCallStep): void {
      const row = store.callById(orgId, step.callId);
      if (!row || isEnded(row)) return;
      (STEPS[step.step] as (row: AppCallRow, step: AppCallStep) => void)(row, step);
    },
    /** The team is rung in the dashboard for 45 s (no app user, so no `incoming`); unanswered, MISSED `ring_timeout`. */
    ringTeam: (row: AppCallRow): void => schedule(row.org_id, { callId: row.id, step: 'ring_timeout' }, VOICE_APP_LIMITS.ringTimeoutSeconds),
    scheduleConnectTimeout: (row: AppCallRow): void => schedule(row.org_id, { callId: row.id, step: 'connect_timeout' }, VOICE_APP_LIMITS.connectWithinSeconds),
    /** The room of `row` is empty since now: it closes after the grace (one job per emptying, however often reported). */
    /** The grace counts from when the room emptied (now, or a killed process's last moment up). */
    scheduleRoomClose(row: AppCallRow, emptySinceMs: number): void {
      const step: AppCallStep = { callId: row.id, step: 'room_closed', emptySinceMs };
      void jobs.schedule({
        type: APP_CALL_STEP_JOB, orgId: row.org_id, payload: step, dueAt: emptySinceMs + VOICE_APP_LIMITS.roomClosedAfterSeconds * 1000,
        dedupeKey: `${APP_CALL_STEP_JOB}:room_closed:${row.id}:${emptySinceMs}`,
      });
    },
  };
}
export type AppCallFlow = ReturnType<typeof createAppCallFlow>;
