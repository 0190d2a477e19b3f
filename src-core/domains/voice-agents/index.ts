// The voice agents domain: agents' configuration and the calls they place, played out on the virtual clock behind a port.
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import type { WalletService } from '../wallet/index.ts';
import { CALL_STEP_JOB, type CallStep } from './call-flow.ts';
import type { VoiceCallPort } from './provider.ts';
import type { ContactsByPhone } from './voice-agents.console.ts';
import { voiceAgentsRoutes } from './voice-agents.routes.ts';
import { createVoiceAgentsService } from './voice-agents.service.ts';
import { createVoiceAgentsStore } from './voice-agents.store.ts';

export function voiceAgentsDomain(deps: CoreDeps & {
  wallet: WalletService; port: () => VoiceCallPort;
  /** The contacts domain, naming the called numbers in the console's reads. */
  contacts: ContactsByPhone;
}) {
  const service = createVoiceAgentsService({ ...deps, store: createVoiceAgentsStore(deps.db.sql) });
  return defineDomain({
    name: 'voice-agents',
    routes: voiceAgentsRoutes(service, deps.contacts),
    jobs: { [CALL_STEP_JOB]: (payload: CallStep, ctx: { orgId: string | null }) => service.step(ctx.orgId as string, payload) },
    service,
  });
}
export type { VoiceAgentsService } from './voice-agents.service.ts';
export type { VoiceCallPort } from './provider.ts';
