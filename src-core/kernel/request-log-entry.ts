// A /v1 request's entry in the request log as the HTTP layer gathers it while the request runs (who sent it, the error
// its answer carries, a failed request's bodies) and writes it once the answer has gone. No HTTP library here: http.ts
// hands in what it read off the request.
import { performance } from 'node:perf_hooks';
import type { Clock } from './clock.ts';
import { createIdSequence } from './ids.ts';
import type { RequestLog } from './request-log.ts';
import { loggedRequestBody, loggedResponseBody, type LogMasks } from './request-log-bodies.ts';

/** What the request log records of a request beyond its URL and status; an error answer notes its code and message here. */
export type LogState = {
  keyId: string | null; orgId: string | null; started: number; clientIp: string; errorCode: string | null; errorMessage: string | null;
  /** A non-2xx answer's bodies, redacted and capped (request-log-bodies.ts); null for a successful one. */
  requestBody: string | null; responseBody: string | null;
};
const QUERY_MAX = 1_000;
const ERROR_MESSAGE_MAX = 500;
/** `text` cut to at most `max` characters, the last an ellipsis marking the cut. */
const capped = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A request's entry as it arrives: nobody known yet, its time started. */
export const newLogState = (clientIp: string): LogState => ({
  keyId: null, orgId: null, started: performance.now(), clientIp, errorCode: null, errorMessage: null, requestBody: null, responseBody: null,
});

/** Notes on the request's log entry the error its answer carries (where the answer is built: no body is re-read later). */
export function noteError(state: LogState | undefined, code: string | null, message: string): void {
  if (!state) return;
  state.errorCode = code;
  state.errorMessage = capped(message, ERROR_MESSAGE_MAX);
}

/**
 * Notes a /v1 request's bodies, as sent and as answered, on its log entry (called for a non-2xx answer only), masked as
 * its route declares. A request no route took keeps no request body: no route says which of its fields are sealed
 * (a PATCH of an identity with its phone must not leave the number whole).
 */
export function noteBodies(state: LogState | undefined, request: { url: string; is404: boolean; body: unknown; routeOptions: { config: unknown } }, payload: unknown): void {
  if (!state || !request.url.startsWith('/v1/')) return;
  const masks = (request.routeOptions.config as { logMasks?: LogMasks } | undefined)?.logMasks;
  state.requestBody = request.is404 ? null : loggedRequestBody(request.body, masks);
  state.responseBody = loggedResponseBody(payload, masks);
}

/** A replayed refusal's code and message, from the stored body (a message-only body has no code). */
export function noteStoredError(state: LogState, body: unknown): void {
  const stored = (body && typeof body === 'object' ? body : {}) as { code?: unknown; message?: unknown };
  noteError(state, typeof stored.code === 'string' ? stored.code : null, typeof stored.message === 'string' ? stored.message : '');
}

/** Writes a /v1 request's entry once its answer has gone (a request to any other path keeps none). */
export function createLogEntryWriter(deps: { requestLog: RequestLog; clock: Clock; defaultOrgId: string }) {
  const requestId = createIdSequence('req');
  return (state: LogState | undefined, request: { method: string; url: string }, statusCode: number): void => {
    const url = request.url;
    if (!state || !url.startsWith('/v1/')) return;
    const mark = url.indexOf('?');
    deps.requestLog.record({
      // A request without a valid key belongs to no organization: the default one's log shows it (keyId null), where 401s get debugged.
      id: requestId(), orgId: state.orgId ?? deps.defaultOrgId, keyId: state.keyId, method: request.method,
      endpoint: mark < 0 ? url : url.slice(0, mark), query: mark < 0 || mark === url.length - 1 ? null : capped(url.slice(mark + 1), QUERY_MAX),
      statusCode, sourceIp: state.clientIp,
      durationMs: Math.round((performance.now() - state.started) * 100) / 100, at: deps.clock.nowIso(),
      errorCode: state.errorCode, errorMessage: state.errorMessage, requestBody: state.requestBody, responseBody: state.responseBody,
    });
  };
}
