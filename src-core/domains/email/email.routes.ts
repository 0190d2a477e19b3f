// Email routes of seed 000 (send, templates, contacts) and the console's domain and SMTP routes.
import { emailAddressSchema, organizationField } from '../../contract/common.ts';
import { z } from 'zod';
import { listAnswer, named } from '../../contract/answers.ts';
import {
  addDomainBodySchema, createEmailContactBodySchema, emailContactSchema, emailSendResultSchema, emailTemplateItemSchema, emailTemplateSchema, saveEmailTemplateBodySchema,
  sendEmailBodySchema, smtpConnectionBodySchema,
} from '../../contract/email.ts';
import { paginationQuery, toPageRequest } from '../../kernel/pagination.ts';
import { defineRoute } from '../../kernel/route.ts';
import { originOf } from '../messaging/index.ts';
import type { EmailService } from './email.service.ts';

const idParams = z.object({ id: z.string().min(1) });
const org = organizationField;
const emailTemplate = named('EmailTemplate', emailTemplateSchema);
const emailContact = named('EmailContact', emailContactSchema);

export function emailRoutes(service: EmailService) {
  return [
    defineRoute({
      method: 'POST', path: '/v1/email/send', scope: 'email:send', console: true, idempotent: 'resumable', body: sendEmailBodySchema, response: emailSendResultSchema,
      handler: async ({ orgId, body, caller, keyedId }) => {
        const { message: _message, ...result } = await service.send(orgId, body, originOf(caller, keyedId));
        return result;
      },
    }),
    defineRoute({
      method: 'GET', path: '/v1/email/templates', scope: 'email:templates:read', console: true, query: paginationQuery({ defaultLimit: 20, maxLimit: 100 }),
      response: listAnswer(emailTemplateItemSchema),
      handler: ({ orgId, query }) => service.listTemplates(orgId, toPageRequest(query)),
    }),
    defineRoute({
      method: 'GET', path: '/v1/email/templates/:id', scope: 'email:templates:read', console: true, params: idParams, response: emailTemplate,
      handler: ({ orgId, params }) => service.getTemplate(orgId, params.id),
    }),
    defineRoute({
      method: 'POST', path: '/v1/email/templates', scope: 'email:templates:write', console: true, status: 201, body: saveEmailTemplateBodySchema, response: emailTemplate,
      handler: ({ orgId, body }) => service.createTemplate(orgId, body),
    }),
    defineRoute({
      method: 'PUT', path: '/v1/email/templates/:id', scope: 'email:templates:write', console: true, params: idParams, body: saveEmailTemplateBodySchema, response: emailTemplate,
      handler: ({ orgId, params, body }) => service.updateTemplate(orgId, params.id, body),
    }),
    defineRoute({
      method: 'GET', path: '/v1/email/contacts', scope: 'email:contacts:read', console: true, response: listAnswer(emailContact),
      query: z.object({ search: z.string().trim().max(200).optional() }).extend(paginationQuery({ defaultLimit: 50, maxLimit: 100 }).shape),
      handler: ({ orgId, query }) => service.listContacts(orgId, query.search || undefined, toPageRequest(query)),
    }),
    defineRoute({
      method: 'POST', path: '/v1/email/contacts', scope: 'email:contacts:write', console: true, status: 201, body: createEmailContactBodySchema, response: emailContact,
      handler: ({ orgId, body }) => service.createContact(orgId, body),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/email/domains', scope: 'dashboard', query: z.object(org),
      handler: ({ orgId }) => ({ data: service.domains(orgId) }),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/email/domains', scope: 'dashboard', status: 201, body: addDomainBodySchema.extend(org),
      handler: ({ orgId, body }) => service.addDomain(orgId, body.domain),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/email/suppressions', scope: 'dashboard', query: z.object(org),
      handler: ({ orgId }) => ({ data: service.suppressions(orgId) }),
    }),
    defineRoute({
      method: 'DELETE', path: '/dashboard/email/suppressions/:email', scope: 'dashboard', status: 204, query: z.object(org),
      params: z.object({ email: emailAddressSchema() }),
      handler: ({ orgId, params }) => service.unsuppress(orgId, params.email),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/email/smtp', scope: 'dashboard', query: z.object(org),
      handler: ({ orgId }) => service.smtp(orgId),
    }),
    defineRoute({
      method: 'PUT', path: '/dashboard/email/smtp', scope: 'dashboard', body: smtpConnectionBodySchema.extend(org),
      handler: ({ orgId, body }) => service.saveSmtp(orgId, body),
    }),
    defineRoute({
      method: 'DELETE', path: '/dashboard/email/smtp', scope: 'dashboard', query: z.object(org),
      handler: ({ orgId }) => ({ success: service.deleteSmtp(orgId) }),
    }),
  ];
}
