// What the console's app calls add to the API's (`/dashboard/voice/app/calls…` only): the display name of each party
// who is an app user, read for a whole page of calls in one look-up of the identities.
import type { AppCall, ConsoleAppCallFields } from '../../contract/voice-app.ts';
import { toAppCall, type IdentityPort } from './voice-app.events.ts';
import type { AppCallRow } from './voice-app.store.ts';

/** The caller's external id when the caller is an app user (a phone caller is a number, never named here). */
export const callerPerson = (row: AppCallRow): string | null => (row.caller_transport === 'WEBRTC' ? row.from_party : null);
/**
 * The callee's external id when the callee is a person: rung in the app, or on their phone by the fallback leg (the
 * call shows the person); not the team or an agent a business number rang, a phone, or nobody yet.
 */
export const calleePerson = (row: AppCallRow): string | null => {
  if (row.routed_to === 'team' || row.routed_to === 'ai') return null;
  return row.callee_transport === 'WEBRTC' || row.callee_phone_sealed !== null ? row.to_party : null;
};

/** Each call as the API shows it, with `fromDisplayName` and `toDisplayName` (null when not a named app user). */
export function withPartyNames(identities: IdentityPort | undefined, orgId: string, rows: AppCallRow[]): Array<AppCall & ConsoleAppCallFields> {
  const people = rows.flatMap((row) => [callerPerson(row), calleePerson(row)]).filter((id): id is string => id !== null);
  const names = people.length > 0 && identities ? identities.displayNames(orgId, people) : new Map<string, string>();
  const nameOf = (id: string | null): string | null => (id === null ? null : names.get(id) ?? null);
  return rows.map((row) => ({ ...toAppCall(row), fromDisplayName: nameOf(callerPerson(row)), toDisplayName: nameOf(calleePerson(row)) }));
}
