// Instagram routes of seed 000 (profile, conversations, direct messages, insights; each also on the
// console) and the console's own: the connection, known senders, a conversation's thread.
import { z } from 'zod';
import { listAnswer } from '../../contract/answers.ts';
import {
  connectInstagramBodySchema, igsidSchema, instagramConversationSchema, instagramInsightsSchema, instagramProfileSchema, instagramSendResultSchema,
  instagramSenderBodySchema, sendInstagramMessageBodySchema,
} from '../../contract/instagram.ts';
import { paginationQuery, queryInt, toPageRequest } from '../../kernel/pagination.ts';
import { defineRoute, reply } from '../../kernel/route.ts';
import { originOf } from '../messaging/index.ts';
import type { InstagramService } from './instagram.service.ts';

const igsidParams = z.object({ igsid: igsidSchema });

export function instagramRoutes(service: InstagramService) {
  return [
    defineRoute({
      method: 'GET', path: '/v1/instagram/profile', scope: 'instagram:messages:read', console: true, response: instagramProfileSchema,
      handler: ({ orgId }) => service.profile(orgId),
    }),
    defineRoute({
      method: 'GET', path: '/v1/instagram/conversations', scope: 'instagram:messages:read', console: true,
      query: paginationQuery({ defaultLimit: 20, maxLimit: 50 }), response: listAnswer(instagramConversationSchema),
      handler: ({ orgId, query }) => service.conversations(orgId, toPageRequest(query)),
    }),
    defineRoute({
      method: 'POST', path: '/v1/instagram/messages', scope: 'instagram:messages:send', console: true, idempotent: 'resumable',
      body: sendInstagramMessageBodySchema, response: instagramSendResultSchema,
      handler: async ({ orgId, body, caller, keyedId }) => {
        const { message: _message, ...result } = await service.sendMessage(orgId, body, originOf(caller, keyedId));
        return result;
      },
    }),
    defineRoute({
      method: 'GET', path: '/v1/instagram/insights', scope: 'instagram:insights:read', console: true, response: instagramInsightsSchema,
      handler: ({ orgId }) => service.insights(orgId),
    }),

    defineRoute({
      method: 'GET', path: '/dashboard/instagram/connection', scope: 'dashboard',
      handler: ({ orgId }) => service.connection(orgId),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/instagram/connection', scope: 'dashboard', body: connectInstagramBodySchema,
      handler: ({ orgId, body }) => {
        const { created, connection } = service.connect(orgId, body);
        return reply(created ? 201 : 200, connection);
      },
    }),
    defineRoute({
      method: 'DELETE', path: '/dashboard/instagram/connection', scope: 'dashboard',
      handler: ({ orgId }) => service.disconnect(orgId),
    }),
    defineRoute({
      method: 'PUT', path: '/dashboard/instagram/senders/:igsid', scope: 'dashboard', params: igsidParams, body: instagramSenderBodySchema,
      handler: ({ orgId, params, body }) => service.rememberSender(orgId, params.igsid, body),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/instagram/conversations/:igsid/messages', scope: 'dashboard', params: igsidParams,
      query: z.object({ limit: queryInt('limit', { clampTo: 200 }).default(50) }),
      handler: ({ orgId, params, query }) => service.thread(orgId, params.igsid, query.limit),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/instagram/conversations/:igsid/read', scope: 'dashboard', params: igsidParams,
      handler: ({ orgId, params }) => service.markRead(orgId, params.igsid),
    }),
  ];
}
