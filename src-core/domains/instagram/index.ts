// The Instagram domain: the organization's connected account, its direct messages and insights.
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import { instagramRoutes } from './instagram.routes.ts';
import { createInstagramService } from './instagram.service.ts';
import { createInstagramStore } from './instagram.store.ts';

export function instagramDomain(deps: CoreDeps & { messaging: MessagingService; contacts: ContactsService }) {
  const service = createInstagramService({
    store: createInstagramStore(deps.db.sql), db: deps.db, clock: deps.clock, messaging: deps.messaging, contacts: deps.contacts, bus: deps.bus,
  });
  return defineDomain({ name: 'instagram', routes: instagramRoutes(service), service });
}
export { INSTAGRAM_MESSAGE_PART, type InstagramService } from './instagram.service.ts';
