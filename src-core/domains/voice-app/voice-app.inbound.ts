// Calls the phone network brings: a phone dialling a business number, routed by the number's `routeTo`, and a
// phone on a call hanging up. The simulator's routes (sim/voice-app.routes.ts) deliver them as a carrier would.
import { personPhone } from '../../contract/common.ts';
import { VOICE_APP_LIMITS, type RouteTo } from '../../contract/voice-app.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { badRequest, conflict, invalidField, notFound } from '../../kernel/errors.ts';
import { newCallRow, type VoiceAppEvents } from './voice-app.events.ts';
import { isEnded, type AppCallFlow } from './voice-app.flow.ts';
import type { VoiceAppNumbers } from './voice-app.numbers.ts';
import type { AppCallRow, NumberRow, VoiceAppStore } from './voice-app.store.ts';

/** What the inbound router needs from the rest of the service: webhook subscriptions, and the agent that answers `ai`. */
export type InboundPorts = {
  /** Whether an active webhook endpoint of the organization takes `type` (by name or `*`). */
  subscribed: (orgId: string, type: string) => boolean;
  /** The voice agent assigned to the organization's numbers (its oldest active agent), or null. */
  answeringAgent: (orgId: string) => { id: string; name: string } | null;
};

/**
 * Who takes a phone's call to a business number: `app` (the integrator's backend, told by `voice.app.call.inbound`),
 * `team` (rung in the dashboard) or `ai` (the assigned voice agent, `agent`).
 */
export type InboundRoute = { number: string; routeTo: RouteTo; takenBy: RouteTo; agent: { id: string; name: string } | null };

export function createVoiceAppInbound(deps: {
  store: VoiceAppStore; db: Db; clock: Clock; flow: AppCallFlow; numbers: VoiceAppNumbers; events: VoiceAppEvents; ports: InboundPorts;
}) {
  const { store, db, clock, flow, numbers } = deps;
  /**
   * `app` with an active endpoint on `voice.app.call.inbound` is the backend's; `ai` with an active agent is the agent's;
   * anything else (`app` that nobody would hear of, `ai` without an agent, `team`) rings the team.
   */
  function routeOf(orgId: string, number: NumberRow): InboundRoute {
    const routeTo = number.route_to as RouteTo;
    const agent = routeTo === 'ai' ? deps.ports.answeringAgent(orgId) : null;
    if (agent) return { number: number.number, routeTo, takenBy: 'ai', agent };
    const listened = routeTo === 'app' && deps.ports.subscribed(orgId, 'voice.app.call.inbound');
    return { number: number.number, routeTo, takenBy: listened ? 'app' : 'team', agent: null };
  }
  return {
    /** Who would take a phone's call to the business number `to` (default: the first) now; null when it has none. */
    routeOf(orgId: string, to?: string): InboundRoute | null {
      const number = numbers.find(orgId, to);
      return number ? routeOf(orgId, number) : null;
    },
    /**
     * The phone `from` dials the business number `to` (default: the first): `app` with an `inbound` subscription waits
     * 45 s for a connect; `app` without one, or `team`, rings the team; `ai` is answered by the assigned agent.
     */
    receive(orgId: string, input: { from: string; to?: string | undefined }): { callId: string } {
      const from = personPhone(input.from);
      if (!from) throw invalidField(`Invalid phone number ${input.from}: give it in international format, e.g. +14155550101`);
      return db.tx(() => {
        const number = numbers.find(orgId, input.to);
        if (!number) throw badRequest('No active number: this organization has no business number to call (POST /dashboard/voice/app/numbers gives it one)');
        numbers.mustPstn(orgId, 'a call to the business number');
        const base = newCallRow(orgId, clock.nowIso(), {
          direction: 'inbound', business_number: number.number, from_party: from, to_party: number.number, caller_transport: 'PSTN', callee_transport: null,
        });
        const route = routeOf(orgId, number);
        if (route.agent) {
          const row: AppCallRow = { ...base, routed_to: 'ai', to_party: route.agent.id, callee_transport: 'WEBRTC', connected_at: base.started_at };
          store.insertCall(row);
          flow.answer(row);
          return { callId: row.id };
        }
        if (route.takenBy === 'app') {
          const row: AppCallRow = { ...base, routed_to: 'app', connect_by_ms: clock.now() + VOICE_APP_LIMITS.connectWithinSeconds * 1000 };
          store.insertCall(row);
          deps.events.inbound(row);
          flow.scheduleConnectTimeout(row);
          return { callId: row.id };
        }
        const row: AppCallRow = { ...base, routed_to: 'team', to_party: 'team', callee_transport: 'WEBRTC', connected_at: base.started_at };
        store.insertCall(row);
        flow.ringTeam(row);
        deps.events.ringingTeam(row);
        return { callId: row.id };
      });
    },
    /** A phone on the call hangs up (the caller unless `party` says the callee): a ringing call is CANCELLED, a talking one COMPLETED. */
    hangUp(orgId: string, callId: string, party: 'caller' | 'callee' | undefined) {
      return db.tx(() => {
        const row = store.callById(orgId, callId);
        if (!row) throw notFound(`Call ${callId}`);
        const who = party ?? (row.caller_transport === 'PSTN' ? 'caller' : 'callee');
        if ((who === 'caller' ? row.caller_transport : row.callee_transport) !== 'PSTN') throw badRequest(`The ${who} of call ${callId} is not on a phone`);
        if (isEnded(row)) throw conflict(`Call ${callId} has already ended (${row.status})`);
        if (row.status === 'RINGING' && who === 'callee') throw badRequest(`The callee of call ${callId} has not picked up: a ringing phone cannot hang up`);
        return flow.finish(row, row.status === 'ACCEPTED' ? 'COMPLETED' : 'CANCELLED', `${who}_hung_up`);
      });
    },
  };
}
export type VoiceAppInbound = ReturnType<typeof createVoiceAppInbound>;
