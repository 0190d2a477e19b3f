// `POST /v1/messages/send`: no scope of its own; it needs `<channel>:send` for every channel it names.
import { unifiedSendBodySchema, unifiedSendResultSchema, type UnifiedSendBody } from '../../contract/unified-send.ts';
import { defineRoute } from '../../kernel/route.ts';
import { originOf } from '../messaging/index.ts';
import type { UnifiedSendService } from './unified-send.service.ts';

export function unifiedSendRoutes(service: UnifiedSendService) {
  return [
    defineRoute({
      method: 'POST', path: '/v1/messages/send', console: true, idempotent: 'resumable', errorBody: 'message', body: unifiedSendBodySchema, response: unifiedSendResultSchema,
      scope: {
        fromBody: (body) => service.scopesFor(body as UnifiedSendBody),
        probe: { body: { to: '+14155550101', channel: 'whatsapp', template: { name: 'x', languageCode: 'en' } }, scope: 'whatsapp:send' },
      },
      handler: ({ orgId, body, caller, keyedId, keyedNotes }) => service.send(orgId, body, originOf(caller, keyedId), keyedNotes),
    }),
  ];
}
