// The voice app's webhook events and how a call shows in them and in the API: phone parties masked (the country
// code, asterisks, the last four digits); only `voice.app.call.inbound` carries the caller's full number.
import { VOICE_APP_LIMITS, type AppCall, type AppCallStatus, type AppCallStreamEvent } from '../../contract/voice-app.ts';
import { maskPhone } from '../../contract/voice-identities.ts';
import type { Bus } from '../../kernel/bus.ts';
import { newId } from '../../kernel/ids.ts';
import type { AppCallRow } from './voice-app.store.ts';

/** A person the backend names (an app user), as `identities` knows them; absent: nothing known. */
export type IdentityPort = {
  find(orgId: string, externalId: string): { externalId: string; displayName: string | null; role: 'PRO' | 'CUSTOMER' } | null;
  /** Whether `externalId` is an identity that was deactivated: an app call or a connect can no longer ring them, nor can they place one. */
  isDeactivated(orgId: string, externalId: string): boolean;
  /** The phone to ring for an active person with no device that can ring them; null when they have a device or no phone. */
  fallbackPhone(orgId: string, externalId: string): string | null;
  /** The display names of those of `externalIds` that have one, in one read (the console names a page of calls' parties). */
  displayNames(orgId: string, externalIds: readonly string[]): Map<string, string>;
};

/** A booking between a PRO and a CUSTOMER (the identities domain's sessions); null when none is active. */
export type BookingSession = { externalRef: string; proExternalId: string; customerExternalId: string; metadata: Record<string, unknown> };
export type SessionPort = { activeSession(orgId: string, externalRef: string): BookingSession | null };

export const shownFrom = (row: AppCallRow): string => (row.caller_transport === 'PSTN' ? maskPhone(row.from_party) : row.from_party);
/**
 * The callee; a call to the business number not yet connected shows that number (the organization's own), and a
 * person rung on their phone shows as the person (their number is sealed on the call, never shown).
 */
export const shownTo = (row: AppCallRow): string =>
  (row.callee_transport === 'PSTN' && row.callee_phone_sealed === null ? maskPhone(row.to_party) : row.to_party);

export const callFields = (row: AppCallRow) => ({
  callId: row.id, sessionRef: row.session_ref, roomId: row.room_id, status: row.status as AppCallStatus, from: shownFrom(row), to: shownTo(row),
  callerLegTransport: row.caller_transport, calleeLegTransport: row.callee_transport,
});

/** A booking call's events echo its session's metadata (the seed: "echoed on every webhook for the session"). */
const sessionFields = (row: AppCallRow) => (row.session_ref ? { metadata: JSON.parse(row.session_metadata ?? '{}') as Record<string, unknown> } : {});

export function createVoiceAppEvents(deps: { bus: Bus; identities?: IdentityPort | undefined }) {
  const { bus } = deps;
  const party = (orgId: string, shown: string, isApp: boolean) => {
    const found = isApp ? deps.identities?.find(orgId, shown) ?? null : null;
    return { externalId: shown, displayName: found?.displayName ?? null, role: found?.role ?? null };
  };
  return {
    party,
    inbound(row: AppCallRow): void {
      bus.emit(row.org_id, 'voice.app.call.inbound', {
        callId: row.id, roomId: row.room_id, status: row.status, callerNumber: row.from_party, calledNumber: row.business_number,
        callerLegTransport: row.caller_transport, connectWithinSeconds: VOICE_APP_LIMITS.connectWithinSeconds, startedAt: row.started_at,
      });
    },
    /** An app user is rung. */
    incoming(row: AppCallRow): void {
      bus.emit(row.org_id, 'voice.app.call.incoming', {
        callId: row.id, from: party(row.org_id, shownFrom(row), row.caller_transport === 'WEBRTC'), to: party(row.org_id, shownTo(row), true),
        ...sessionFields(row),
      });
    },
    answered(row: AppCallRow): void {
      bus.emit(row.org_id, 'voice.app.call.answered', { ...callFields(row), answeredAt: row.answered_at, ...sessionFields(row) });
    },
    /**
     * A phone's call rings the team: no webhook says so (the team is no app user), so only the console's stream hears
     * it, as `voice:app.call` with the event `ringing`; its list shows the call ringing, not first when it is missed.
     */
    ringingTeam(row: AppCallRow): void {
      bus.publishTransient(row.org_id, 'voice.app.call.ringing', { callId: row.id, event: 'ringing', status: row.status } satisfies AppCallStreamEvent);
    },
    /** The event an ending fires: `rejected`, `missed`, or `completed` (COMPLETED, CANCELLED, FAILED). */
    ended(row: AppCallRow): void {
      const type = row.status === 'REJECTED' ? 'voice.app.call.rejected' : row.status === 'MISSED' ? 'voice.app.call.missed' : 'voice.app.call.completed';
      bus.emit(row.org_id, type, {
        ...callFields(row), durationSeconds: row.duration_seconds, endReason: row.end_reason, endedAt: row.ended_at, ...sessionFields(row),
      });
    },
  };
}
export type VoiceAppEvents = ReturnType<typeof createVoiceAppEvents>;

/** A new call's row: ringing from now, nothing else happened yet; `fields` say who calls whom and how. */
export const newCallRow = (orgId: string, now: string, fields: Pick<AppCallRow, 'direction' | 'from_party' | 'to_party' | 'caller_transport' | 'callee_transport'>
  & Partial<AppCallRow>): AppCallRow => ({
  id: newId('apc'), org_id: orgId, room_id: newId('room'), routed_to: null, business_number: null, status: 'RINGING', end_reason: null,
  connect_by_ms: null, connected_at: null, started_at: now, answered_at: null, ended_at: null, duration_seconds: 0, cost_paise: null,
  recording_secret: null, transcript_ready_at: null, session_ref: null, session_metadata: null, room_empty_since_ms: null, callee_phone_sealed: null, ...fields,
});

export const toAppCall = (row: AppCallRow): AppCall => ({
  ...callFields(row), durationSeconds: row.duration_seconds, endReason: row.end_reason, answeredAt: row.answered_at, endedAt: row.ended_at,
  startedAt: row.started_at, recordingReady: row.recording_secret !== null, costPaise: row.cost_paise, direction: row.direction,
  businessNumber: row.business_number,
  connectBy: row.direction === 'inbound' && row.connected_at === null && row.ended_at === null && row.connect_by_ms !== null ? new Date(row.connect_by_ms).toISOString() : null,
});
