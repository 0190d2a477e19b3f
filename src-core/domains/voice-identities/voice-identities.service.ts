// The voice identities service: identities and their devices (identities.ts) and booking sessions (sessions.ts),
// with the two lookups the calls domain makes, `find` and `activeSession`.
import type { ListEnvelope } from '../../contract/common.ts';
import type { ConsoleBookingSession, PhoneNotRung, SessionStatus } from '../../contract/voice-identities.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import type { JobRunner } from '../../kernel/jobs.ts';
import type { PageRequest } from '../../kernel/pagination.ts';
import { createIdentities, type IdentityParty } from './identities.ts';
import { createSessions, type ActiveSession } from './sessions.ts';
import type { VoiceIdentitiesStore } from './voice-identities.store.ts';

export function createVoiceIdentitiesService(deps: {
  store: VoiceIdentitiesStore; db: Db; clock: Clock; bus: Bus; jobs: JobRunner; phoneKey: Buffer; pstnEnabled: (orgId: string) => boolean;
  phoneRefusal: (orgId: string, phone: string) => Exclude<PhoneNotRung, 'phone_calling_off'> | null;
}) {
  const identities = createIdentities(deps);
  const sessions = createSessions({ ...deps, identities });
  /**
   * The display name of each of `externalIds` that has one, keyed by external id, in one read: the console names a
   * page of calls' parties, or of bookings', with it. A deactivated person keeps their name here: the calls they were
   * on still happened.
   */
  const displayNames = (orgId: string, externalIds: readonly string[]): Map<string, string> =>
    new Map(deps.store.displayNames(orgId, [...new Set(externalIds)]).map((row) => [row.external_id, row.display_name]));
  return {
    identities,
    sessions,
    /** The active identity `externalId` of the organization, as a call names its party; null when unknown or deactivated. */
    find: (orgId: string, externalId: string): IdentityParty | null => identities.find(orgId, externalId),
    displayNames,
    /** Whether `externalId` was deactivated (`DELETE /voice/app/identities/{externalId}`): a call can no longer ring them. */
    isDeactivated: (orgId: string, externalId: string): boolean => identities.isDeactivated(orgId, externalId),
    /** A page of sessions as the console lists them: with each party's display name, read in one look-up. */
    consoleSessions(orgId: string, status: SessionStatus | undefined, page: PageRequest): ListEnvelope<ConsoleBookingSession> {
      const listed = sessions.list(orgId, status, page);
      const names = displayNames(orgId, listed.data.flatMap((s) => [s.proExternalId, s.customerExternalId]));
      const nameOf = (externalId: string): string | null => names.get(externalId) ?? null;
      return { ...listed, data: listed.data.map((s) => ({ ...s, proDisplayName: nameOf(s.proExternalId), customerDisplayName: nameOf(s.customerExternalId) })) };
    },
    /** The booking `externalRef` while it is active (not revoked, not expired), with its metadata; else null. */
    activeSession: (orgId: string, externalRef: string): ActiveSession | null => sessions.active(orgId, externalRef),
    /** The full phone of an active identity, for the phone fallback leg only. */
    phoneOf: (orgId: string, externalId: string): string | null => identities.phoneOf(orgId, externalId),
    /** The phone an app call to `externalId` rings: theirs when they have one and no device that can ring them; else null. */
    fallbackPhone: (orgId: string, externalId: string): string | null => identities.fallbackPhone(orgId, externalId),
    /** Marks the identity seen now (`lastSeenAt`): the voice server's onJoin calls it. */
    seen: (orgId: string, externalId: string): void => identities.seen(orgId, externalId),
  };
}
export type VoiceIdentitiesService = ReturnType<typeof createVoiceIdentitiesService>;
export type { ActiveSession, IdentityParty };
