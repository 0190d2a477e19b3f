// The rules of voice app calls through the API: placing, accepting, rejecting, ending, joining and connecting calls,
// reading them (detail, history, recording link, transcript). Their life on the clock is voice-app.flow.ts.
import { personPhone, type ListEnvelope } from '../../contract/common.ts';
import {
  VOICE_APP_LIMITS, type AppCall, type AppCallTranscript, type ConsoleAppCallFields, type AppRecordingLink, type CreateAppCallInput, type CreateAppCallResult, type JoinTokenResult,
} from '../../contract/voice-app.ts';
import { maskPhone } from '../../contract/voice-identities.ts';
import { toIso, type Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { AppError, badRequest, conflict, invalidField, notFound } from '../../kernel/errors.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import { recordingLinkValid, signedRecordingQuery, type RecordingLinkQuery } from '../../kernel/recordings.ts';
import type { JoinTokens } from './join-token.ts';
import type { VoiceAppBilling } from './voice-app.billing.ts';
import { newCallRow, toAppCall, type BookingSession, type IdentityPort, type SessionPort, type VoiceAppEvents } from './voice-app.events.ts';
import { isEnded, type AppCallFlow } from './voice-app.flow.ts';
import type { VoiceAppNumbers } from './voice-app.numbers.ts';
import type { PhoneLegs } from './voice-app.phone-leg.ts';
import { withPartyNames } from './voice-app.console.ts';
import type { AppCallRow, VoiceAppStore } from './voice-app.store.ts';
import { transcriptOf } from './voice-app.transcript.ts';

const forbidden = (message: string): AppError => new AppError('FORBIDDEN', message);
/** 409 for an app user who was deactivated: they can no longer be rung (as a booking call with such a party is refused). */
const deactivatedCallee = (externalId: string): AppError =>
  conflict(`Identity ${externalId} is deactivated: it can no longer be rung (POST /v1/voice/app/identities with its externalId and role registers it again)`);
/** 409 for a caller who was deactivated: as they can no longer be rung, they can no longer call (someone never known still can). */
const deactivatedCaller = (externalId: string): AppError =>
  conflict(`Identity ${externalId} is deactivated: it can no longer place calls (POST /v1/voice/app/identities with its externalId and role registers it again)`);

/** The phone a call to a phone names (`to`), taken as every route takes a person's phone (`personPhone`). */
function callPhone(raw: string): string {
  const phone = personPhone(raw);
  if (!phone) throw invalidField(`Invalid phone number ${raw}: give it in international format, e.g. +14155550101`);
  return phone;
}

export function createVoiceAppCalls(deps: {
  store: VoiceAppStore; db: Db; clock: Clock; flow: AppCallFlow; numbers: VoiceAppNumbers; billing: VoiceAppBilling; events: VoiceAppEvents;
  joinTokens: JoinTokens; voiceServerUrl: (baseUrl: string) => string;
  /** The base URL links are made on when no request names one (the demo seed's calls). */
  publicBaseUrl: () => string; sessions?: SessionPort | undefined;
  identities?: IdentityPort | undefined; phoneLegs: PhoneLegs;
}) {
  const { store, db, clock, flow, numbers, billing } = deps;
  const mustCall = (orgId: string, id: string): AppCallRow => {
    const row = store.callById(orgId, id);
    if (!row) throw notFound(`Call ${id}`);
    return row;
  };
  const isCaller = (row: AppCallRow, who: string): boolean => row.caller_transport === 'WEBRTC' && row.from_party === who;
  const isCallee = (row: AppCallRow, who: string): boolean => row.callee_transport === 'WEBRTC' && row.to_party === who;
  const mustParty = (row: AppCallRow, who: string): void => {
    if (!isCaller(row, who) && !isCallee(row, who)) throw forbidden(`${who} is not an app user on call ${row.id}`);
  };
  const newRow = (orgId: string, fields: Parameters<typeof newCallRow>[2]): AppCallRow => newCallRow(orgId, clock.nowIso(), fields);
  const joinFor = async (row: AppCallRow, participant: string, baseUrl: string): Promise<JoinTokenResult> => {
    const { token, expiresIn } = await deps.joinTokens.issue({ orgId: row.org_id, callId: row.id, participant });
    return { callId: row.id, token, voiceServerUrl: deps.voiceServerUrl(baseUrl), tokenExpiresIn: expiresIn, call: toAppCall(row) };
  };

  return {
    /** `baseUrl`, as in every answer below that hands out an address: the one the request reached. */
    async create(orgId: string, body: CreateAppCallInput, baseUrl = deps.publicBaseUrl()): Promise<CreateAppCallResult> {
      // The booking form: the caller is one party of an active session, and the other is rung as by `type` `app`.
      let booking: BookingSession | null = null;
      let input: { type: 'app' | 'phone'; from: string; to: string };
      if ('type' in body) input = body;
      else {
        booking = deps.sessions?.activeSession(orgId, body.externalRef) ?? null;
        if (!booking) throw notFound(`Active booking session ${body.externalRef}`);
        const other = body.fromExternalId === booking.proExternalId ? booking.customerExternalId
          : body.fromExternalId === booking.customerExternalId ? booking.proExternalId : null;
        if (!other) throw forbidden(`${body.fromExternalId} is not a party of booking ${body.externalRef}`);
        // The seed's booking form "needs registered identities": a party deactivated since the booking was made is not.
        for (const [party, role] of [[booking.proExternalId, 'PRO'], [booking.customerExternalId, 'CUSTOMER']] as const) {
          if (deps.identities && !deps.identities.find(orgId, party)) {
            throw conflict(`Identity ${party}, the ${role} of booking ${body.externalRef}, is deactivated: a booking call needs both parties registered (POST /v1/voice/app/identities registers it again)`);
          }
        }
        input = { type: 'app', from: body.fromExternalId, to: other };
      }
      const phone = input.type === 'phone';
      const to = phone ? callPhone(input.to) : input.to;
      if (input.from === to) throw invalidField('from and to are the same: a call needs two parties');
      if (!phone && deps.identities?.isDeactivated(orgId, to)) throw deactivatedCallee(to);
      if (deps.identities?.isDeactivated(orgId, input.from)) throw deactivatedCaller(input.from);
      if (phone && numbers.owns(orgId, to)) throw invalidField(`${to} is this account's own business number, which calls come in on: give the phone of the person to call`);
      const row = db.tx(() => {
        // A person with no device that can ring them but with a phone is rung on that phone (the phone fallback leg).
        const fallbackPhone = phone ? null : deps.identities?.fallbackPhone(orgId, to) ?? null;
        // Never the business number ringing itself, whoever's phone it was given as (placing and connecting refuse it too).
        if (fallbackPhone !== null && numbers.owns(orgId, fallbackPhone)) {
          throw badRequest(`${to} has no device that can ring them and is rung on their phone, which is this account's own business number: register their device, or give them their own phone (POST /v1/voice/app/identities)`);
        }
        const phoneLeg = phone || fallbackPhone !== null;
        let businessNumber: string | null = null;
        if (phoneLeg) {
          numbers.mustPstn(orgId, phone ? 'a call to a phone' : `a call to ${to}, who has no device that can ring and is rung on their phone,`);
          businessNumber = numbers.find(orgId, undefined)?.number ?? null;
          if (!businessNumber) throw badRequest('No active number to call from: a call to a phone shows the business number, and this account has none');
        }
        const live = store.liveBetween(orgId, input.from, to);
        if (live) throw conflict(`${input.from} already has a live call with ${phone ? maskPhone(to) : to} (${live.id}, ${live.status}): end it first`);
        const unsealed = newRow(orgId, {
          direction: 'outbound', from_party: input.from, to_party: to, caller_transport: 'WEBRTC', callee_transport: phoneLeg ? 'PSTN' : 'WEBRTC',
          business_number: businessNumber, session_ref: booking?.externalRef ?? null, session_metadata: booking ? JSON.stringify(booking.metadata) : null,
        });
        const placed = fallbackPhone === null ? unsealed : deps.phoneLegs.withPhone(unsealed, fallbackPhone);
        billing.mustAfford(orgId, placed);
        store.insertCall(placed);
        flow.ring(placed, VOICE_APP_LIMITS.phoneRingSeconds);
        return placed;
      });
      const { token, expiresIn } = await deps.joinTokens.issue({ orgId, callId: row.id, participant: row.from_party });
      const callee = deps.events.party(orgId, phone ? maskPhone(to) : to, !phone);
      return {
        callId: row.id, roomId: row.room_id, status: 'RINGING', token, voiceServerUrl: deps.voiceServerUrl(baseUrl), tokenExpiresIn: expiresIn,
        ringTimeoutSeconds: VOICE_APP_LIMITS.ringTimeoutSeconds, callee: { externalId: callee.externalId, displayName: callee.displayName },
      };
    },

    /** The rung user picks up (ACCEPTED) and gets a token; again once accepted, a new token (safe to retry). */
    async accept(orgId: string, id: string, asExternalId: string, baseUrl = deps.publicBaseUrl()): Promise<JoinTokenResult> {
      const row = db.tx(() => {
        const current = mustCall(orgId, id);
        if (!isCallee(current, asExternalId)) throw forbidden(`Only the rung user can accept call ${id}; ${asExternalId} is not`);
        if (current.status === 'ACCEPTED') return current;
        if (current.status !== 'RINGING') throw conflict(`Call ${id} is ${current.status}: it can no longer be accepted`);
        return flow.answer(current);
      });
      return joinFor(row, asExternalId, baseUrl);
    },
    reject(orgId: string, id: string, input: { asExternalId: string; reason?: string | undefined }): AppCall {
      return toAppCall(db.tx(() => {
        const row = mustCall(orgId, id);
        if (!isCallee(row, input.asExternalId)) throw forbidden(`Only the rung user can reject call ${id}; ${input.asExternalId} is not`);
        if (row.status === 'REJECTED') return row;
        if (row.status !== 'RINGING') throw conflict(`Call ${id} is ${row.status}: only a ringing call can be rejected`);
        return flow.finish(row, 'REJECTED', input.reason ?? 'callee_rejected');
      }));
    },
    /** Ends the call for everyone; a call already ended is answered as it is (safe twice). */
    end(orgId: string, id: string, input: { asExternalId?: string | undefined; reason?: string | undefined }): AppCall {
      return toAppCall(db.tx(() => {
        const row = mustCall(orgId, id);
        const as = input.asExternalId;
        if (as !== undefined) mustParty(row, as);
        if (isEnded(row)) return row;
        if (row.status === 'RINGING') {
          const why = as === undefined ? 'ended_by_server' : isCaller(row, as) ? 'caller_cancelled' : 'callee_cancelled';
          return flow.finish(row, 'CANCELLED', input.reason ?? why);
        }
        return flow.finish(row, 'COMPLETED', input.reason ?? (as === undefined ? 'ended_by_server' : 'completed'));
      }));
    },
    async token(orgId: string, id: string, asExternalId: string, baseUrl: string): Promise<JoinTokenResult> {
      const row = mustCall(orgId, id);
      mustParty(row, asExternalId);
      if (isEnded(row)) throw conflict(`Call ${id} is ${row.status}: there is nothing to join`);
      if (isCallee(row, asExternalId) && row.status !== 'ACCEPTED') throw conflict(`Call ${id} is ringing ${asExternalId}: accept it to get a token`);
      return joinFor(row, asExternalId, baseUrl);
    },
    /** Connects a call waiting on the business number to an app user or a phone (the first connect counts). */
    connect(orgId: string, id: string, input: { type: 'app' | 'phone'; to: string }): AppCall {
      return toAppCall(db.tx(() => {
        const row = mustCall(orgId, id);
        if (row.direction !== 'inbound') throw badRequest(`Call ${id} did not come in on the business number: only those are connected`);
        if (isEnded(row)) throw badRequest(`Call ${id} has already ended (${row.status}, ${row.end_reason}): the caller is gone`);
        if (row.routed_to === 'team') {
          throw conflict(`Call ${id} rings the team: it came in while its number routed to team, or to app with no webhook endpoint subscribed to voice.app.call.inbound, so no connect is awaited (subscribe one for the next call)`);
        }
        if (row.routed_to === 'ai') throw conflict(`Call ${id} was answered by voice agent ${row.to_party} (its number routes to ai): only a call waiting for a connect takes one`);
        if (row.connected_at !== null) throw conflict(`Call ${id} is already connected: only the first connect counts`);
        const phone = input.type === 'phone';
        if (phone) numbers.mustPstn(orgId, 'connecting a call to a phone');
        const to = phone ? callPhone(input.to) : input.to;
        if (to === row.from_party) throw invalidField('to is the caller: connect the call to someone else');
        // As placing a call refuses it: the business number would ring itself (the call it is connecting came in on it).
        if (phone && numbers.owns(orgId, to)) throw invalidField(`${to} is this account's own business number, which calls come in on: give the phone of the person to connect the call to`);
        if (!phone && deps.identities?.isDeactivated(orgId, to)) throw deactivatedCallee(to);
        const connected: AppCallRow = { ...row, to_party: to, callee_transport: phone ? 'PSTN' : 'WEBRTC', routed_to: 'app', connected_at: clock.nowIso() };
        billing.mustAfford(orgId, connected);
        store.updateCall(connected);
        const left = Math.max(0, ((row.connect_by_ms ?? clock.now()) - clock.now()) / 1000);
        flow.ring(connected, Math.min(VOICE_APP_LIMITS.phoneRingSeconds, left));
        return connected;
      }));
    },
    get: (orgId: string, id: string): AppCall => toAppCall(mustCall(orgId, id)),
    /** Whether the call exists and has not ended (the voice server lets an app join only such a call). */
    isLive: (orgId: string, id: string): boolean => {
      const row = store.callById(orgId, id);
      return row !== undefined && !isEnded(row);
    },
    list(orgId: string, identityExternalId: string | undefined, page: PageRequest): ListEnvelope<AppCall> {
      const { rows, total } = store.calls(orgId, identityExternalId ?? null, page.limit, page.offset);
      return pageEnvelope(rows.map(toAppCall), total, page);
    },
    /** The console's history and call: the API's, each party who is an app user with their display name. */
    consoleList(orgId: string, identityExternalId: string | undefined, page: PageRequest): ListEnvelope<AppCall & ConsoleAppCallFields> {
      const { rows, total } = store.calls(orgId, identityExternalId ?? null, page.limit, page.offset);
      return pageEnvelope(withPartyNames(deps.identities, orgId, rows), total, page);
    },
    consoleGet: (orgId: string, id: string): AppCall & ConsoleAppCallFields => withPartyNames(deps.identities, orgId, [mustCall(orgId, id)])[0] as AppCall & ConsoleAppCallFields,
    /** A link to the recording, signed and valid one hour on the clock, made fresh each time; 404 until there is one. */
    recording(orgId: string, id: string, baseUrl: string): AppRecordingLink {
      const row = mustCall(orgId, id);
      if (!row.recording_secret) {
        // In the words of the agent calls' recording (`Voice call … has no recording: …`), not "A recording of … not found".
        throw new AppError('NOT_FOUND', `Call ${id} has no recording: only an answered call that has ended has one, and this one is ${row.status}`);
      }
      const expiresAtMs = clock.now() + VOICE_APP_LIMITS.recordingLinkSeconds * 1000;
      const expires = Math.floor(expiresAtMs / 1000);
      const url = `${baseUrl}/voice-app/recordings/${row.id}.wav?${signedRecordingQuery(row.recording_secret, row.id, expires)}`;
      return { data: { url, expiresAt: toIso(expires * 1000) } };
    },
    /** The recorded call's length in seconds behind a link we signed that has not expired; null otherwise. */
    recordingSeconds(callId: string, link: RecordingLinkQuery): number | null {
      const row = store.callByIdAnyOrg(callId);
      return row?.recording_secret && recordingLinkValid(row.recording_secret, row.id, link, clock.now()) ? row.duration_seconds : null;
    },
    transcript: (orgId: string, id: string): AppCallTranscript => transcriptOf(mustCall(orgId, id), clock.now()),
  };
}
export type VoiceAppCalls = ReturnType<typeof createVoiceAppCalls>;
