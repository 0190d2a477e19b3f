// RCS routes of seed 000 (send, bots, templates, logs, stats) and the console's bot/template routes.
import { organizationField, statsRangeQuery } from '../../contract/common.ts';
import { z } from 'zod';
import { dataAnswer, listAnswer } from '../../contract/answers.ts';
import { createRcsTemplateBodySchema, rcsBotSchema, rcsLogSchema, rcsSendResultSchema, rcsTemplateSchema, sendRcsBodySchema } from '../../contract/rcs.ts';
import { deliveryStatsSchema } from '../../contract/sms.ts';
import { paginationQuery, toPageRequest } from '../../kernel/pagination.ts';
import { defineRoute } from '../../kernel/route.ts';
import { originOf } from '../messaging/index.ts';
import type { RcsService } from './rcs.service.ts';

const org = organizationField;

export function rcsRoutes(service: RcsService) {
  return [
    defineRoute({
      method: 'POST', path: '/v1/rcs/send', scope: 'rcs:send', console: true, idempotent: 'resumable', body: sendRcsBodySchema, response: rcsSendResultSchema,
      handler: async ({ orgId, body, caller, keyedId }) => {
        const { message: _message, ...result } = await service.send(orgId, body, originOf(caller, keyedId));
        return result;
      },
    }),
    defineRoute({
      method: 'GET', path: '/v1/rcs/bots', scope: 'rcs:bots:read', console: true, response: dataAnswer(rcsBotSchema),
      handler: ({ orgId }) => ({ data: service.bots(orgId) }),
    }),
    defineRoute({
      method: 'GET', path: '/v1/rcs/templates', scope: 'rcs:templates:read', console: true, query: paginationQuery({ defaultLimit: 20, maxLimit: 100 }),
      response: listAnswer(rcsTemplateSchema),
      handler: ({ orgId, query }) => service.templates(orgId, toPageRequest(query)),
    }),
    defineRoute({
      method: 'GET', path: '/v1/rcs/logs', scope: 'rcs:logs:read', console: true, query: paginationQuery({ defaultLimit: 50, maxLimit: 100 }),
      response: listAnswer(rcsLogSchema),
      handler: ({ orgId, query }) => service.logs(orgId, toPageRequest(query)),
    }),
    defineRoute({
      method: 'GET', path: '/v1/rcs/stats', scope: 'rcs:logs:read', console: true, query: statsRangeQuery, response: deliveryStatsSchema,
      handler: ({ orgId, query }) => service.stats(orgId, query),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/rcs/bots', scope: 'dashboard', status: 201, body: z.object({ ...org, name: z.string().trim().min(1).max(100) }),
      handler: ({ orgId, body }) => service.createBot(orgId, body.name),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/rcs/templates', scope: 'dashboard', status: 201, body: createRcsTemplateBodySchema.extend(org),
      handler: ({ orgId, body }) => service.createTemplate(orgId, body),
    }),
  ];
}
