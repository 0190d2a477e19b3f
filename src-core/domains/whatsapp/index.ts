// The WhatsApp domain: templates (reviewed on the clock), template sends, logs, conversations, media.
import { CHANNELS_CHANGED } from '../../contract/stream.ts';
import { changeNotices } from '../../kernel/change-notices.ts';
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import { createWhatsappService, TEMPLATE_REVIEW_JOB } from './whatsapp.service.ts';
import { createWhatsappStore } from './whatsapp.store.ts';
import { whatsappRoutes } from './whatsapp.routes.ts';

export function whatsappDomain(deps: CoreDeps & { messaging: MessagingService; contacts: ContactsService }) {
  const changed = changeNotices(deps, CHANNELS_CHANGED, 'ids');
  const service = createWhatsappService({
    store: createWhatsappStore(deps.db.sql), db: deps.db, clock: deps.clock, bus: deps.bus, jobs: deps.jobs,
    messaging: deps.messaging, contacts: deps.contacts, changed,
  });
  return defineDomain({
    name: 'whatsapp',
    routes: whatsappRoutes(service),
    jobs: {
      [TEMPLATE_REVIEW_JOB]: (payload: { templateId: string }, ctx: { orgId: string | null }) => {
        service.review(ctx.orgId as string, payload.templateId);
        changed(ctx.orgId as string, payload.templateId);
      },
    },
    service,
  });
}
export { TEMPLATE_MESSAGE_PART, type WhatsappService } from './whatsapp.service.ts';
export { placeholdersOf, type SentNames } from './template-render.ts';
