// The forms domain: sign-up forms, popups and landing pages, their public pages and the submissions made on them.
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import type { TriggerUser } from '../../kernel/errors.ts';
import { createRateLimiter } from '../../kernel/rate-limit.ts';
import type { ContactsService } from '../contacts/index.ts';
import { formsRoutes } from './forms.routes.ts';
import { createFormsService } from './forms.service.ts';
import { createFormsStore } from './forms.store.ts';

export function formsDomain(deps: CoreDeps & { contacts: ContactsService; triggerUsers?: (orgId: string, formId: string) => TriggerUser[] }) {
  const service = createFormsService({
    store: createFormsStore(deps.db.sql), db: deps.db, bus: deps.bus, clock: deps.clock, contacts: deps.contacts, triggerUsers: deps.triggerUsers,
  });
  return defineDomain({ name: 'forms', routes: formsRoutes(service, createRateLimiter(deps.clock)), service });
}
export type { FormsService } from './forms.service.ts';
