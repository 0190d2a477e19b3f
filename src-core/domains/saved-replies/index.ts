// The saved replies domain (console only): an organization's canned answers for the inbox's free-text composers.
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import { savedRepliesRoutes } from './saved-replies.routes.ts';
import { createSavedRepliesService } from './saved-replies.service.ts';
import { createSavedRepliesStore } from './saved-replies.store.ts';

export function savedRepliesDomain(deps: CoreDeps) {
  const service = createSavedRepliesService({ store: createSavedRepliesStore(deps.db.sql), db: deps.db, clock: deps.clock });
  return defineDomain({ name: 'saved-replies', routes: savedRepliesRoutes(service), service });
}
export type { SavedRepliesService } from './saved-replies.service.ts';
