// WhatsApp routes of seed 000: template sends, header media, logs, templates, conversations by phone.
import { z } from 'zod';
import { isCalendarDay, orderedRange, statusListQuery } from '../../contract/common.ts';
import { listAnswer } from '../../contract/answers.ts';
import {
  createWaTemplateBodySchema, sendTemplateBodySchema, WA_CATEGORIES, WA_TEMPLATE_STATUSES, waConversationSchema, waLogEntryAnswer, waMediaResultSchema,
  waPhoneSchema, waSendResultSchema, waTemplateAnswer,
} from '../../contract/whatsapp.ts';
import { AppError, invalidField, notFound } from '../../kernel/errors.ts';
import { paginationQuery, queryInt, toPageRequest } from '../../kernel/pagination.ts';
import { defineRoute, reply, type UploadedFile } from '../../kernel/route.ts';
import { originOf } from '../messaging/index.ts';
import type { WhatsappService } from './whatsapp.service.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z.string().regex(DAY, 'must be a date YYYY-MM-DD')
  // Zod runs this even when the pattern failed (that one message is enough then).
  .refine((d) => !DAY.test(d) || isCalendarDay(d), 'must be a real date');
const MEDIA_TYPES: Record<string, number> = {
  'image/jpeg': 5 * 1024 * 1024, 'image/png': 5 * 1024 * 1024,
  'video/mp4': 16 * 1024 * 1024, 'video/3gpp': 16 * 1024 * 1024,
  'application/pdf': 16 * 1024 * 1024,
};
/** How each type's files begin (their magic bytes): the declared type must be the content's, as the platform checks. */
const startsWith = (data: Buffer, bytes: number[], at = 0): boolean => bytes.every((b, i) => data[at + i] === b);
const FTYP = [0x66, 0x74, 0x79, 0x70];
const MEDIA_SIGNATURES: Record<string, (data: Buffer) => boolean> = {
  'image/jpeg': (d) => startsWith(d, [0xff, 0xd8, 0xff]),
  'image/png': (d) => startsWith(d, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'video/mp4': (d) => startsWith(d, FTYP, 4),
  'video/3gpp': (d) => startsWith(d, FTYP, 4),
  'application/pdf': (d) => startsWith(d, [0x25, 0x50, 0x44, 0x46, 0x2d]),
};

export function whatsappRoutes(service: WhatsappService) {
  return [
    defineRoute({
      method: 'POST', path: '/v1/whatsapp/send-template', scope: 'whatsapp:send', console: true, idempotent: 'resumable', body: sendTemplateBodySchema, response: waSendResultSchema,
      handler: async ({ orgId, body, caller, keyedId }) => {
        const { message: _message, ...result } = await service.sendTemplate(orgId, body, originOf(caller, keyedId));
        return result;
      },
    }),
    defineRoute({
      method: 'POST', path: '/v1/whatsapp/header-media/upload', scope: 'whatsapp:send', console: true, status: 201,
      upload: { field: 'file', maxBytes: 16 * 1024 * 1024 }, response: waMediaResultSchema,
      handler: ({ orgId, body, baseUrl }) => {
        const file = body as unknown as UploadedFile;
        const limit = MEDIA_TYPES[file.mimeType];
        if (limit === undefined) throw invalidField(`Unsupported media type ${file.mimeType}: use ${Object.keys(MEDIA_TYPES).join(', ')}`);
        if (file.data.length > limit) throw new AppError('PAYLOAD_TOO_LARGE', `${file.mimeType} files are limited to ${limit / 1024 / 1024} MB`);
        if (file.data.length === 0) throw invalidField('The file is empty');
        if (!MEDIA_SIGNATURES[file.mimeType]?.(file.data)) {
          throw invalidField(`The file's content is not ${file.mimeType} (its first bytes say otherwise): upload it with its real type`);
        }
        return service.saveMedia(orgId, file, baseUrl());
      },
    }),
    defineRoute({
      method: 'GET', path: '/media/:id', scope: 'public', params: z.object({ id: z.string().regex(/^media_[0-9A-Za-z]{24}$/) }),
      handler: ({ params }) => {
        const media = service.media(params.id);
        if (!media) throw notFound(`Media ${params.id}`);
        return reply(200, media.data, { 'content-type': media.mime_type, 'cache-control': 'private, max-age=3600', 'x-content-type-options': 'nosniff' });
      },
    }),
    defineRoute({
      method: 'GET', path: '/v1/whatsapp/logs', scope: 'whatsapp:logs:read', console: true, response: listAnswer(waLogEntryAnswer),
      query: z.object({
        direction: z.enum(['inbound', 'outbound']).optional(),
        status: statusListQuery(['sent', 'delivered', 'read', 'failed', 'received'], 'delivered,read').optional(),
        from: day.optional(), to: day.optional(),
      }).extend(paginationQuery({ defaultLimit: 50, maxLimit: 100 }).shape).superRefine(orderedRange('from', 'to')),
      handler: ({ orgId, query }) => service.logs(orgId, query, toPageRequest(query)),
    }),
    defineRoute({
      method: 'GET', path: '/v1/whatsapp/messages/:wamid', scope: 'whatsapp:logs:read', console: true, params: z.object({ wamid: z.string().min(1).max(100) }),
      response: waLogEntryAnswer,
      handler: ({ orgId, params }) => service.message(orgId, params.wamid),
    }),
    defineRoute({
      method: 'GET', path: '/v1/whatsapp/templates', scope: 'whatsapp:templates:read', console: true, response: listAnswer(waTemplateAnswer),
      query: z.object({ status: z.enum(WA_TEMPLATE_STATUSES).optional(), category: z.enum(WA_CATEGORIES).optional() })
        .extend(paginationQuery({ defaultLimit: 25, maxLimit: 100 }).shape),
      handler: ({ orgId, query }) => service.listTemplates(orgId, query, toPageRequest(query)),
    }),
    defineRoute({
      method: 'POST', path: '/v1/whatsapp/templates', scope: 'whatsapp:templates:write', console: true, status: 201, body: createWaTemplateBodySchema, response: waTemplateAnswer,
      handler: ({ orgId, body }) => service.createTemplate(orgId, body),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/whatsapp/templates/:id', scope: 'dashboard', params: z.object({ id: z.string() }),
      handler: ({ orgId, params }) => service.getTemplate(orgId, params.id),
    }),
    defineRoute({
      method: 'GET', path: '/v1/whatsapp/conversations/by-phone', scope: 'whatsapp:conversations:read', console: true,
      response: waConversationSchema,
      forbidden: 'the contact with this phone is blocked (`CONTACT_BLOCKED`, with `contactId` and `reason`)',
      query: z.object({ phone: waPhoneSchema, limit: queryInt('limit', { clampTo: 50 }).default(50) }),
      handler: ({ orgId, query }) => service.conversationByPhone(orgId, query.phone, query.limit),
    }),
  ];
}
