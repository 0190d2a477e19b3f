// The closed list of error codes and the envelope every error is rendered into.
import { z } from 'zod';

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INSUFFICIENT_BALANCE: 400,
  INSUFFICIENT_CREDITS: 400,
  OUTSIDE_MESSAGING_WINDOW: 400,
  /** A message the provider failed, where the route cannot answer without it (an OTP): 400, since the seed keeps 502 for the unified send. */
  NOT_DELIVERED: 400,
  MALFORMED_JSON: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  INSUFFICIENT_SCOPE: 403,
  IP_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  INTEGRATION_NOT_CONNECTED: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  CONTACT_BLOCKED: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The contract's envelope: `{statusCode, error, message}`; `code` and extra fields are additive. */
export const errorEnvelopeSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  retryAfter: z.number().int().optional(),
  reason: z.string().nullable().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
