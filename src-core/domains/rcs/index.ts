// The RCS domain: bots, templates, sends with SMS fallback, logs and stats.
import { CHANNELS_CHANGED } from '../../contract/stream.ts';
import { changeNotices } from '../../kernel/change-notices.ts';
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { SmsService } from '../sms/index.ts';
import { createRcsService, RCS_REVIEW_JOB } from './rcs.service.ts';
import { createRcsStore } from './rcs.store.ts';
import { rcsRoutes } from './rcs.routes.ts';

export function rcsDomain(deps: CoreDeps & { messaging: MessagingService; sms: SmsService }) {
  const changed = changeNotices(deps, CHANNELS_CHANGED, 'ids');
  const service = createRcsService({
    store: createRcsStore(deps.db.sql), db: deps.db, clock: deps.clock, jobs: deps.jobs, messaging: deps.messaging, sms: deps.sms, changed,
  });
  return defineDomain({
    name: 'rcs',
    routes: rcsRoutes(service),
    jobs: {
      [RCS_REVIEW_JOB]: (payload: { id: string }, ctx: { orgId: string | null }) => {
        service.review(ctx.orgId as string, payload.id);
        changed(ctx.orgId as string, payload.id);
      },
    },
    service,
  });
}
export { RCS_MESSAGE_PART, type RcsService } from './rcs.service.ts';
