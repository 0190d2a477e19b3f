// The email domain: templates, sending domains, SMTP, contacts, sends and the email events.
import { CHANNELS_CHANGED } from '../../contract/stream.ts';
import { changeNotices } from '../../kernel/change-notices.ts';
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import { createEmailService, DOMAIN_VERIFY_JOB } from './email.service.ts';
import { createEmailStore } from './email.store.ts';
import { emailRoutes } from './email.routes.ts';

export function emailDomain(deps: CoreDeps & { messaging: MessagingService; contacts: ContactsService }) {
  const changed = changeNotices(deps, CHANNELS_CHANGED, 'ids');
  const service = createEmailService({
    store: createEmailStore(deps.db.sql), db: deps.db, clock: deps.clock, bus: deps.bus, jobs: deps.jobs, messaging: deps.messaging, contacts: deps.contacts, changed,
  });
  return defineDomain({
    name: 'email',
    routes: emailRoutes(service),
    jobs: {
      [DOMAIN_VERIFY_JOB]: (payload: { id: string }, ctx: { orgId: string | null }) => {
        service.verifyDomain(payload.id);
        if (ctx.orgId) changed(ctx.orgId, payload.id);
      },
    },
    // In the status change's own transaction: the email event commits with its cause, exactly once (an
    // after-commit listener would emit it again when a restart re-dispatches the status event).
    within: { 'email.message.status': (event) => service.onStatus(event) },
    service,
  });
}
export { EMAIL_MESSAGE_PART, type EmailService } from './email.service.ts';
