// The voice app domain: calls between app users and phones on the virtual clock, business numbers and the
// phone-calling setting. The phone network and the voice agents answering `ai` numbers plug in through ports.
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import type { WalletService } from '../wallet/index.ts';
import { createJoinTokens } from './join-token.ts';
import { createVoiceAppBilling } from './voice-app.billing.ts';
import { createVoiceAppEvents, type IdentityPort, type SessionPort } from './voice-app.events.ts';
import { APP_CALL_STEP_JOB, createAppCallFlow, type AppCallStep, type PhoneNetworkPort } from './voice-app.flow.ts';
import { createVoiceAppInbound, type InboundPorts } from './voice-app.inbound.ts';
import { createVoiceAppNumbers } from './voice-app.numbers.ts';
import { createPhoneLegs } from './voice-app.phone-leg.ts';
import { createVoiceAppRoom } from './voice-app.room.ts';
import { voiceAppRoutes } from './voice-app.routes.ts';
import { createVoiceAppCalls } from './voice-app.service.ts';
import { createVoiceAppStore } from './voice-app.store.ts';

export function voiceAppDomain(deps: CoreDeps & InboundPorts & {
  wallet: WalletService; phones: () => PhoneNetworkPort; joinTokenSecret: string; publicBaseUrl: () => string; identities?: IdentityPort | undefined;
  /** Booking sessions, for the booking form of a call. */
  sessions?: SessionPort | undefined;
  /** The voice server's websocket address at a base URL (the one a request reached), where an app joins a call with its token. */
  voiceServerUrl: (baseUrl: string) => string;
  /** The AES-256 key a person's phone is sealed under on a call that rings it (kernel/sealed.ts, from the server secret). */
  phoneLegKey: Buffer;
}) {
  const store = createVoiceAppStore(deps.db.sql);
  const joinTokens = createJoinTokens({ secret: deps.joinTokenSecret, clock: deps.clock });
  const events = createVoiceAppEvents({ bus: deps.bus, identities: deps.identities });
  const phoneLegs = createPhoneLegs(deps.phoneLegKey);
  const billing = createVoiceAppBilling({ wallet: deps.wallet, phoneLegs, identities: deps.identities });
  const numbers = createVoiceAppNumbers({ store, db: deps.db, clock: deps.clock });
  const flow = createAppCallFlow({ store, clock: deps.clock, jobs: deps.jobs, events, billing, phones: deps.phones, phoneLegs });
  const { voiceServerUrl } = deps;
  const calls = createVoiceAppCalls({ store, db: deps.db, clock: deps.clock, flow, numbers, billing, events, joinTokens, voiceServerUrl, publicBaseUrl: deps.publicBaseUrl, sessions: deps.sessions,
    identities: deps.identities, phoneLegs });
  const inbound = createVoiceAppInbound({ store, db: deps.db, clock: deps.clock, flow, numbers, events, ports: deps });
  const room = createVoiceAppRoom({ store, db: deps.db, clock: deps.clock, flow });
  const service = { calls, numbers, inbound, room, joinTokens };
  return defineDomain({
    name: 'voice-app',
    routes: voiceAppRoutes(calls, numbers),
    jobs: { [APP_CALL_STEP_JOB]: (payload: AppCallStep, ctx: { orgId: string | null }) => flow.step(ctx.orgId as string, payload) },
    service,
  });
}
export type VoiceAppService = ReturnType<typeof voiceAppDomain>['service'];
export type { JoinClaims, JoinTokens } from './join-token.ts';
export { createJoinTokens } from './join-token.ts';
export type { InboundRoute } from './voice-app.inbound.ts';
