// AppError: the one error type services throw; rendered once into the contract's envelope.
import { STATUS_CODES } from 'node:http';
import { quotedFew } from '../contract/common.ts';
import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope } from '../contract/errors.ts';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { extra?: Record<string, unknown>; headers?: Record<string, string>; status?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    // A code keeps its usual status; the contract names one exception (CONTACT_BLOCKED is 403 on lookups).
    this.statusCode = options.status ?? ERROR_STATUS[code];
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

/** An error's message, whatever was thrown. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const notFound = (what: string): AppError => new AppError('NOT_FOUND', `${what} not found`);
/** 400 for a request that cannot be taken as things stand (a call's or the organization's state), not for a field. */
export const badRequest = (message: string): AppError => new AppError('BAD_REQUEST', message);
/** 400 `VALIDATION_FAILED`: a field's value refused by a rule its schema cannot check (every route says so alike). */
export const invalidField = (message: string): AppError => new AppError('VALIDATION_FAILED', message);
/**
 * 400 `BAD_REQUEST` for a create refused because the organization already keeps `max` of what it may keep at most that
 * many of (its state, not a field): every such limit says it alike, with the limit and how to make room.
 */
export const limitReached = (max: number, things: string): AppError =>
  badRequest(`The organization has reached its limit of ${max.toLocaleString('en-US')} ${things}: delete one to add another`);
export const conflict = (message: string): AppError => new AppError('CONFLICT', message);
/** 429 with `retryAfter` in the body and a Retry-After header, in seconds. */
export const rateLimited = (message: string, retryAfterSeconds: number): AppError =>
  new AppError('RATE_LIMITED', message, { extra: { retryAfter: retryAfterSeconds }, headers: { 'Retry-After': String(retryAfterSeconds) } });

export function statusText(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Error';
}

export function renderError(error: AppError): ErrorEnvelope & Record<string, unknown> {
  return {
    statusCode: error.statusCode,
    error: statusText(error.statusCode),
    message: error.message,
    code: error.code,
    ...error.extra,
  };
}

/**
 * JSON-RPC's error codes for a request body that could not be read as a message: not JSON (-32700 Parse error), JSON the
 * kernel refuses (-32600 Invalid Request: too deep, a NUL, a prototype key), or not a JSON body at all (-32000, as the
 * MCP SDK's streamable HTTP transport answers a wrong content type or a body too large).
 */
const JSON_RPC_BODY_CODES: Partial<Record<ErrorCode, number>> = {
  MALFORMED_JSON: -32700, VALIDATION_FAILED: -32600, UNSUPPORTED_MEDIA_TYPE: -32000, PAYLOAD_TOO_LARGE: -32000,
};

/**
 * The JSON-RPC 2.0 error answer to a body that could not be read (`id` null: the request's id is unknown), at the same
 * HTTP status (400 for a parse error, as the transport does); null for an error of another kind.
 */
export function jsonRpcBodyError(error: AppError): Record<string, unknown> | null {
  const code = JSON_RPC_BODY_CODES[error.code];
  if (code === undefined) return null;
  const detail = error.message.replace(/^(Malformed JSON body|Invalid body): /, '');
  const message = code === -32700 ? `Parse error: ${detail}` : code === -32600 ? `Invalid Request: ${detail}` : detail;
  return { jsonrpc: '2.0', id: null, error: { code, message } };
}

/** An automation whose trigger names a record (a form, a lifecycle stage): what a delete of that record is refused for. */
export type TriggerUser = { id: string; name: string };
/**
 * 409 for deleting `subject` (`Form Sign-up`) while automations trigger on it: the first 3 named, then `and N more`;
 * `automations` lists them all. A deleted trigger's automation would stay active and never run, and no run would say why.
 */
export function usedByAutomations(subject: string, users: readonly TriggerUser[]): AppError {
  const names = quotedFew(users.map((user) => user.name));
  const which = users.length === 1 ? `the automation ${names} triggers on it; change its trigger or delete it first`
    : `the automations ${names} trigger on it; change their triggers or delete them first`;
  return new AppError('CONFLICT', `${subject} cannot be deleted: ${which}`, {
    extra: { automations: users.map(({ id, name }) => ({ id, name })) },
  });
}
