// The contacts domain: unified contacts across channels, blocking, notes and lifecycle stages (the service's `stages`).
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import type { TriggerUser } from '../../kernel/errors.ts';
import { contactsRoutes } from './contacts.routes.ts';
import { createContactsTransfer } from './contacts-import.ts';
import { createContactsService, toContact } from './contacts.service.ts';
import { createContactsStore } from './contacts.store.ts';
import { lifecycleStagesRoutes } from './lifecycle-stages.routes.ts';
import { createLifecycleStagesService, type LifecycleStagesService } from './lifecycle-stages.service.ts';
import { createLifecycleStagesStore } from './lifecycle-stages.store.ts';

export function contactsDomain(deps: CoreDeps & { stageTriggerUsers?: (orgId: string, stageId: string) => TriggerUser[] }) {
  const store = createContactsStore(deps.db.sql);
  const service = createContactsService({ store, db: deps.db, bus: deps.bus, clock: deps.clock });
  const stages = createLifecycleStagesService({
    stages: createLifecycleStagesStore(deps.db.sql), contacts: store, contactsService: service, db: deps.db, bus: deps.bus, clock: deps.clock,
    triggerUsers: deps.stageTriggerUsers,
  });
  const transfer = createContactsTransfer({ store, db: deps.db, bus: deps.bus, clock: deps.clock, create: service.create, toContact, stages });
  return defineDomain({ name: 'contacts', routes: [...contactsRoutes(service, transfer), ...lifecycleStagesRoutes(stages)], service: Object.assign(service, { stages }) });
}
/** The contacts service, with its lifecycle stages as `stages`. */
export type ContactsService = ReturnType<typeof createContactsService> & { stages: LifecycleStagesService };
/** A phone as contacts store it (`+` and its digits): other domains match contacts with it. */
