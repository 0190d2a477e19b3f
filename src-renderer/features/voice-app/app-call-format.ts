// How the App calls tab writes a call: its shape from its legs (app → phone…), its status as a person reads it
// (a call to the business number waiting for a connect is "Waiting", not "Ringing"), its length and its cost.
import { formatPaise, type AppCall, type AppCallStatus, type LegTransport } from '../../../src-core/contract/index.ts';
import { minutesSeconds } from '../../components/format.ts';

/** Who is on a leg: an app user (WebRTC) or a phone (PSTN). */
const SIDE: Record<LegTransport, string> = { WEBRTC: 'app', PSTN: 'phone' };

/** The callee's side: nobody yet (a waiting inbound call), the team, the AI agent that answered, or the leg's side. */
function calleeSide(call: Pick<AppCall, 'to' | 'calleeLegTransport'>): string {
  if (call.calleeLegTransport === null) return '…';
  if (call.to === 'team') return 'team';
  if (call.to.startsWith('agt_')) return 'AI agent';
  return SIDE[call.calleeLegTransport];
}

/** `app → app`, `app → phone`, `phone → app`, `phone → …` (waiting to be connected), `phone → team`, `phone → AI agent`. */
export const callShape = (call: Pick<AppCall, 'to' | 'callerLegTransport' | 'calleeLegTransport'>): string =>
  `${SIDE[call.callerLegTransport]} → ${calleeSide(call)}`;

/** Waiting for the backend's connect (a call to the business number with its connect window open). */
export const isWaiting = (call: Pick<AppCall, 'status' | 'connectBy'>): boolean => call.status === 'RINGING' && call.connectBy !== null;

const STATUS_LABEL: Record<AppCallStatus, string> = {
  RINGING: 'Ringing', ACCEPTED: 'In progress', COMPLETED: 'Completed', CANCELLED: 'Cancelled', REJECTED: 'Rejected', MISSED: 'Missed', FAILED: 'Failed',
};
export const statusLabel = (call: Pick<AppCall, 'status' | 'connectBy'>): string => (isWaiting(call) ? 'Waiting' : STATUS_LABEL[call.status]);

export const isLive = (call: Pick<AppCall, 'status'>): boolean => call.status === 'RINGING' || call.status === 'ACCEPTED';

/** m:ss of talk, once the call is over ("—" before: the core counts it at the end). */
export const callDuration = (call: Pick<AppCall, 'status' | 'durationSeconds' | 'endedAt'>): string =>
  call.endedAt ? minutesSeconds(call.durationSeconds) : '—';

/** The whole charge once it ended (₹0.00 uncharged), "—" while live. */
export const callCost = (call: Pick<AppCall, 'costPaise'>): string => (call.costPaise === null ? '—' : formatPaise(call.costPaise));

/** Seconds left of a waiting call's connect window on the virtual clock (0 once passed); null when not waiting. */
export function secondsToConnect(connectBy: string | null, now: string | undefined): number | null {
  if (!connectBy || !now) return null;
  return Math.max(0, Math.ceil((Date.parse(connectBy) - Date.parse(now)) / 1000));
}

/** The app users on a call (its parties that are not a phone, the team or an agent): whom Accept, Reject and End act as. */
export function appUsers(call: Pick<AppCall, 'from' | 'to' | 'callerLegTransport' | 'calleeLegTransport'>): { caller: string | null; callee: string | null } {
  const callee = call.calleeLegTransport === 'WEBRTC' && call.to !== 'team' && !call.to.startsWith('agt_') ? call.to : null;
  return { caller: call.callerLegTransport === 'WEBRTC' ? call.from : null, callee };
}
