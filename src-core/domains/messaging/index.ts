// The messaging domain: the shared send path, message log and conversations of every channel.
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import { WAKE_JOB, type Wake } from './conversation-state.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { WalletService } from '../wallet/index.ts';
import type { PaidBy } from './failure-refund.ts';
import { createMessagingService } from './messaging.service.ts';
import { createMessagingStore } from './messaging.store.ts';
import type { Providers } from './provider.ts';

export function messagingDomain(deps: CoreDeps & {
  contacts: ContactsService; wallet: WalletService; providers: () => Providers; organizationName: (orgId: string) => string;
  paidBy?: (orgId: string, source: string, content: Record<string, unknown>) => PaidBy | null;
}) {
  const service = createMessagingService({
    store: createMessagingStore(deps.db.sql), db: deps.db, bus: deps.bus, clock: deps.clock, jobs: deps.jobs,
    contacts: deps.contacts, wallet: deps.wallet, providers: deps.providers, organizationName: deps.organizationName, log: deps.log, paidBy: deps.paidBy,
  });
  return defineDomain({
    name: 'messaging', routes: [], service,
    jobs: { [WAKE_JOB]: (payload: Wake, ctx: { orgId: string | null }) => service.wakeConversation(ctx.orgId as string, payload) },
  });
}
export type { MessagingService } from './messaging.service.ts';
export type { OutboundInput } from './messaging.sends.ts';
export { failureSummary, type PaidBy } from './failure-refund.ts';
export type { Resume } from './keyed-answers.ts';
export type { Recovered, ResumeOf } from './recover-queued.ts';
export type { ChannelProvider, ProviderOutcome, ProviderSend, Providers } from './provider.ts';
export { cardLine } from './row-line.ts';
export { keyedMessageId, originOf, partOf, systemOrigin, type Origin } from './origin.ts';
