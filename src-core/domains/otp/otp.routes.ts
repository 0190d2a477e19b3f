// OTP routes of seed 000 (send, retry, verify, verify-token, logs, analytics) and the console's widget routes.
import { z } from 'zod';
import { organizationField } from '../../contract/common.ts';
import { listAnswer } from '../../contract/answers.ts';
import {
  createOtpWidgetBodySchema, OTP_WIDGET_NOTHING_TO_CHANGE, otpAnalyticsQuerySchema, otpAnalyticsSchema, otpLogSchema, otpLogsQuerySchema, otpSendResultSchema,
  otpTokenResultSchema, otpVerifyResultSchema, retryOtpBodySchema, sendOtpBodySchema, updateOtpWidgetBodySchema, updateOtpWidgetChanges, verifyOtpBodySchema,
  verifyOtpTokenBodySchema,
} from '../../contract/otp.ts';
import { paginationQuery, toPageRequest } from '../../kernel/pagination.ts';
import { defineRoute } from '../../kernel/route.ts';
import type { OtpService } from './otp.service.ts';

const idParams = z.object({ id: z.string().min(1) });

export function otpRoutes(service: OtpService) {
  return [
    defineRoute({
      method: 'POST', path: '/v1/otp/send', scope: 'otp:send', idempotent: 'resumable', console: true, body: sendOtpBodySchema, response: otpSendResultSchema,
      handler: ({ orgId, body, keyedId }) => service.send(orgId, body, { keyedId }),
    }),
    defineRoute({
      method: 'POST', path: '/v1/otp/retry', scope: 'otp:send', idempotent: 'resumable', console: true, body: retryOtpBodySchema, response: otpSendResultSchema,
      handler: ({ orgId, body, keyedId }) => service.retry(orgId, body, keyedId),
    }),
    defineRoute({
      method: 'POST', path: '/v1/otp/verify', scope: 'otp:verify', console: true, body: verifyOtpBodySchema, response: otpVerifyResultSchema,
      handler: ({ orgId, body }) => service.verify(orgId, body),
    }),
    defineRoute({
      method: 'POST', path: '/v1/otp/verify-token', scope: 'otp:verify', body: verifyOtpTokenBodySchema, response: otpTokenResultSchema,
      handler: ({ orgId, body }) => service.verifyToken(orgId, body.accessToken),
    }),
    defineRoute({
      method: 'GET', path: '/v1/otp/logs', scope: 'otp:logs:read', console: true, response: listAnswer(otpLogSchema),
      query: otpLogsQuerySchema.extend(paginationQuery({ defaultLimit: 50, maxLimit: 100 }).shape),
      handler: ({ orgId, query }) => service.logs(orgId, query, toPageRequest(query)),
    }),
    defineRoute({
      method: 'GET', path: '/v1/otp/analytics', scope: 'otp:analytics:read', console: true, query: otpAnalyticsQuerySchema, response: otpAnalyticsSchema,
      handler: ({ orgId, query }) => service.analytics(orgId, query.widgetId),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/otp-widgets', scope: 'dashboard',
      handler: ({ orgId }) => service.listWidgets(orgId),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/otp-widgets', scope: 'dashboard', status: 201, body: createOtpWidgetBodySchema.extend(organizationField),
      handler: ({ orgId, body }) => service.createWidget(orgId, body),
    }),
    defineRoute({
      method: 'PATCH', path: '/dashboard/otp-widgets/:id', scope: 'dashboard', params: idParams, body: updateOtpWidgetBodySchema.extend(organizationField)
        .refine(updateOtpWidgetChanges, OTP_WIDGET_NOTHING_TO_CHANGE),
      handler: ({ orgId, params, body }) => service.updateWidget(orgId, params.id, body),
    }),
  ];
}
