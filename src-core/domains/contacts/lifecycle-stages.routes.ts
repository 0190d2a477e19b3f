// The console's lifecycle stages: list, create, rename, reorder, delete, and a contact's stage.
import { z } from 'zod';
import {
  createLifecycleStageBodySchema, lifecycleStageListSchema, lifecycleStageSchema, renameLifecycleStageBodySchema,
  reorderLifecycleStagesBodySchema, setLifecycleStageBodySchema,
} from '../../contract/lifecycle-stages.ts';
import { defineRoute } from '../../kernel/route.ts';
import type { LifecycleStagesService } from './lifecycle-stages.service.ts';

const idParams = z.object({ id: z.string().min(1) });
const orgQuery = z.object({ organizationId: z.string().optional() });

export function lifecycleStagesRoutes(service: LifecycleStagesService) {
  return [
    defineRoute({
      method: 'GET', path: '/dashboard/lifecycle-stages', scope: 'dashboard', query: orgQuery, response: lifecycleStageListSchema,
      handler: ({ orgId }) => ({ data: service.list(orgId) }),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/lifecycle-stages', scope: 'dashboard', body: createLifecycleStageBodySchema, status: 201, response: lifecycleStageSchema,
      handler: ({ orgId, body }) => service.create(orgId, body.name),
    }),
    defineRoute({
      method: 'PUT', path: '/dashboard/lifecycle-stages/order', scope: 'dashboard', body: reorderLifecycleStagesBodySchema, response: lifecycleStageListSchema,
      handler: ({ orgId, body }) => ({ data: service.reorder(orgId, body.stageIds) }),
    }),
    defineRoute({
      method: 'PATCH', path: '/dashboard/lifecycle-stages/:id', scope: 'dashboard', params: idParams, body: renameLifecycleStageBodySchema, response: lifecycleStageSchema,
      handler: ({ orgId, params, body }) => service.rename(orgId, params.id, body.name),
    }),
    defineRoute({
      method: 'DELETE', path: '/dashboard/lifecycle-stages/:id', scope: 'dashboard', params: idParams, query: orgQuery,
      handler: ({ orgId, params }) => service.remove(orgId, params.id),
    }),
    defineRoute({
      method: 'PUT', path: '/dashboard/contacts/:id/lifecycle-stage', scope: 'dashboard', params: idParams, body: setLifecycleStageBodySchema,
      handler: ({ orgId, params, body }) => service.setContactStage(orgId, params.id, body.stageId),
    }),
  ];
}
