// The forms routes: the console's (dashboard token: list, create, change, delete, a form's submissions) and the public
// ones a visitor uses (the form's page, its submissions: urlencoded from the page or JSON, rate limited per client IP).
// Beyond the seed's routes: docs/contract-notes.md, "Forms".
import { z } from 'zod';
import {
  createFormBodySchema, FORM_BODY_MAX_BYTES, FORM_SUBMISSIONS_PER_MINUTE, submissionBodySchema, updateFormBodySchema, type Form,
} from '../../contract/forms.ts';
import { rateLimited } from '../../kernel/errors.ts';
import type { RateLimiter } from '../../kernel/rate-limit.ts';
import { defineRoute, reply } from '../../kernel/route.ts';
import { formPage, PAGE_HEADERS, thanksPage } from './forms.page.ts';
import type { FormsService, StoredForm } from './forms.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
/** The rate limiter's key for the public submissions: one window per client IP across every form. */
const SUBMISSIONS_WINDOW = 'public:form-submissions';

const isUrlencoded = (contentType: string | string[] | undefined): boolean =>
  typeof contentType === 'string' && contentType.toLowerCase().startsWith('application/x-www-form-urlencoded');

export function formsRoutes(service: FormsService, limiter: RateLimiter) {
  const withUrl = (baseUrl: string) => ({ orgId: _orgId, ...form }: StoredForm): Form => ({ ...form, publicUrl: `${baseUrl}/forms/${form.id}` });
  return [
    defineRoute({
      method: 'GET', path: '/dashboard/forms', scope: 'dashboard',
      handler: ({ orgId, baseUrl }) => ({ data: service.list(orgId).map(withUrl(baseUrl())) }),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/forms', scope: 'dashboard', status: 201, body: createFormBodySchema,
      handler: ({ orgId, body, baseUrl }) => withUrl(baseUrl())(service.create(orgId, body)),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/forms/:id', scope: 'dashboard', params: idParams,
      handler: ({ orgId, params, baseUrl }) => withUrl(baseUrl())(service.get(orgId, params.id)),
    }),
    defineRoute({
      method: 'PATCH', path: '/dashboard/forms/:id', scope: 'dashboard', params: idParams, body: updateFormBodySchema,
      handler: ({ orgId, params, body, baseUrl }) => withUrl(baseUrl())(service.update(orgId, params.id, body)),
    }),
    defineRoute({
      method: 'DELETE', path: '/dashboard/forms/:id', scope: 'dashboard', params: idParams,
      handler: ({ orgId, params }) => {
        service.remove(orgId, params.id);
        return reply(204, undefined);
      },
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/forms/:id/submissions', scope: 'dashboard', params: idParams,
      handler: ({ orgId, params }) => ({ data: service.submissions(orgId, params.id) }),
    }),
    defineRoute({
      method: 'GET', path: '/forms/:id', scope: 'public', summary: 'A form\'s public page (HTML, no script)', params: idParams,
      handler: ({ params }) => reply(200, Buffer.from(formPage(service.publicForm(params.id))), PAGE_HEADERS),
    }),
    defineRoute({
      method: 'POST', path: '/forms/:id/submissions', scope: 'public', summary: 'A visitor submits a form', params: idParams,
      body: submissionBodySchema, formBody: true, bodyLimit: FORM_BODY_MAX_BYTES,
      handler: ({ params, body, headers, clientIp }) => {
        const window = limiter.take(SUBMISSIONS_WINDOW, clientIp, FORM_SUBMISSIONS_PER_MINUTE);
        if (!window.allowed) {
          throw rateLimited(`Too many form submissions from this address (${FORM_SUBMISSIONS_PER_MINUTE} a minute). Retry after ${window.retryAfterSeconds} seconds.`, window.retryAfterSeconds);
        }
        const submission = service.submit(params.id, body);
        if (!isUrlencoded(headers['content-type'])) return reply(201, submission);
        return reply(201, Buffer.from(thanksPage(service.publicForm(params.id))), PAGE_HEADERS);
      },
    }),
  ];
}
