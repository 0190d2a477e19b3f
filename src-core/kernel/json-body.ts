// Limits on a JSON body that JSON.parse does not impose: how deep it nests (a 100,000-level object parses,
// then overflows the stack of whatever walks it: validation, hashing, storing), text that UTF-8 cannot
// hold (an unpaired surrogate such as "\uD800", stored as U+FFFD: not what was sent), the NUL character
// (no text the contract takes holds one; SQLite ends a string at it) and the keys that reach an object's
// prototype (`__proto__`, `constructor.prototype`: a copy or merge of the body could pollute every object); a number
// too large for a double (`1e400`): JSON.parse reads it as Infinity, which the validator called "must be a number, not
// a number" and an open object (a step's config) stored as null, not what was sent; and the charset a body is
// declared in, which must be UTF-8's.

import { AppError, invalidField } from './errors.ts';

export const MAX_JSON_DEPTH = 32;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The charsets a JSON body may declare: UTF-8, which JSON between systems is (RFC 8259 §8.1), by its name or the `utf8`
 * label many clients write, and US-ASCII, a subset of it. Any other is refused (415), not read as UTF-8: UTF-16 bytes
 * were then "malformed JSON", ISO-8859-1 beyond ASCII "not valid UTF-8", neither saying what was wrong, and UTF-8 bytes
 * labelled UTF-16 were taken, read otherwise than declared.
 */
const JSON_CHARSETS = ['utf-8', 'utf8', 'us-ascii'];

/** What is wrong with the charset a Content-Type declares for a JSON body (`utf-16`), or null: none declared, or one taken. */
export function charsetProblem(contentType: string | undefined): string | null {
  const declared = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const charset = declared ? (declared[1] ?? declared[2] ?? '').toLowerCase() : null;
  if (charset === null || JSON_CHARSETS.includes(charset)) return null;
  return `Unsupported charset ${JSON.stringify(charset)}: a JSON body must be UTF-8 (Content-Type: application/json, or application/json; charset=utf-8)`;
}

/** What is wrong with a parsed body, or null. Walks it without recursion. */
export function jsonBodyProblem(value: unknown): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: item, depth } = next;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) return problem;
      continue;
    }
    if (typeof item === 'number' && !Number.isFinite(item)) return TOO_LARGE;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return `Invalid body: nested deeper than ${MAX_JSON_DEPTH} levels`;
    if (Array.isArray(item)) {
      for (const element of item) stack.push({ value: element, depth: depth + 1 });
      continue;
    }
    for (const [key, element] of Object.entries(item)) {
      const problem = textProblem(key) ?? prototypeKeyProblem(key, element);
      if (problem) return problem;
      stack.push({ value: element, depth: depth + 1 });
    }
  }
  return null;
}

/** A key no body of the contract uses and that would reach a prototype if the body were merged into an object. */
function prototypeKeyProblem(key: string, value: unknown): string | null {
  if (key === '__proto__') return 'Invalid body: the key "__proto__" is not allowed';
  const reachesPrototype = key === 'constructor' && value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype');
  return reachesPrototype ? 'Invalid body: the key "constructor" holding "prototype" is not allowed' : null;
}

const TOO_LARGE = 'Invalid body: a number is too large to hold (beyond about 1.8e308 either way)';
const UNPAIRED = 'Invalid body: a text holds an unpaired UTF-16 surrogate (a lone \\uD800-\\uDFFF escape), which is not a character';
const NUL = 'Invalid body: a text holds a NUL character (\\u0000)';
const textProblem = (text: string): string | null => (LONE_SURROGATE.test(text) ? UNPAIRED : text.includes('\u0000') ? NUL : null);

// Bytes that are not UTF-8 are refused, not stored as U+FFFD (what was sent would be lost).
const utf8 = new TextDecoder('utf-8', { fatal: true });
type Done = (error: Error | null, value: unknown) => void;

/**
 * A JSON request body's bytes, read as the kernel takes them: its declared charset UTF-8's (an empty request is still
 * no body, whatever its header says), its bytes UTF-8, blank as no body, then parsed by `parse` (the HTTP library's
 * own parser) and held to the limits above.
 */
export function readJsonBody(raw: Buffer, contentType: string | undefined, parse: (text: string, done: Done) => void, done: Done): void {
  const charset = raw.length ? charsetProblem(contentType) : null;
  if (charset) return done(new AppError('UNSUPPORTED_MEDIA_TYPE', charset), undefined);
  let body: string;
  try {
    body = utf8.decode(raw);
  } catch {
    return done(new AppError('MALFORMED_JSON', 'Malformed JSON body: the bytes are not valid UTF-8'), undefined);
  }
  if (body.trim() === '') return done(null, undefined);
  parse(body, (error, parsed) => {
    if (error) return done(whereMalformed(body) ?? error, undefined);
    const problem = jsonBodyProblem(parsed);
    return problem ? done(invalidField(problem), undefined) : done(null, parsed);
  });
}

/**
 * Where a body stops being JSON, for its 400: the HTTP library's own refusal says only "Body is not valid JSON but
 * content-type is set to 'application/json'", which an integrator who sent that header already knows. JSON.parse's
 * words with the place as a line and column (`Expected ',' or '}' after property value at line 3, column 5`), but never
 * the text it quotes (`Unexpected token 'x', ..."reason": x"... is not valid JSON`): a body may hold a secret, and the
 * message is logged. Null when JSON.parse takes the text (the refusal was for something else).
 */
function whereMalformed(text: string): AppError | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const words = (error as Error).message.replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '').replace(/ \(line \d+ column \d+\)$/, '');
    const at = /^(.*?)(?: in JSON)? at position (\d+)$/s.exec(words);
    if (!at) return new AppError('MALFORMED_JSON', `Malformed JSON body: ${words}`);
    const before = text.slice(0, Number(at[2])).split('\n');
    return new AppError('MALFORMED_JSON', `Malformed JSON body: ${at[1]} at line ${before.length}, column ${before[before.length - 1]!.length + 1}`);
  }
}

/** The refusal of a body that is not JSON (every route but the multipart uploads, which register their own parser). */
export const notJson = (): AppError => new AppError('UNSUPPORTED_MEDIA_TYPE', 'A request with a body must send Content-Type: application/json');

/**
 * A request of another content type: no bytes is no body (the seed: "a request *with a body* must send Content-Type:
 * application/json"; `curl -d ''`, PHP's curl with CURLOPT_POST and jQuery label an empty POST form-encoded, `fetch` with
 * `body: ''` text/plain), anything else 415 without reading it. Told by the headers, as the HTTP library tells a request
 * without a content type: no `Transfer-Encoding`, and a `Content-Length` of 0.
 */
export function emptyOrNotJson(headers: Record<string, string | string[] | undefined>, done: Done): void {
  const empty = headers['transfer-encoding'] === undefined && headers['content-length'] === '0';
  done(empty ? null : notJson(), undefined);
}

