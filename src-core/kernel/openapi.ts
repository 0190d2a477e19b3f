// The OpenAPI 3.1 document of the /v1 routes, drawn from the route table: each route's path, scope, parameters and
// body from its own zod schemas (their input side), its success statuses with the answer's schema where the route
// declares one (`response`, its output side), and the error envelope. Served at GET /openapi.json, so an integrator can
// generate a client or load the API into their tools.
import type { z } from 'zod';
import { inputJsonSchema, objectFields, type JsonField } from './json-schema.ts';
import { renderApiReference } from './openapi-docs.ts';
import { answerSchemas } from './openapi-schemas.ts';
import { defineRoute, isBodyScopes, reply, type AnyRoute } from './route.ts';

/** A route's params or query as its named fields (a union's branches pooled). */
const fieldsOf = (schema: z.ZodType | undefined): JsonField[] => (schema ? objectFields(inputJsonSchema(schema)) : []);

const ERROR_STATUSES: Record<number, string> = {
  400: 'Invalid input (the message names each field)', 401: 'Missing or invalid API key', 403: 'Forbidden',
  404: 'Not found', 409: 'Conflict (a duplicate, a blocked contact, an Idempotency-Key reused with another body)', 429: 'Rate limited (Retry-After)',
};

const BODY_ERROR_STATUSES: Record<number, string> = {
  413: 'The body (or an upload\'s file) is too large',
  415: 'The body is not sent as Content-Type: application/json (multipart/form-data for an upload), or not in UTF-8',
};

/**
 * Every 403 a key's route can answer (the seed's: a missing scope, an IP outside the key's allow-list), and the route's
 * own (a blocked contact's lookup, phone calling off).
 */
const forbidden = (route: AnyRoute): string => `The key lacks the scope the message names (\`INSUFFICIENT_SCOPE\`), or the request comes from an IP `
  + `outside the key's allowed IPs (\`IP_NOT_ALLOWED\`)${route.forbidden ? `; or ${route.forbidden}` : ''}`;

const SUCCESS_STATUSES: Record<number, string> = { 201: 'Created', 202: 'Accepted', 204: 'No content' };

const scopesOf = (route: AnyRoute): string[] => {
  const { scope } = route;
  if (isBodyScopes(scope)) return [scope.probe.scope];
  return scope === 'public' ? [] : [scope];
};

type Answers = ReturnType<typeof answerSchemas>;

function operation(route: AnyRoute, path: string, answers: Answers): Record<string, unknown> {
  const parameters = [
    ...fieldsOf(route.params).map((field) => ({ name: field.name, in: 'path', required: true, schema: field.schema })),
    ...fieldsOf(route.query).map((field) => ({ name: field.name, in: 'query', required: field.required, schema: field.schema })),
    ...(route.idempotent ? [{
      name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 },
      description: 'A repeat with the same key and body within 24 hours answers the first answer and does nothing twice; the same key with another body is 409',
    }] : []),
  ];
  const requestBody = route.upload
    ? { required: true, content: { 'multipart/form-data': { schema: { type: 'object', required: [route.upload.field], properties: { [route.upload.field]: { type: 'string', contentMediaType: 'application/octet-stream' } } } } } }
    // A body every field of which is optional may be left out altogether (block, a webhook test, an app call's end).
    : route.body ? { required: !route.body.safeParse(undefined).success, content: { 'application/json': { schema: inputJsonSchema(route.body) } } } : undefined;
  const statuses = route.statuses ?? [route.status ?? 200];
  const error = { content: { 'application/json': { schema: route.errorBody === 'message' ? answers.errors.message : answers.errors.envelope } } };
  const answer = route.response ? { content: { 'application/json': { schema: answers.add(route.response) } } } : {};
  const scopes = scopesOf(route);
  const bodyScoped = isBodyScopes(route.scope);
  const [, tag = 'api'] = path.split('/');
  return {
    operationId: `${route.method.toLowerCase()}${path.replace(/\{(\w+)\}/g, 'By-$1').split(/[/_.-]/).filter(Boolean).map((part) => part[0]?.toUpperCase() + part.slice(1)).join('')}`,
    summary: route.summary ?? `${route.method} ${path}`,
    tags: [tag],
    ...(scopes.length ? { description: bodyScoped ? `Needs \`<channel>:send\` for every channel the body names (e.g. \`${scopes[0]}\`).` : `Needs the scope \`${scopes[0]}\`.` } : {}),
    security: route.scope === 'public' ? [] : [{ apiKey: bodyScoped ? [] : scopes }],
    'x-scopes': scopes,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      ...Object.fromEntries(statuses.map((status) => [String(status), { description: SUCCESS_STATUSES[status] ?? 'Success', ...(status === 204 ? {} : answer) }])),
      // No read answers 409: a conflict is a write's (a duplicate, a state, a blocked contact's send, a reused key).
      ...Object.fromEntries(Object.entries(ERROR_STATUSES).filter(([code]) => (route.scope !== 'public' || !['401', '403'].includes(code)) && (code !== '409' || route.method !== 'GET'))
        .map(([code, description]) => [code, { description: code === '403' ? forbidden(route) : description, ...error }])),
      // A route that reads a body also answers what the kernel refuses of one before the route sees it.
      ...(requestBody ? Object.fromEntries(Object.entries(BODY_ERROR_STATUSES).map(([code, description]) => [code, { description, ...error }])) : {}),
      // The route of the contract's `{message}` error shape, the unified send, is also the one that answers 502.
      ...(route.errorBody === 'message' ? { 502: { description: 'Every channel in the chain failed (nothing charged)', content: { 'application/json': { schema: answers.errors.allChannelsFailed } } } } : {}),
    },
  };
}

/** The document for the /v1 routes of `routes`, served under `serverUrl` (…/v1). */
export function openApiDocument(routes: readonly AnyRoute[], info: { version: string; serverUrl: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const answers = answerSchemas();
  for (const route of routes) {
    if (!route.path.startsWith('/v1/')) continue;
    const path = route.path.slice('/v1'.length).replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, path, answers);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Switchboard API', version: info.version,
      description: 'The REST v1 contract of the hosted messaging platform, served locally by Switchboard. Authenticate with `Authorization: Bearer sk_test_…`. '
        + 'A query parameter given with an empty value (`?status=`) is the same as absent.',
    },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (sk_test_… or sk_live_…); each route needs the scope it names' } },
      // The error envelopes and the shapes the answers name, each once (Contact, Message, PageMeta, …).
      schemas: answers.components,
    },
  };
}

/**
 * `GET /openapi.json` and `GET /docs` (the same, as a page to read), no key needed: the document of `routes()`, made
 * once, served with the base URL the request reached (the route context's `baseUrl`), each page kept per base URL (a few).
 */
export function openApiRoutes(routes: () => readonly AnyRoute[], info: { version: string }): AnyRoute[] {
  let made: Record<string, unknown> | null = null;
  const served = new Map<string, { document: Record<string, unknown>; page: Buffer }>();
  const current = (baseUrl: string) => {
    const serverUrl = `${baseUrl}/v1`;
    let found = served.get(serverUrl);
    if (!found) {
      made ??= openApiDocument(routes(), { version: info.version, serverUrl: '' });
      const document = { ...made, servers: [{ url: serverUrl }] };
      found = { document, page: Buffer.from(renderApiReference(document as Parameters<typeof renderApiReference>[0])) };
      // Host headers are the client's to choose: only the last few base URLs are kept.
      if (served.size >= 8) served.clear();
      served.set(serverUrl, found);
    }
    return found;
  };
  return [
    defineRoute({ method: 'GET', path: '/openapi.json', scope: 'public', summary: 'The OpenAPI 3.1 document of the /v1 routes', handler: ({ baseUrl }) => current(baseUrl()).document }),
    defineRoute({
      method: 'GET', path: '/docs', scope: 'public', summary: 'The API reference, a page drawn from the OpenAPI document',
      handler: ({ baseUrl }) => reply(200, current(baseUrl()).page, {
        'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'", 'x-content-type-options': 'nosniff',
      }),
    }),
  ];
}
