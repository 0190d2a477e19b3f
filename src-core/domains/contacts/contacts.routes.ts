// Contacts routes of seed 000 (list with fuzzy search, block, unblock, notes), each also on the console; the console's create and edit,
// CSV import and export, and its lookup of a contact by email address.
import { z } from 'zod';
import { importContactsBodySchema } from '../../contract/contacts-csv.ts';
import {
  blockContactBodySchema, blockResultSchema, contactByEmailQuerySchema, contactByEmailSchema, contactListQuerySchema, contactListSchema, contactNoteAnswer, contactNoteListSchema, createContactBodySchema,
  createNoteBodySchema, deletedNoteSchema, setContactTagsBodySchema, updateContactBodySchema,
} from '../../contract/contacts.ts';
import { paginationQuery, toPageRequest } from '../../kernel/pagination.ts';
import { defineRoute, reply } from '../../kernel/route.ts';
import type { ContactsTransfer } from './contacts-import.ts';
import type { ContactsService } from './contacts.service.ts';

const idParams = z.object({ id: z.string().min(1) });
const noteParams = z.object({ id: z.string().min(1), noteId: z.string().min(1) });

export function contactsRoutes(service: ContactsService, transfer: ContactsTransfer) {
  return [
    defineRoute({
      method: 'GET', path: '/v1/contacts', scope: 'contacts:read', console: true,
      query: contactListQuerySchema.extend(paginationQuery({ defaultLimit: 50, maxLimit: 100 }).shape), response: contactListSchema,
      handler: ({ orgId, query }) => service.list(orgId, query.search, toPageRequest(query), { stageId: query.lifecycleStageId, tags: query.tag }),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/contacts/tags', scope: 'dashboard', query: z.object({ organizationId: z.string().optional() }),
      handler: ({ orgId }) => ({ data: service.tags(orgId) }),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/contacts/export', scope: 'dashboard', query: z.object({ organizationId: z.string().optional() }),
      handler: ({ orgId }) => reply(200, transfer.exportCsv(orgId), {
        'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="contacts.csv"', 'cache-control': 'no-store',
      }),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/contacts/import', scope: 'dashboard', body: importContactsBodySchema,
      handler: ({ orgId, body }) => transfer.importRows(orgId, body.rows),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/contacts/by-email', scope: 'dashboard', query: contactByEmailQuerySchema, response: contactByEmailSchema,
      handler: ({ orgId, query }) => ({ contact: service.findByEmail(orgId, query.email) }),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/contacts/:id', scope: 'dashboard', params: idParams,
      handler: ({ orgId, params }) => service.consoleGet(orgId, params.id),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/contacts', scope: 'dashboard', body: createContactBodySchema, status: 201,
      handler: ({ orgId, body }) => service.createNew(orgId, body),
    }),
    defineRoute({
      method: 'PATCH', path: '/dashboard/contacts/:id', scope: 'dashboard', params: idParams, body: updateContactBodySchema,
      handler: ({ orgId, params, body }) => {
        service.update(orgId, params.id, body);
        return service.consoleGet(orgId, params.id);
      },
    }),
    defineRoute({
      method: 'PUT', path: '/dashboard/contacts/:id/tags', scope: 'dashboard', params: idParams, body: setContactTagsBodySchema,
      handler: ({ orgId, params, body }) => service.setTags(orgId, params.id, body.tags),
    }),
    defineRoute({
      method: 'POST', path: '/v1/contacts/:id/block', scope: 'contacts:block', console: true, params: idParams, body: blockContactBodySchema, response: blockResultSchema,
      handler: ({ orgId, params, body }) => service.block(orgId, params.id, body?.reason),
    }),
    defineRoute({
      method: 'POST', path: '/v1/contacts/:id/unblock', scope: 'contacts:block', console: true, params: idParams, response: blockResultSchema,
      handler: ({ orgId, params }) => service.unblock(orgId, params.id),
    }),
    defineRoute({
      method: 'GET', path: '/v1/contacts/:id/notes', scope: 'contacts:notes:read', console: true, params: idParams,
      query: paginationQuery({ defaultLimit: 50, maxLimit: 100 }), response: contactNoteListSchema,
      handler: ({ orgId, params, query }) => service.listNotes(orgId, params.id, toPageRequest(query)),
    }),
    defineRoute({
      method: 'POST', path: '/v1/contacts/:id/notes', scope: 'contacts:notes:write', console: true, params: idParams,
      body: createNoteBodySchema, status: 201, response: contactNoteAnswer,
      handler: ({ orgId, params, body }) => service.addNote(orgId, params.id, body.content),
    }),
    defineRoute({
      method: 'DELETE', path: '/v1/contacts/:id/notes/:noteId', scope: 'contacts:notes:write', console: true, params: noteParams, response: deletedNoteSchema,
      handler: ({ orgId, params }) => {
        service.deleteNote(orgId, params.id, params.noteId);
        return { success: true, id: params.noteId };
      },
    }),
  ];
}
