// The voice identities domain (the voice app's optional booking feature): identities, devices and booking sessions.
import type { PhoneNotRung } from '../../contract/voice-identities.ts';
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import { SESSION_EXPIRY_JOB, type SessionExpiry } from './sessions.ts';
import { voiceIdentitiesRoutes } from './voice-identities.routes.ts';
import { createVoiceIdentitiesService } from './voice-identities.service.ts';
import { createVoiceIdentitiesStore } from './voice-identities.store.ts';

/**
 * `phoneKey`: the AES-256 key identities' phones are sealed under (kernel/sealed.ts, derived from the server secret);
 * `pstnEnabled`: whether the organization's phone calling is on (the voice app's setting; `reachable` depends on it);
 * `phoneRefusal`: why a call of the organization would not dial a person's fallback phone, or null (`reachable` depends on it too).
 */
export function voiceIdentitiesDomain(deps: CoreDeps & {
  phoneKey: Buffer; pstnEnabled: (orgId: string) => boolean; phoneRefusal: (orgId: string, phone: string) => Exclude<PhoneNotRung, 'phone_calling_off'> | null;
}) {
  const service = createVoiceIdentitiesService({ ...deps, store: createVoiceIdentitiesStore(deps.db.sql) });
  return defineDomain({
    name: 'voice-identities',
    routes: voiceIdentitiesRoutes(service),
    jobs: { [SESSION_EXPIRY_JOB]: (payload: SessionExpiry, ctx: { orgId: string | null }) => service.sessions.expire(ctx.orgId as string, payload) },
    service,
  });
}
export type { VoiceIdentitiesService, ActiveSession, IdentityParty } from './voice-identities.service.ts';
