// Webhook routes of seed 001: endpoints, the event catalogue, deliveries, tests and replays (also on the console).
import { z } from 'zod';
import { nullAsAbsent, statusListQuery } from '../../contract/common.ts';
import { listAnswer, named } from '../../contract/answers.ts';
import {
  createWebhookBodySchema, DELIVERY_STATUSES, updateWebhookBodySchema, WEBHOOK_EVENTS, webhookCatalogueEntrySchema, webhookDeliveryDetailSchema, webhookDeliverySchema,
  webhookEndpointSchema, webhookTestResultSchema,
} from '../../contract/webhooks.ts';
import { paginationQuery, toPageRequest } from '../../kernel/pagination.ts';
import { defineRoute } from '../../kernel/route.ts';
import { catalogue } from './catalogue.ts';
import type { WebhooksService } from './webhooks.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const deliveryParams = z.object({ deliveryId: z.string().min(1).max(100) });
const endpoint = named('WebhookEndpoint', webhookEndpointSchema);
const delivery = named('WebhookDelivery', webhookDeliverySchema);

/** The deliveries' `status` filter: one status, or several separated by commas, any of which matches. */
const DELIVERY_STATUS_FILTER = statusListQuery(DELIVERY_STATUSES, 'FAILED,EXHAUSTED');

export function webhooksRoutes(service: WebhooksService) {
  return [
    defineRoute({
      method: 'GET', path: '/v1/webhooks/events', scope: 'webhooks:read', console: true,
      response: z.object({ data: z.array(webhookCatalogueEntrySchema), meta: z.object({ count: z.number().int() }) }),
      handler: () => ({ data: catalogue(), meta: { count: WEBHOOK_EVENTS.length } }),
    }),
    defineRoute({
      method: 'GET', path: '/v1/webhooks', scope: 'webhooks:read', console: true, query: paginationQuery({ defaultLimit: 20, maxLimit: 100 }),
      response: listAnswer(endpoint),
      handler: ({ orgId, query }) => service.list(orgId, toPageRequest(query)),
    }),
    defineRoute({
      method: 'POST', path: '/v1/webhooks', scope: 'webhooks:write', console: true, status: 201, body: createWebhookBodySchema, response: endpoint,
      handler: ({ orgId, body, caller }) => service.create(orgId, body, caller.kind === 'apiKey' ? 'api' : 'dashboard'),
    }),
    defineRoute({
      method: 'GET', path: '/v1/webhooks/deliveries/:deliveryId', scope: 'webhooks:read', console: true, params: deliveryParams, response: webhookDeliveryDetailSchema,
      handler: ({ orgId, params }) => service.delivery(orgId, params.deliveryId),
    }),
    defineRoute({
      method: 'POST', path: '/v1/webhooks/deliveries/:deliveryId/replay', scope: 'webhooks:write', console: true, status: 202, params: deliveryParams, response: delivery,
      handler: ({ orgId, params }) => service.replay(orgId, params.deliveryId),
    }),
    defineRoute({
      method: 'GET', path: '/v1/webhooks/:id', scope: 'webhooks:read', console: true, params: idParams, response: endpoint,
      handler: ({ orgId, params }) => service.get(orgId, params.id),
    }),
    defineRoute({
      method: 'PATCH', path: '/v1/webhooks/:id', scope: 'webhooks:write', console: true, params: idParams, body: updateWebhookBodySchema, response: endpoint,
      handler: ({ orgId, params, body }) => service.update(orgId, params.id, body),
    }),
    defineRoute({
      method: 'DELETE', path: '/v1/webhooks/:id', scope: 'webhooks:write', console: true, params: idParams, status: 204,
      handler: ({ orgId, params }) => {
        service.remove(orgId, params.id);
      },
    }),
    defineRoute({
      method: 'POST', path: '/v1/webhooks/:id/rotate-secret', scope: 'webhooks:write', console: true, params: idParams, response: endpoint,
      handler: ({ orgId, params }) => service.rotateSecret(orgId, params.id),
    }),
    defineRoute({
      method: 'POST', path: '/v1/webhooks/:id/test', scope: 'webhooks:write', console: true, status: 202, params: idParams, response: webhookTestResultSchema,
      // `eventType: null` is a generic ping, as without it (clients whose serializers write unset fields as null).
      body: z.object({ eventType: nullAsAbsent(z.enum(WEBHOOK_EVENTS)) }).optional(),
      handler: ({ orgId, params, body }) => service.test(orgId, params.id, body?.eventType),
    }),
    defineRoute({
      method: 'GET', path: '/v1/webhooks/:id/deliveries', scope: 'webhooks:read', console: true, params: idParams,
      query: z.object({ status: DELIVERY_STATUS_FILTER.optional() }).extend(paginationQuery({ defaultLimit: 50, maxLimit: 100 }).shape),
      response: listAnswer(delivery),
      handler: ({ orgId, params, query }) => service.deliveries(orgId, params.id, query.status, toPageRequest(query)),
    }),
    // Console only: the seed has no such route, and an integrator learns of a 410 from their own receiver.
    defineRoute({
      method: 'GET', path: '/dashboard/webhooks/gone', scope: 'dashboard', query: z.object({ organizationId: z.string().optional() }),
      handler: ({ orgId }) => service.gone(orgId),
    }),
    // Console only: an endpoint card's health ("Last delivery failed · HTTP 500"); the seed's endpoint has no such field.
    defineRoute({
      method: 'GET', path: '/dashboard/webhooks/last-attempts', scope: 'dashboard', query: z.object({ organizationId: z.string().optional() }),
      handler: ({ orgId }) => service.lastAttempts(orgId),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/webhook-deliveries', scope: 'dashboard',
      query: z.object({ organizationId: z.string().optional(), status: DELIVERY_STATUS_FILTER.optional() }).extend(paginationQuery({ defaultLimit: 100, maxLimit: 500 }).shape),
      handler: ({ orgId, query }) => service.deliveries(orgId, null, query.status, toPageRequest(query)),
    }),
  ];
}
