// The SMS domain: DLT sender ids and templates, sends that match them, logs and stats.
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { WalletService } from '../wallet/index.ts';
import { createSmsService, SMS_REVIEW_JOB } from './sms.service.ts';
import { createSmsStore } from './sms.store.ts';
import { smsRoutes } from './sms.routes.ts';

export function smsDomain(deps: CoreDeps & { messaging: MessagingService; contacts: ContactsService; wallet: WalletService }) {
  const service = createSmsService({
    store: createSmsStore(deps.db.sql), db: deps.db, clock: deps.clock, jobs: deps.jobs, messaging: deps.messaging, contacts: deps.contacts, wallet: deps.wallet,
  });
  return defineDomain({
    name: 'sms',
    routes: smsRoutes(service),
    jobs: { [SMS_REVIEW_JOB]: (payload: { kind: 'sender' | 'template'; id: string }, ctx: { orgId: string | null }) => service.review(ctx.orgId as string, payload) },
    service,
  });
}
export { smsMessagePart, type SmsService } from './sms.service.ts';
