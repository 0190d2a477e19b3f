// Automation routes of seed 000 ("Automations"): the node catalog, automations, activation and executions (each also
// on the console).
import { z } from 'zod';
import { listAnswer, named } from '../../contract/answers.ts';
import {
  AUTOMATION_STATUSES, automationExecutionSchema, automationSchema, createAutomationBodySchema, EXECUTION_STATUSES, nodeCatalogSchema, updateAutomationBodySchema,
} from '../../contract/automations.ts';
import { statusListQuery } from '../../contract/common.ts';
import { paginationQuery, toPageRequest } from '../../kernel/pagination.ts';
import { defineRoute } from '../../kernel/route.ts';
import { nodeCatalog } from './automations.catalog.ts';
import type { AutomationsService } from './automations.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const executionParams = z.object({ id: z.string().min(1).max(100), execId: z.string().min(1).max(100) });
const automation = named('Automation', automationSchema);
const execution = named('AutomationExecution', automationExecutionSchema);

export function automationsRoutes(service: AutomationsService) {
  return [
    defineRoute({
      method: 'GET', path: '/v1/automations/node-catalog', scope: 'automations:read', console: true, response: nodeCatalogSchema,
      handler: () => nodeCatalog(),
    }),
    defineRoute({
      method: 'GET', path: '/v1/automations', scope: 'automations:read', console: true, response: listAnswer(automation),
      query: z.object({ status: z.enum(AUTOMATION_STATUSES).optional() }).extend(paginationQuery({ defaultLimit: 20, maxLimit: 100 }).shape),
      handler: ({ orgId, query }) => service.list(orgId, query.status, toPageRequest(query)),
    }),
    defineRoute({
      method: 'GET', path: '/v1/automations/:id', scope: 'automations:read', console: true, params: idParams, response: automation,
      handler: ({ orgId, params }) => service.get(orgId, params.id),
    }),
    defineRoute({
      method: 'POST', path: '/v1/automations', scope: 'automations:write', console: true, status: 201, body: createAutomationBodySchema, response: automation,
      handler: ({ orgId, body }) => service.create(orgId, body),
    }),
    defineRoute({
      method: 'PATCH', path: '/v1/automations/:id', scope: 'automations:write', console: true, params: idParams, body: updateAutomationBodySchema, response: automation,
      handler: ({ orgId, params, body }) => service.update(orgId, params.id, body),
    }),
    defineRoute({
      method: 'POST', path: '/v1/automations/:id/activate', scope: 'automations:write', console: true, params: idParams, response: automation,
      handler: ({ orgId, params }) => service.activate(orgId, params.id),
    }),
    defineRoute({
      method: 'POST', path: '/v1/automations/:id/pause', scope: 'automations:write', console: true, params: idParams, response: automation,
      handler: ({ orgId, params }) => service.pause(orgId, params.id),
    }),
    defineRoute({
      method: 'DELETE', path: '/v1/automations/:id', scope: 'automations:write', console: true, params: idParams, status: 204,
      handler: ({ orgId, params }) => {
        service.remove(orgId, params.id);
      },
    }),
    defineRoute({
      method: 'GET', path: '/v1/automations/:id/executions', scope: 'automations:executions:read', console: true, params: idParams, response: listAnswer(execution),
      // A run history is a log: its status filter takes a list, as the message logs' do (an automation's own, one of two).
      query: z.object({ status: statusListQuery(EXECUTION_STATUSES, 'failed,stopped').optional() }).extend(paginationQuery({ defaultLimit: 20, maxLimit: 100 }).shape),
      handler: ({ orgId, params, query }) => service.executions(orgId, params.id, query.status, toPageRequest(query)),
    }),
    defineRoute({
      method: 'POST', path: '/v1/automations/:id/executions/:execId/rerun', scope: 'automations:write', console: true, status: 201,
      params: executionParams, response: execution,
      handler: ({ orgId, params }) => service.rerun(orgId, params.id, params.execId),
    }),
  ];
}
