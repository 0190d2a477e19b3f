// The forms routes: the console's (dashboard token: list, create, change, delete, a form's submissions) and the public
// ones a visitor uses (the form's page, its submissions: urlencoded from the page or JSON, rate limited per client IP).
// Beyond the seed's routes: docs/contract-notes.md, "Forms".
import { z } from 'zod';
import {
  createFormBodySchema, FORM_BODY_MAX_BYTES, FORM_SUBMISSIONS_PAGE, FORM_SUBMISSIONS_PER_MINUTE, formSubmissionListSchema, submissionBodySchema,
  updateFormBodySchema, type Form,
} from '../../contract/forms.ts';
import { rateLimited, type AppError } from '../../kernel/errors.ts';
import { paginationQuery, toPageRequest } from '../../kernel/pagination.ts';
import type { RateLimiter } from '../../kernel/rate-limit.ts';
import { defineRoute, reply, type ErrorPageRequest } from '../../kernel/route.ts';
import { formPage, PAGE_HEADERS, refusalPage, thanksPage } from './forms.page.ts';
import { AnswerError, type FormsService, type StoredForm } from './forms.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
/** The rate limiter's key for the public submissions: one window per client IP across every form. */
const SUBMISSIONS_WINDOW = 'public:form-submissions';

const isUrlencoded = (contentType: string | string[] | undefined): boolean =>
  typeof contentType === 'string' && contentType.toLowerCase().startsWith('application/x-www-form-urlencoded');

/** The visitor's answers as posted (texts only): the page shows them again. */
const answersOf = (body: unknown): Record<string, string> => Object.fromEntries(Object.entries(body && typeof body === 'object' ? body : {})
  .filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

/**
 * A refused form post from a browser (urlencoded) answered as a page, not JSON a visitor would read raw: the form again
 * with their answers and the message by its field; a short page for a form not found, too many posts or too long a body.
 * A JSON post keeps the envelope.
 */
function refusedPost(service: FormsService) {
  return (error: AppError, request: ErrorPageRequest): { body: string; headers: Record<string, string> } | null => {
    if (!isUrlencoded(request.headers['content-type'])) return null;
    const page = (body: string) => ({ body, headers: PAGE_HEADERS });
    const formId = (request.params as { id?: string }).id ?? '';
    const back = `/forms/${encodeURIComponent(formId)}`;
    if (error.statusCode === 413) return page(refusalPage('Too long to send', 'Your answers are too long to send: shorten them and try again.', back));
    if (error.statusCode === 429) {
      const wait = `${String(error.extra.retryAfter)} seconds`;
      return page(refusalPage('Too many submissions', `Too many forms were sent from your address just now: try again in ${wait}.`, back));
    }
    let form: StoredForm;
    try {
      form = service.publicForm(formId);
    } catch {
      return page(refusalPage('Form not found', 'This form does not exist, or it was removed.'));
    }
    const message = error.message.replace(/^Invalid body: /, '');
    return page(formPage(form, { answers: answersOf(request.body), field: error instanceof AnswerError ? error.field : null, message }));
  };
}

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
      query: paginationQuery(FORM_SUBMISSIONS_PAGE), response: formSubmissionListSchema,
      handler: ({ orgId, params, query }) => service.submissions(orgId, params.id, toPageRequest(query)),
    }),
    defineRoute({
      method: 'GET', path: '/forms/:id', scope: 'public', summary: 'A form\'s public page (HTML, no script)', params: idParams,
      handler: ({ params }) => reply(200, Buffer.from(formPage(service.publicForm(params.id))), PAGE_HEADERS),
    }),
    defineRoute({
      method: 'POST', path: '/forms/:id/submissions', scope: 'public', summary: 'A visitor submits a form', params: idParams,
      body: submissionBodySchema, formBody: true, bodyLimit: FORM_BODY_MAX_BYTES, errorPage: refusedPost(service),
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
