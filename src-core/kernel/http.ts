// The only file that imports the HTTP library: mounts the route table and applies, per route, auth,
// scope, rate limits, validation, the request log and the error envelope.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { plural } from '../contract/words.ts';
import type { ApiKeys } from './api-keys.ts';
import { advertisedBaseUrl, hostOf } from './base-url.ts';
import { canonicalIp, forwardedIp } from './client-ip.ts';
import type { Clock } from './clock.ts';
import { AppError, invalidField, jsonRpcBodyError, notFound, rateLimited, renderError, statusText } from './errors.ts';
import { idempotencyKeyLines, type Idempotency, type KeyedId, type KeyedNotes, type StoredAnswer } from './idempotency.ts';
import { fromFastifyError, type FastifyLikeError } from './fastify-errors.ts';
import { createHttpStop } from './http-stop.ts';
import { emptyOrNotJson, notJson, readJsonBody } from './json-body.ts';
import { methodNotAllowed, pathMethods } from './path-methods.ts';
import { parseBody, parseInput, parseQuery, refuseBadlyEncodedQuery, withoutEmptyValues } from './parse-input.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { RequestLog } from './request-log.ts';
import { createLogEntryWriter, newLogState, noteBodies, noteError, noteStoredError, type LogState } from './request-log-entry.ts';
import { RawJson } from './raw-json.ts';
import { consoleTwin, isBodyScopes, refusesIdempotencyKey, type AnyRoute, type Caller, type ErrorShape, type InnerAnswer, type InnerRequest, type Reply, type UploadedFile } from './route.ts';
import { DASHBOARD_TOKEN_PREFIX, safeEqual } from './tokens.ts';

export type HttpDeps = {
  apiKeys: ApiKeys;
  rateLimiter: RateLimiter;
  requestLog: RequestLog;
  clock: Clock;
  dashboardToken: string;
  defaultOrgId: string;
  orgExists: (id: string) => boolean;
  idempotency: Idempotency;
  consoleDir?: string | undefined;
  log: (msg: string) => void;
  listeningUrl: () => string; // the address listened on (`http://host:port`, `https://` with `tls`): a request with no usable Host reached it
  tls?: { cert: Buffer | string; key: Buffer | string } | undefined; // PEM: the port speaks only TLS (REST, console, stream, voice)
  /** Test hook: sees each answer of a route as sent (status, content type, body); unset in production, which pays one check. */
  answerCheck?: AnswerCheck | undefined;
  /** How long a stop waits for answers still being sent before cutting their connections (default STOP_GRACE_MS). */
  stopGraceMs?: number | undefined;
};

export type AnswerCheck = (route: AnyRoute, answer: { status: number; contentType: string | undefined; payload: unknown }) => void;

const logState = new WeakMap<FastifyRequest, LogState>();

/**
 * The client's address, canonical (client-ip.ts): the first entry of x-forwarded-for, else the socket's. A
 * first entry that is no address (`unknown`, garbage) counts as no header, so nothing unparsable is echoed
 * in a 403 or logged as a source IP.
 */
export function clientIpOf(request: FastifyRequest): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0];
  const socket = request.socket.remoteAddress;
  return (first === undefined ? null : forwardedIp(first)) ?? (socket === undefined ? null : canonicalIp(socket)) ?? 'unknown';
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

function orgFromConsoleRequest(request: FastifyRequest, deps: HttpDeps): string {
  const source = (request.method === 'GET' || request.method === 'DELETE' ? request.query : request.body) as Record<string, unknown> | undefined;
  const named = source && typeof source === 'object' ? source.organizationId : undefined;
  if (named === undefined) return deps.defaultOrgId;
  if (typeof named !== 'string' || !deps.orgExists(named)) throw notFound(`Organization ${String(named)}`);
  return named;
}

/**
 * Who is calling, from the headers alone (run before the body is read, so a bad key is a 401 whatever the
 * body holds, and the request log knows the key of a request refused for its body): the dashboard token,
 * or an API key with its allow-list, rate limit and a route's fixed scope.
 */
function authenticate(route: AnyRoute, request: FastifyRequest, fastifyReply: FastifyReply, deps: HttpDeps, state: LogState): Caller {
  if (route.scope === 'dashboard') {
    const token = bearer(request);
    if (!token || !safeEqual(token, deps.dashboardToken)) {
      throw new AppError('UNAUTHORIZED', 'Missing or invalid dashboard token: this route takes Authorization: Bearer <dashboardToken> from the ready line (API keys are refused here)');
    }
    return { kind: 'dashboard' };
  }
  if (route.scope === 'public') return { kind: 'public' };
  // The assistant endpoint's own requests are not counted: each tool call is, as the /v1 request it makes.
  if (route.scope === 'key') return { kind: 'apiKey', key: authenticateKey(request, fastifyReply, deps, state, false) };
  const key = authenticateKey(request, fastifyReply, deps, state);
  if (!isBodyScopes(route.scope)) requireScope(key.scopes, route.scope);
  return { kind: 'apiKey', key };
}

/** The organization a request acts on: the key's, or the one a dashboard request names (in its query or body). */
function organizationOf(caller: Caller, request: FastifyRequest, deps: HttpDeps): string {
  if (caller.kind === 'apiKey') return caller.key.orgId;
  return caller.kind === 'dashboard' ? orgFromConsoleRequest(request, deps) : deps.defaultOrgId;
}
/** The 404 of a path with no route (the query left out). */
const routeNotFound = (request: FastifyRequest): AppError => notFound(`Route ${request.method} ${request.url.split('?')[0]}`);

const callers = new WeakMap<FastifyRequest, Caller>();

/** An API key's request: the key, its IP allow-list, then (`limited`) its rate limit (counted, and reported in headers). */
function authenticateKey(request: FastifyRequest, fastifyReply: FastifyReply, deps: HttpDeps, state: LogState, limited = true) {
  const presented = bearer(request);
  // The ready line's other token, sent where a key goes: said so, where "Invalid API key" left the sender guessing. Only
  // a token of its form is compared (two hashes): every key's request paid them (about 4% of a cached list's CPU).
  if (presented?.startsWith(DASHBOARD_TOKEN_PREFIX) && safeEqual(presented, deps.dashboardToken)) {
    throw new AppError('UNAUTHORIZED', 'This is the dashboard token, which only /dashboard and /sim take: send an API key (sk_test_… or sk_live_…; npm run cli -- keys create, or the console\'s API keys page)');
  }
  const key = deps.apiKeys.verify(presented);
  state.keyId = key.keyId;
  state.orgId = key.orgId;
  if (key.ipWhitelistEnabled && !key.allowedIps.has(state.clientIp)) {
    throw new AppError('IP_NOT_ALLOWED', `Request from IP ${state.clientIp} is not allowed for this API key`);
  }
  if (!limited) return key;
  const decision = deps.rateLimiter.take(key.keyId, state.clientIp, key.rateLimitPerMinute);
  fastifyReply.header('X-RateLimit-Limit', String(decision.limit));
  fastifyReply.header('X-RateLimit-Remaining', String(decision.remaining));
  if (!decision.allowed) {
    const seconds = decision.retryAfterSeconds;
    throw rateLimited(`Rate limit of ${plural(decision.limit, 'request')} per minute exceeded. Retry after ${plural(seconds, 'second')}.`, seconds);
  }
  return key;
}

function requireScope(granted: ReadonlySet<string>, scope: string): void {
  if (!granted.has(scope)) throw new AppError('INSUFFICIENT_SCOPE', `Insufficient scope. Required: ${scope}`);
}

/** The route a request reached (from its config: it holds before the body is parsed); none for a path with no route. */
const routeOf = (request: FastifyRequest): AnyRoute | undefined => (request.routeOptions.config as { route?: AnyRoute } | undefined)?.route;
const errorShape = (request: FastifyRequest): ErrorShape => routeOf(request)?.errorBody ?? 'envelope';
/**
 * An error answer's body: the contract's envelope, `{message, ...extra}` where the route says so (unified send), or on a
 * JSON-RPC route (the assistant endpoint) a body it could not read as a JSON-RPC error (errors.ts).
 */
const errorBody = (error: AppError, shape: ErrorShape): Record<string, unknown> =>
  shape === 'message' ? { message: error.message, ...error.extra } : (shape === 'jsonrpc' && jsonRpcBodyError(error)) || renderError(error);

/** The rate-limit headers of a key's request not counted itself (the assistant endpoint's), read after its tool calls counted. */
function uncountedWindowHeaders(request: FastifyRequest, fastifyReply: FastifyReply, deps: HttpDeps): void {
  // Every answer passes here: the route's scope first, `key` only on the assistant endpoint.
  if (routeOf(request)?.scope !== 'key') return;
  const caller = callers.get(request);
  const clientIp = logState.get(request)?.clientIp;
  if (caller?.kind !== 'apiKey' || clientIp === undefined || fastifyReply.hasHeader('X-RateLimit-Limit')) return;
  const window = deps.rateLimiter.peek(caller.key.keyId, clientIp, caller.key.rateLimitPerMinute);
  fastifyReply.header('X-RateLimit-Limit', String(window.limit)).header('X-RateLimit-Remaining', String(window.remaining));
}

function mount(app: FastifyInstance, route: AnyRoute, deps: HttpDeps): void {
  const refusesKey = refusesIdempotencyKey(route);
  app.route({
    method: route.method,
    url: route.path,
    config: { logMasks: route.logMasks, route },
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    // A callback hook, not an async one: it runs on every request, and needs no promise.
    preParsing: (request, fastifyReply, payload, done) => {
      try {
        callers.set(request, authenticate(route, request, fastifyReply, deps, logState.get(request) as LogState));
      } catch (error) {
        return done(error as Error);
      }
      return done(null, payload);
    },
    handler: async (request, fastifyReply) => {
      const state = logState.get(request) as LogState;
      if (!route.upload && request.isMultipart()) throw notJson();
      const key = request.headers['idempotency-key'];
      if (refusesKey && key !== undefined) {
        throw new AppError('BAD_REQUEST', `${route.method} ${request.url.split('?')[0]} does not take an Idempotency-Key: send the request without it (the /v1 routes that change something take one)`);
      }
      const caller = callers.get(request) as Caller;
      const orgId = organizationOf(caller, request, deps);
      // `/v1/automations/` matches `/v1/automations/:id` with an empty id: that is no route, as for any path without one.
      if (Object.values(request.params as Record<string, unknown>).includes('')) throw routeNotFound(request);
      const params = parseInput(route.params, request.params, 'path parameters');
      if (caller.kind !== 'public') refuseBadlyEncodedQuery(request.url);
      // A public link (media) is fetched by platforms and browsers that may add parameters of their own: they are ignored.
      const query = caller.kind === 'public' ? parseInput(route.query, request.query, 'query')
        : parseQuery(route.query, request.query, caller.kind === 'dashboard' ? ['organizationId'] : []);
      const body = route.upload ? await readUpload(request, route.upload) : parseBody(route.body, request.body, caller.kind === 'dashboard' ? ['organizationId'] : []);
      if (isBodyScopes(route.scope) && caller.kind === 'apiKey') {
        for (const scope of route.scope.fromBody(body)) requireScope(caller.key.scopes, scope);
      }
      const run = async (keyedId?: KeyedId, keyedNotes?: KeyedNotes): Promise<StoredAnswer & { headers?: Record<string, string> }> => {
        const baseUrl = (): string => advertisedBaseUrl(deps.listeningUrl(), hostOf(request.headers));
        const result = await route.handler({ params, query, body, orgId, caller, clientIp: state.clientIp, headers: request.headers, baseUrl, keyedId, keyedNotes });
        if (result && typeof result === 'object' && '__reply' in result) {
          const answer = result as Reply;
          return { status: answer.status, body: answer.body, ...(answer.headers ? { headers: answer.headers } : {}) };
        }
        return { status: route.status ?? 200, body: result ?? {} };
      };
      const answer = route.idempotent && typeof key === 'string'
        ? await deps.idempotency.run(
          { orgId, key, route: `${route.method} ${route.path}`, body: { params, query, body }, resumable: route.idempotent === 'resumable', keyLines: idempotencyKeyLines(request.raw.rawHeaders) },
          run, (error) => errorBody(error, route.errorBody ?? 'envelope'),
        )
        : await run();
      if ('replayed' in answer && answer.replayed) {
        fastifyReply.header('Idempotent-Replayed', 'true');
        if (answer.status >= 400) noteStoredError(state, answer.body);
      }
      for (const [name, value] of Object.entries(('headers' in answer && answer.headers) || {})) fastifyReply.header(name, value);
      fastifyReply.code(answer.status);
      if (Buffer.isBuffer(answer.body)) return fastifyReply.send(answer.body);
      if (answer.body instanceof RawJson) return fastifyReply.type('application/json; charset=utf-8').send(answer.body.text);
      return answer.status === 204 ? fastifyReply.send() : answer.body;
    },
  });
}

/** Shows the test hook an answer of a route (not of a path no route takes), as sent. */
function checkAnswer(check: AnswerCheck, request: FastifyRequest, fastifyReply: FastifyReply, payload: unknown): void {
  const route = routeOf(request);
  const contentType = fastifyReply.getHeader('content-type');
  if (route) check(route, { status: fastifyReply.statusCode, contentType: typeof contentType === 'string' ? contentType : undefined, payload });
}

/** Reads the one file of a multipart upload, refusing anything else with a clear 4xx. */
async function readUpload(request: FastifyRequest, spec: { field: string; maxBytes: number }): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `This route takes multipart/form-data with a single "${spec.field}" field`);
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: spec.maxBytes, files: 1, fields: 10 } })) {
      // A text field is named, not dropped, as an unknown body field is (a `caption` would be silently lost).
      if (part.type !== 'file') {
        throw invalidField(part.fieldname === spec.field
          ? `The "${spec.field}" field must be a file, not text: send it as a file part, with its filename and type`
          : `Unexpected field "${part.fieldname}": this route takes a single "${spec.field}" field and nothing else`);
      }
      if (part.fieldname !== spec.field) throw invalidField(`Unexpected file field "${part.fieldname}": send the file as "${spec.field}"`);
      const data = await part.toBuffer();
      file = { field: part.fieldname, filename: part.filename, mimeType: part.mimetype, data };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The multipart parser's own errors (no boundary, a body cut short) carry no status: the body is malformed.
    throw fromFastifyError(error as FastifyLikeError) ?? invalidField(`Invalid upload: ${(error as Error).message}`);
  }
  if (!file) throw invalidField(`Missing the "${spec.field}" file field`);
  return file;
}

/** Answers a request made in-process (light-my-request) through the whole route pipeline, as if it came from `clientIp`. */
async function injectInner(app: FastifyInstance, { method, url, authorization, clientIp, body, host }: InnerRequest, listeningUrl: string): Promise<InnerAnswer> {
  // The outer request's Host, or the address it reached without one: light-my-request says `localhost:80`, and a link
  // in the answer would point there.
  const headers = { authorization, host: host ?? new URL(advertisedBaseUrl(listeningUrl, undefined)).host };
  const json = body === undefined ? {} : { headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) };
  const response = await app.inject({ method, url, remoteAddress: clientIp, headers, ...json });
  let parsed: unknown = response.body;
  try {
    parsed = response.body === '' ? null : JSON.parse(response.body);
  } catch { /* not JSON (a file): kept as text */ }
  return { status: response.statusCode, body: parsed };
}

/** The longest path parameter the router takes, as sent (percent-encoded). */
const MAX_PARAM_LENGTH = 1024;

export async function createHttp(routes: AnyRoute[], deps: HttpDeps): Promise<{ app: FastifyInstance; server: Server; inject: (call: InnerRequest) => Promise<InnerAnswer> }> {
  const app = Fastify({
    ...(deps.tls ? ({ https: { cert: deps.tls.cert, key: deps.tls.key } } as object) : {}), // Fastify's https; typed as http's (same requests)
    // A stop closes the keep-alive connections idle when it begins, lets requests in flight finish (http-stop.ts).
    logger: false, bodyLimit: 2 * 1024 * 1024, forceCloseConnections: 'idle', return503OnClosing: true,
    // A push token is a path parameter (DELETE /v1/voice/app/identities/{externalId}/devices/{token}): an FCM token is
    // about 160 characters, past Fastify's default of 100.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // What Node's HTTP parser refuses before Fastify sees a request (headers or URL too large, a malformed
    // request line), in the envelope too.
    clientErrorHandler: (error, socket) => {
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return;
      const tooLarge = (error as NodeJS.ErrnoException).code === 'HPE_HEADER_OVERFLOW';
      const appError = tooLarge
        ? new AppError('HEADERS_TOO_LARGE', 'The request line and headers are too large (16 KiB at most): send long values in a JSON body')
        : new AppError('BAD_REQUEST', 'The request is not valid HTTP');
      const body = JSON.stringify(renderError(appError));
      if (socket.writable) {
        socket.write(`HTTP/1.1 ${appError.statusCode} ${statusText(appError.statusCode)}\r\nContent-Type: application/json; charset=utf-8\r\n`
          + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
      }
      socket.destroy();
    },
    // The router's own refusals, before any route or hook: in the envelope, without echoing the path back.
    frameworkErrors: (error, _request, fastifyReply) => {
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? `A path parameter is longer than ${MAX_PARAM_LENGTH} characters` : 'The path is not a valid URL (bad percent-encoding)';
      return (fastifyReply as unknown as FastifyReply).code(400).send(renderError(new AppError('BAD_REQUEST', message)));
    },
  });

  // Only JSON bodies are accepted (multipart routes register their own parser); anything else is 415, unless empty.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', (request, _payload, done) => emptyOrNotJson(request.headers, done));
  // An HTML form's post, for the routes that take one (`formBody`); the others answer it as before (415 unless empty).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, text, done) => {
    if (!routeOf(request)?.formBody) return emptyOrNotJson(request.headers, done);
    return done(null, Object.fromEntries(new URLSearchParams(text as string)));
  });
  await app.register(fastifyMultipart, { throwFileSizeLimit: true, limits: { fileSize: 16 * 1024 * 1024, files: 1 } });
  // Prototype keys are not refused by the parser (that is reported as malformed JSON, which it is not) but by
  // jsonBodyProblem, which names them: JSON.parse keeps `__proto__` as an ordinary key, refused before any route sees it.
  const defaultJson = app.getDefaultJsonParser('ignore', 'ignore');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, raw, done) => {
    readJsonBody(raw as Buffer, request.headers['content-type'], (text, parsed) => defaultJson(request, text, parsed), done);
  });

  // A stop lets the requests in flight finish, within a grace, and closes their connections after (http-stop.ts).
  const stop = createHttpStop(app.server, { clock: deps.clock, log: deps.log, graceMs: deps.stopGraceMs });
  app.addHook('preClose', async () => stop.begin());
  app.addHook('onClose', async () => stop.ended());
  app.addHook('onSend', (request, fastifyReply, payload, done) => {
    if (stop.stopping()) fastifyReply.header('connection', 'close');
    uncountedWindowHeaders(request, fastifyReply, deps);
    // A failed /v1 request's bodies go to its log entry: only then, so a successful request pays one comparison.
    const status = fastifyReply.statusCode;
    if (status < 200 || status >= 300) noteBodies(logState.get(request), request, payload);
    if (deps.answerCheck) checkAnswer(deps.answerCheck, request, fastifyReply, payload);
    done(null, payload);
  });

  const writeLogEntry = createLogEntryWriter(deps);
  app.addHook('onRequest', async (request) => {
    // A parameter given empty (`?status=`) is the same as absent, for every route and the console's organizationId.
    request.query = withoutEmptyValues(request.query);
    logState.set(request, newLogState(clientIpOf(request)));
  });
  app.addHook('onResponse', async (request, fastifyReply) => {
    stop.answered();
    writeLogEntry(logState.get(request), request, fastifyReply.statusCode);
  });

  app.setErrorHandler((error, request, fastifyReply) => {
    const appError = error instanceof AppError ? error : fromFastifyError(error as FastifyLikeError);
    const state = logState.get(request);
    if (!appError) {
      deps.log(`internal error on ${request.method} ${request.url}: ${(error as Error).stack ?? String(error)}`);
      noteError(state, 'INTERNAL', 'Internal error');
      return fastifyReply.code(500).send({ statusCode: 500, error: statusText(500), message: 'Internal error', code: 'INTERNAL' });
    }
    for (const [name, value] of Object.entries(appError.headers)) fastifyReply.header(name, value);
    // The code is logged even where the body is message-only (unified send): the log is for debugging, not a copy of the body.
    noteError(state, appError.code, appError.message);
    const page = routeOf(request)?.errorPage?.(appError, request);
    return page ? fastifyReply.code(appError.statusCode).headers(page.headers).send(page.body) : fastifyReply.code(appError.statusCode).send(errorBody(appError, errorShape(request)));
  });
  const { methodsAt, shadowed } = pathMethods(routes);
  /** No route for this method here: 405 naming the methods a known path takes (and in `Allow`), else 404. */
  const noRoute = (request: FastifyRequest, fastifyReply: FastifyReply) => {
    const state = logState.get(request);
    if (state && request.url.startsWith('/v1/') && bearer(request)) {
      // A valid key's request to an unknown path still counts and reports its limit (seed: the headers are on
      // every response); any other key problem is beside the point here: the answer is the 404 or 405.
      try {
        authenticateKey(request, fastifyReply, deps, state);
      } catch (error) {
        if (error instanceof AppError && error.code === 'RATE_LIMITED') throw error;
      }
    }
    const path = request.url.split('?')[0] ?? '';
    const methods = methodsAt(path);
    const error = methods.length ? methodNotAllowed(request.method, path, methods) : routeNotFound(request);
    noteError(state, error.code, error.message);
    for (const [name, value] of Object.entries(error.headers)) fastifyReply.header(name, value);
    return fastifyReply.code(error.statusCode).send(renderError(error));
  };
  app.setNotFoundHandler(noRoute);
  for (const { method, path } of shadowed) app.route({ method, url: path, handler: noRoute });

  for (const route of routes) {
    mount(app, route, deps);
    if (route.console) mount(app, consoleTwin(route), deps);
  }
  mountConsole(app, deps.consoleDir);
  await app.ready();
  return { app, server: app.server, inject: (call) => injectInner(app, call, deps.listeningUrl()) };
}

/** The console's files: `/` serves index.html, `/assets/*` the bundle. */
function mountConsole(app: FastifyInstance, consoleDir: string | undefined): void {
  const index = consoleDir ? join(consoleDir, 'index.html') : undefined;
  if (consoleDir && index && existsSync(index)) {
    app.register(fastifyStatic, { root: join(consoleDir, 'assets'), prefix: '/assets/', decorateReply: false, index: false });
    app.register(fastifyStatic, { root: consoleDir, prefix: '/', serve: false, decorateReply: true });
    app.get('/', (_request, fastifyReply) => fastifyReply.header('Cache-Control', 'no-cache').sendFile('index.html'));
    return;
  }
  app.get('/', (_request, fastifyReply) => fastifyReply.code(503).send(renderError(new AppError('SERVICE_UNAVAILABLE', 'The console is not built: run `npm run build`'))));
}
