// The OTP domain: dashboard widgets, codes sent through the shared send path, verification and single-use tokens.
import { OTP_CHANNELS } from '../../contract/otp.ts';
import type { Message } from '../../contract/messaging.ts';
import type { BusEvent } from '../../kernel/bus.ts';
import { changeNotices } from '../../kernel/change-notices.ts';
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import type { MessagingService } from '../messaging/index.ts';
import { createOtpService, OTP_EXPIRE_JOB } from './otp.service.ts';
import { createOtpStore } from './otp.store.ts';
import { otpRoutes } from './otp.routes.ts';

export function otpDomain(deps: CoreDeps & { messaging: MessagingService }) {
  const service = createOtpService({
    store: createOtpStore(deps.db.sql), db: deps.db, clock: deps.clock, jobs: deps.jobs, messaging: deps.messaging,
    changed: changeNotices(deps, 'otp.changed', 'requestIds'),
  });
  return defineDomain({
    name: 'otp',
    routes: otpRoutes(service),
    jobs: { [OTP_EXPIRE_JOB]: (payload: { requestId: string }, ctx: { orgId: string | null }) => service.expire(ctx.orgId as string, payload.requestId) },
    // A code failing is seen wherever its failure is recorded (the start's recovery of a queued one too), in that transaction.
    within: Object.fromEntries(OTP_CHANNELS.map((channel) => [
      `${channel}.message.status`, (event: BusEvent) => service.codeFailed(event.orgId, (event.data as { message: Message }).message),
    ])),
    service,
  });
}
export type { OtpService } from './otp.service.ts';
