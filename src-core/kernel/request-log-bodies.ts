// What the request log keeps of a failed request's bodies: JSON with its secrets redacted and the fields its route stores
// sealed masked, capped in size. Only a non-2xx answer's are kept (http.ts), so a successful request, the benchmarked
// unified send's included, does none of this.
import { REDACTED, TRUNCATED_MARK } from '../contract/api-keys.ts';

export { REDACTED, TRUNCATED_MARK };

/** At most this many characters of each body are kept; a longer one is cut and ends with TRUNCATED_MARK. */
export const REQUEST_LOG_BODY_MAX = 8 * 1024;
/** Field names whose values are secrets (signing secrets, passwords, tokens, keys, a one-time code as typed). */
const SECRET_FIELD = /secret|password|passwd|token|authorization|api[-_]?key|^otp$/i;

/**
 * A route's fields that are stored sealed (encrypted at rest), each with how its log shows one: the value as sent →
 * what is kept (a voice identity's `phone` → masked). Declared with the route (route.ts `logMasks`): the kernel knows
 * no domain's fields, and a field of one name is sealed on one route and plain on another (a contact's phone).
 */
export type LogMasks = Readonly<Record<string, (value: unknown) => unknown>>;
const NO_MASKS: LogMasks = {};

function redact(value: unknown, masks: LogMasks): unknown {
  if (Array.isArray(value)) return value.map((inner) => redact(inner, masks));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => {
    const mask = Object.hasOwn(masks, name) ? masks[name] : undefined;
    return [name, SECRET_FIELD.test(name) ? REDACTED : mask ? mask(inner) : redact(inner, masks)];
  }));
}

/** `text` cut to at most REQUEST_LOG_BODY_MAX characters, marked when cut. */
function cappedBody(text: string): string {
  return text.length > REQUEST_LOG_BODY_MAX ? `${text.slice(0, REQUEST_LOG_BODY_MAX - TRUNCATED_MARK.length)}${TRUNCATED_MARK}` : text;
}

/** A parsed request body as the log keeps it: redacted and masked JSON, capped; null when the request had none. */
export function loggedRequestBody(body: unknown, masks: LogMasks = NO_MASKS): string | null {
  return body === undefined || body === null ? null : cappedBody(JSON.stringify(redact(body, masks)));
}

/** An answer's serialized body as the log keeps it: JSON redacted and masked, other text as sent, capped; null for a stream or nothing. */
export function loggedResponseBody(payload: unknown, masks: LogMasks = NO_MASKS): string | null {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (!text) return null;
  try {
    return cappedBody(JSON.stringify(redact(JSON.parse(text), masks)));
  } catch {
    return cappedBody(text);
  }
}
