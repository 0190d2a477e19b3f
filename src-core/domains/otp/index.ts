// The OTP domain: dashboard widgets, codes sent through the shared send path, verification and single-use tokens.
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import type { MessagingService } from '../messaging/index.ts';
import { createOtpService, OTP_EXPIRE_JOB } from './otp.service.ts';
import { createOtpStore } from './otp.store.ts';
import { otpRoutes } from './otp.routes.ts';

export function otpDomain(deps: CoreDeps & { messaging: MessagingService }) {
  const service = createOtpService({ store: createOtpStore(deps.db.sql), db: deps.db, clock: deps.clock, jobs: deps.jobs, messaging: deps.messaging });
  return defineDomain({
    name: 'otp',
    routes: otpRoutes(service),
    jobs: { [OTP_EXPIRE_JOB]: (payload: { requestId: string }, ctx: { orgId: string | null }) => service.expire(ctx.orgId as string, payload.requestId) },
    service,
  });
}
export type { OtpService } from './otp.service.ts';
