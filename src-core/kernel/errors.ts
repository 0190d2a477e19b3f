// AppError: the one error type services throw; rendered once into the contract's envelope.
import { STATUS_CODES } from 'node:http';
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

export const notFound = (what: string): AppError => new AppError('NOT_FOUND', `${what} not found`);
export const badRequest = (message: string): AppError => new AppError('BAD_REQUEST', message);
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
