// defineRoute: one declaration per route; auth, scope, validation, rate limiting, logging and errors
// are applied by the kernel from it, never by hand in a handler.
import type { z } from 'zod';
import type { Scope } from '../contract/scopes.ts';
import type { KeyIdentity } from './api-keys.ts';
import type { AppError } from './errors.ts';
import type { KeyedId, KeyedNotes } from './idempotency.ts';
import type { LogMasks } from './request-log-bodies.ts';

/** What an `errorPage` sees of the request. */
export type ErrorPageRequest = { params: unknown; body: unknown; headers: Record<string, string | string[] | undefined> };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ErrorShape = 'envelope' | 'message' | 'jsonrpc';

/**
 * The scopes a request to a route needs, decided from its validated body (unified send needs
 * `<channel>:send` for every channel it names). `probe` is a body the route-table test sends.
 */
export type BodyScopes = { fromBody: (body: unknown) => Scope[]; probe: { body: unknown; scope: Scope } };

/**
 * `/v1` routes name a scope (or `public`, written out); `/dashboard` and `/sim` routes take the dashboard token. `key`
 * (the assistant endpoint, `/mcp`): any valid API key, its scopes checked by the `/v1` routes it calls on the key's behalf.
 */
export type RouteScope = Scope | 'public' | 'dashboard' | 'key' | BodyScopes;

export type Caller =
  | { kind: 'apiKey'; key: KeyIdentity }
  | { kind: 'dashboard' }
  | { kind: 'public' };

export type RouteContext<P, Q, B> = {
  params: P;
  query: Q;
  body: B;
  /** The organization the request acts on: the key's, or the dashboard's chosen one. */
  orgId: string;
  caller: Caller;
  clientIp: string;
  headers: Record<string, string | string[] | undefined>;
  /**
   * The base URL the client reached this server at (its Host header; without one, the listening address, a wildcard one
   * said as loopback): the links and addresses an answer hands out are made on it, so a client reaches them as it reached us.
   */
  baseUrl: () => string;
  /** On a `resumable` route called with an Idempotency-Key: the key's own id for each record the request makes. */
  keyedId?: KeyedId | undefined;
  /** With `keyedId`: what the request notes of its progress beside its key, for a run after a stop to read. */
  keyedNotes?: KeyedNotes | undefined;
};

/** A request made in-process to a `/v1` route on a key's behalf (the assistant endpoint's tools), and its answer. */
export type InnerRequest = {
  method: HttpMethod; url: string; authorization: string; clientIp: string; body?: unknown;
  /** The Host the outer request named, so links in the answer point where its client reached us. */
  host?: string | undefined;
};
export type InnerAnswer = { status: number; body: unknown };

export type Reply = { readonly __reply: true; status: number; body: unknown; headers?: Record<string, string> };

/** A file received by an upload route (multipart/form-data with one file field). */
export type UploadedFile = { field: string; filename: string; mimeType: string; data: Buffer };

/** Answers with a status other than the route's default, or with extra headers. */
export const reply = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  __reply: true, status, body, ...(headers ? { headers } : {}),
});

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteDefinition<PS extends Schema | undefined = Schema | undefined, QS extends Schema | undefined = Schema | undefined, BS extends Schema | undefined = Schema | undefined> = {
  method: HttpMethod;
  path: string;
  scope: RouteScope;
  summary?: string;
  params?: PS;
  query?: QS;
  body?: BS;
  /** Status of a plain (non-`reply`) answer; default 200. */
  status?: number;
  /** Every success status the route answers where its `reply` picks one (an upsert: 201 made, 200 again), for the API document. */
  statuses?: readonly number[];
  /**
   * The JSON shape of a `/v1` route's success answer (its output side, shared shapes named with `.meta({id})`), for the
   * API document. The test server checks every 2xx JSON answer of the route against it (never production).
   */
  response?: Schema;
  /**
   * Why else the route answers 403, besides a key without its scope or a client IP outside the key's allowed IPs (a
   * blocked contact's lookup, phone calling off), for the API document.
   */
  forbidden?: string;
  /** Also mount this `/v1` route at `/dashboard/...` for the console, with the dashboard token. */
  console?: boolean;
  /**
   * Also takes an `application/x-www-form-urlencoded` body (an HTML form's post), read as an object of its fields' text
   * values (the last of a repeated name); every other route refuses one (415).
   */
  formBody?: true;
  /** The largest body this route reads, in bytes (the server's 2 MiB otherwise); past it, 413. */
  bodyLimit?: number;
  /** A multipart upload route: the one file field arrives as the body (`UploadedFile`), bounded in size. */
  upload?: { field: string; maxBytes: number };
  /**
   * `message`: errors are rendered as `{message, ...extra}` only (the contract's unified-send shape). `jsonrpc`: the body
   * is a JSON-RPC message (the assistant endpoint): one the kernel cannot read (malformed JSON, another content type, too
   * large, past its limits) is answered as a JSON-RPC error, as the protocol's transport does; other errors (the key's)
   * stay in the envelope.
   */
  errorBody?: ErrorShape;
  /**
   * The route's own answer to any of its errors (a public HTML form's post gets a page back, not JSON), given the
   * request as read so far (no body when it could not be read); null keeps the error body above. Same status.
   */
  errorPage?: (error: AppError, request: ErrorPageRequest) => { body: string; headers: Record<string, string> } | null;
  /**
   * Honour an `Idempotency-Key` header: a repeat within 24 hours answers the first answer. Every state-changing `/v1`
   * route does unless it says `false` (defineRoute); another route only where it says so, and a POST, PUT, PATCH or
   * DELETE that does not refuses a key with 400 rather than ignore it. `resumable` (send routes): the records it makes
   * take their ids from the key (`keyedId` in the context), so a request a stop cut short runs again under its key and
   * answers what it had sent, sending only what it had not.
   */
  idempotent?: boolean | 'resumable';
  /**
   * The fields of its bodies this route stores sealed, each with how the request log shows one (a failed request's
   * bodies are kept there): masked, at any depth of the request and the answer, so the log never holds one whole.
   */
  logMasks?: LogMasks;
  /**
   * A method the path does not take, mounted only to say why in its own 405 (`GET /mcp`: no server-initiated streams):
   * left out of the methods a 405 elsewhere at the path lists in `Allow`.
   */
  refused?: true;
  handler: (ctx: RouteContext<Out<PS>, Out<QS>, Out<BS>>) => unknown;
};

export type AnyRoute = RouteDefinition<Schema | undefined, Schema | undefined, Schema | undefined>;

export function defineRoute<PS extends Schema | undefined = undefined, QS extends Schema | undefined = undefined, BS extends Schema | undefined = undefined>(
  route: RouteDefinition<PS, QS, BS>,
): AnyRoute {
  const expected = route.path.startsWith('/v1/') ? 'v1' : /^\/(dashboard|sim)\//.test(route.path) ? 'console' : 'other';
  if (expected === 'v1' && route.scope === 'dashboard') throw new Error(`${route.path}: a /v1 route needs an API key scope`);
  if (expected === 'console' && route.scope !== 'dashboard') throw new Error(`${route.path}: /dashboard and /sim routes take the dashboard token`);
  if (expected !== 'other' && route.scope === 'key') throw new Error(`${route.path}: a /v1, /dashboard or /sim route names its scope`);
  // Clients and SDKs send an Idempotency-Key on any write: every /v1 one honours it (its console twin too, a copy).
  if (expected === 'v1' && route.method !== 'GET' && route.idempotent === undefined) return { ...route, idempotent: true } as unknown as AnyRoute;
  return route as unknown as AnyRoute;
}

/** The console twin of a `/v1` route: same schemas and handler, under `/dashboard`, with the dashboard token. */
export const isBodyScopes = (scope: RouteScope): scope is BodyScopes => typeof scope === 'object';

/**
 * A write that does not honour an Idempotency-Key refuses one (400), so a client relying on it is told, not ignored:
 * the console's and simulator's own writes but those that say so. The assistant endpoint (`key`) is a JSON-RPC
 * transport: its writes are its tools' `/v1` requests, made without the header.
 */
export const refusesIdempotencyKey = (route: AnyRoute): boolean => route.method !== 'GET' && !route.idempotent && route.scope !== 'key';

export function consoleTwin(route: AnyRoute): AnyRoute {
  return { ...route, path: route.path.replace(/^\/v1\//, '/dashboard/'), scope: 'dashboard', console: false };
}

/**
 * The scopes some route of `routes` checks. The contract names more (voice, AI): a key may
 * hold them, but nothing in this build answers to them yet.
 */
export function scopesInUse(routes: readonly AnyRoute[]): Set<Scope> {
  const used = new Set<Scope>();
  for (const { scope } of routes) {
    if (isBodyScopes(scope)) used.add(scope.probe.scope);
    else if (scope !== 'public' && scope !== 'dashboard' && scope !== 'key') used.add(scope);
  }
  return used;
}
