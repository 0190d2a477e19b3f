// What the request log keeps of a failed request's bodies: JSON with its secrets redacted, capped in size. Only a
// non-2xx answer's are kept (http.ts), so a successful request, the benchmarked unified send's included, does none of this.

/** At most this many characters of each body are kept; a longer one is cut and ends with TRUNCATED_MARK. */
export const REQUEST_LOG_BODY_MAX = 8 * 1024;
export const TRUNCATED_MARK = '… [truncated]';
export const REDACTED = '[redacted]';
/** Field names whose values are secrets (signing secrets, passwords, tokens, keys, a one-time code as typed). */
const SECRET_FIELD = /secret|password|passwd|token|authorization|api[-_]?key|^otp$/i;

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, SECRET_FIELD.test(name) ? REDACTED : redact(inner)]));
}

/** `text` cut to at most REQUEST_LOG_BODY_MAX characters, marked when cut. */
function cappedBody(text: string): string {
  return text.length > REQUEST_LOG_BODY_MAX ? `${text.slice(0, REQUEST_LOG_BODY_MAX - TRUNCATED_MARK.length)}${TRUNCATED_MARK}` : text;
}

/** A parsed request body as the log keeps it: redacted JSON, capped; null when the request had none. */
export function loggedRequestBody(body: unknown): string | null {
  return body === undefined || body === null ? null : cappedBody(JSON.stringify(redact(body)));
}

/** An answer's serialized body as the log keeps it: JSON redacted, other text as sent, capped; null for a stream or nothing. */
export function loggedResponseBody(payload: unknown): string | null {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (!text) return null;
  try {
    return cappedBody(JSON.stringify(redact(JSON.parse(text))));
  } catch {
    return cappedBody(text);
  }
}
