// The SMS domain: DLT sender ids and templates, sends that match them, logs and stats.
import { CHANNELS_CHANGED } from '../../contract/stream.ts';
import { changeNotices } from '../../kernel/change-notices.ts';
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { WalletService } from '../wallet/index.ts';
import { createSmsService, SMS_REVIEW_JOB } from './sms.service.ts';
import { createSmsStore } from './sms.store.ts';
import { smsRoutes } from './sms.routes.ts';

export function smsDomain(deps: CoreDeps & { messaging: MessagingService; contacts: ContactsService; wallet: WalletService }) {
  const changed = changeNotices(deps, CHANNELS_CHANGED, 'ids');
  const service = createSmsService({
    store: createSmsStore(deps.db.sql), db: deps.db, clock: deps.clock, jobs: deps.jobs, messaging: deps.messaging, contacts: deps.contacts, wallet: deps.wallet, changed,
  });
  return defineDomain({
    name: 'sms',
    routes: smsRoutes(service),
    jobs: {
      [SMS_REVIEW_JOB]: (payload: { kind: 'sender' | 'template'; id: string; corrected?: boolean }, ctx: { orgId: string | null }) => {
        service.review(ctx.orgId as string, payload);
        changed(ctx.orgId as string, payload.id);
      },
    },
    service,
  });
}
export { smsMessagePart, type SmsService } from './sms.service.ts';
