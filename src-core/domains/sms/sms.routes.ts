// SMS routes of seed 000 (send, templates, senders, logs, stats) and the console's sender/template routes.
import { orderedRange, organizationField, rangeBoundSchema, statsRangeQuery, statusListQuery } from '../../contract/common.ts';
import { z } from 'zod';
import { listAnswer } from '../../contract/answers.ts';
import {
  createSmsSenderBodySchema, createSmsTemplateBodySchema, deliveryStatsSchema, REVIEW_STATUSES, sendSmsBodySchema, smsLogSchema, smsSendResultSchema, smsSenderSchema,
  smsTemplateSchema,
} from '../../contract/sms.ts';
import { paginationQuery, toPageRequest } from '../../kernel/pagination.ts';
import { defineRoute } from '../../kernel/route.ts';
import { originOf } from '../messaging/index.ts';
import type { SmsService } from './sms.service.ts';

const org = organizationField;

export function smsRoutes(service: SmsService) {
  return [
    defineRoute({
      method: 'POST', path: '/v1/sms/send', scope: 'sms:send', console: true, idempotent: 'resumable', body: sendSmsBodySchema, response: smsSendResultSchema,
      handler: async ({ orgId, body, caller, keyedId }) => {
        const { messages: _messages, ...result } = await service.send(orgId, body, originOf(caller, keyedId));
        return result;
      },
    }),
    defineRoute({
      method: 'GET', path: '/v1/sms/templates', scope: 'sms:templates:read', console: true, response: listAnswer(smsTemplateSchema),
      query: z.object({ status: z.enum(REVIEW_STATUSES).optional() }).extend(paginationQuery({ defaultLimit: 20, maxLimit: 100 }).shape),
      handler: ({ orgId, query }) => service.templates(orgId, query.status, toPageRequest(query)),
    }),
    defineRoute({
      method: 'GET', path: '/v1/sms/senders', scope: 'sms:senders:read', console: true, query: paginationQuery({ defaultLimit: 20, maxLimit: 100 }),
      response: listAnswer(smsSenderSchema),
      handler: ({ orgId, query }) => service.senders(orgId, toPageRequest(query)),
    }),
    defineRoute({
      method: 'GET', path: '/v1/sms/logs', scope: 'sms:logs:read', console: true, response: listAnswer(smsLogSchema),
      query: z.object({
        direction: z.enum(['inbound', 'outbound']).optional(), status: statusListQuery(['queued', 'sent', 'delivered', 'read', 'failed', 'received'], 'delivered,read').optional(),
        start: rangeBoundSchema('start').optional(), end: rangeBoundSchema('end').optional(),
      }).extend(paginationQuery({ defaultLimit: 50, maxLimit: 100 }).shape).superRefine(orderedRange('start', 'end')),
      handler: ({ orgId, query }) => service.logs(orgId, query, toPageRequest(query)),
    }),
    defineRoute({
      method: 'GET', path: '/v1/sms/stats', scope: 'sms:logs:read', console: true, query: statsRangeQuery, response: deliveryStatsSchema,
      handler: ({ orgId, query }) => service.stats(orgId, query),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/sms/senders', scope: 'dashboard', status: 201, body: createSmsSenderBodySchema.extend(org),
      handler: ({ orgId, body }) => service.createSender(orgId, body),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/sms/templates', scope: 'dashboard', status: 201, body: createSmsTemplateBodySchema.extend(org),
      handler: ({ orgId, body }) => service.createTemplate(orgId, body),
    }),
  ];
}
