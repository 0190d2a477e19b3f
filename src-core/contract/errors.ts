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
  /** A byte range past the end of a recording (HTTP Range); its Content-Range names the size there is. */
  RANGE_NOT_SATISFIABLE: 416,
  HEADERS_TOO_LARGE: 431,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
/** The closed list as a schema: the `code` of every error answer (and of a unified send's refused attempt). */
export const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

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

/**
 * The extras an error answer may carry besides the envelope, as a client (the console) keeps them: `field`, the body
 * field a refusal is about (a contact's phone, email or username another contact has: 409 of `POST /dashboard/contacts`);
 * `contactId`, the contact it names (that other contact; a blocked contact); `retryAfter` (429); `reason` (a blocked
 * contact's). Any other key is dropped, and each of these is kept only when it has its type.
 */
export const errorDetailsSchema = z.object({
  field: z.string().optional().catch(undefined),
  contactId: z.string().optional().catch(undefined),
  retryAfter: z.number().int().optional().catch(undefined),
  reason: z.string().nullable().optional().catch(undefined),
});
export type ErrorDetails = z.input<typeof errorDetailsSchema>;

/**
 * Every error answer of a `/v1` route, as sent (the API document's `Error`): the envelope, its `code` always, and the
 * extras some errors add (`retryAfter` on 429; `contactId` and `reason` on a blocked contact's; others named in their
 * message), so a client may read more than the three contract fields.
 */
export const errorAnswerSchema = z.looseObject({
  statusCode: z.number().int(),
  error: z.string(),
  code: errorCodeSchema,
  message: z.string(),
  retryAfter: z.number().int().optional().describe('429: seconds to wait (also the Retry-After header)'),
  contactId: z.string().optional().describe('CONTACT_BLOCKED: the blocked contact'),
  reason: z.string().nullable().optional().describe('CONTACT_BLOCKED: the reason stored with the block'),
}).meta({ id: 'Error' });

/** The unified send's errors (the seed gives them as `{message}`), with the same extras as the envelope's. */
export const messageErrorAnswerSchema = z.looseObject({
  message: z.string(),
  code: errorCodeSchema.optional(),
  retryAfter: z.number().int().optional(),
  contactId: z.string().optional(),
  reason: z.string().nullable().optional(),
}).meta({ id: 'MessageError' });

