// The contacts domain: unified contacts across channels, blocking and notes.
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import { contactsRoutes } from './contacts.routes.ts';
import { createContactsTransfer } from './contacts-import.ts';
import { createContactsService, toContact } from './contacts.service.ts';
import { createContactsStore } from './contacts.store.ts';

export function contactsDomain(deps: CoreDeps) {
  const store = createContactsStore(deps.db.sql);
  const service = createContactsService({ store, db: deps.db, bus: deps.bus, clock: deps.clock });
  const transfer = createContactsTransfer({ store, db: deps.db, bus: deps.bus, clock: deps.clock, create: service.create, toContact });
  return defineDomain({ name: 'contacts', routes: contactsRoutes(service, transfer), service });
}
export type { ContactsService } from './contacts.service.ts';
/** A phone as contacts store it (`+` and its digits): other domains match contacts with it. */
