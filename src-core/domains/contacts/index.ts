// The contacts domain: unified contacts across channels, blocking and notes.
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import { contactsRoutes } from './contacts.routes.ts';
import { createContactsService } from './contacts.service.ts';
import { createContactsStore } from './contacts.store.ts';

export function contactsDomain(deps: CoreDeps) {
  const service = createContactsService({ store: createContactsStore(deps.db.sql), db: deps.db, bus: deps.bus, clock: deps.clock });
  return defineDomain({ name: 'contacts', routes: contactsRoutes(service), service });
}
export type { ContactsService } from './contacts.service.ts';
/** A phone as contacts store it (`+` and its digits): other domains match contacts with it. */
