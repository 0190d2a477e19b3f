// The console's saved-reply routes (dashboard token, per organization): list (by name, optionally searched), create,
// change, delete. Beyond the contract: docs/contract-notes.md, "Saved replies".
import { z } from 'zod';
import { createSavedReplyBodySchema, updateSavedReplyBodySchema } from '../../contract/saved-replies.ts';
import { defineRoute, reply } from '../../kernel/route.ts';
import type { SavedRepliesService } from './saved-replies.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

export function savedRepliesRoutes(service: SavedRepliesService) {
  return [
    defineRoute({
      method: 'GET', path: '/dashboard/saved-replies', scope: 'dashboard', query: z.object({ search: z.string().max(200).optional() }),
      handler: ({ orgId, query }) => ({ data: service.list(orgId, query.search) }),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/saved-replies', scope: 'dashboard', status: 201, body: createSavedReplyBodySchema,
      handler: ({ orgId, body }) => service.create(orgId, body),
    }),
    defineRoute({
      method: 'PATCH', path: '/dashboard/saved-replies/:id', scope: 'dashboard', params: idParams, body: updateSavedReplyBodySchema,
      handler: ({ orgId, params, body }) => service.update(orgId, params.id, body),
    }),
    defineRoute({
      method: 'DELETE', path: '/dashboard/saved-replies/:id', scope: 'dashboard', params: idParams,
      handler: ({ orgId, params }) => {
        service.remove(orgId, params.id);
        return reply(204, undefined);
      },
    }),
  ];
}
