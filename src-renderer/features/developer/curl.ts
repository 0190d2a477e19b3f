// A logged request as a curl command, to run it again from a terminal: its method, its full URL on this server and,
// for a method that sends one, its JSON body as the log kept it. The key stays out of it (the log never keeps the
// Authorization header): the command reads it from $SWITCHBOARD_API_KEY.
import { REDACTED, TRUNCATED_MARK, type RequestLogEntry } from '../../../src-core/contract/index.ts';

/** `text` as one POSIX shell word: in single quotes, each quote inside written '\''. */
export const shellQuoted = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/** Methods whose request carries no body. */
const BODILESS = new Set(['GET', 'DELETE', 'HEAD']);

export type CurlCommand = { command: string; redacted: boolean };

/** A logged request's path with its query, as it was sent. */
export const requestPath = (entry: Pick<RequestLogEntry, 'endpoint' | 'query'>): string => `${entry.endpoint}${entry.query === null ? '' : `?${entry.query}`}`;

/**
 * The command for `entry` on the server at `baseUrl`; null when the log cannot give it whole: a query or a body cut at
 * the log's cap, or a method that sends a body of which none was kept (the log keeps a failed request's bodies only:
 * `body` is the detail's `requestBody`, undefined when not read). `redacted`: the log replaced a secret's value with
 * [redacted], to fill in before running it.
 */
export function curlCommand(entry: Pick<RequestLogEntry, 'method' | 'endpoint' | 'query'>, baseUrl: string, body?: string | null): CurlCommand | null {
  if (entry.query?.endsWith('…')) return null;
  const url = `${baseUrl}${requestPath(entry)}`;
  const lines = [`curl -X ${entry.method} ${shellQuoted(url)}`, '-H "Authorization: Bearer $SWITCHBOARD_API_KEY"'];
  if (!BODILESS.has(entry.method)) {
    if (typeof body !== 'string' || body.endsWith(TRUNCATED_MARK)) return null;
    lines.push("-H 'Content-Type: application/json'", `--data ${shellQuoted(body)}`);
  }
  return { command: lines.join(' \\\n  '), redacted: typeof body === 'string' && body.includes(`"${REDACTED}"`) };
}

/**
 * A first request to try a new key with, by the first of its scopes found here (a read that changes nothing), each a
 * route the demo has something to list for.
 */
const TRY_ROUTES: Array<[scope: string, endpoint: string, query: string | null]> = [
  ['contacts:read', '/v1/contacts', 'limit=5'], ['whatsapp:templates:read', '/v1/whatsapp/templates', null], ['sms:templates:read', '/v1/sms/templates', null],
  ['email:templates:read', '/v1/email/templates', null], ['voice:agents:read', '/v1/voice/agents', null], ['voice:calls:read', '/v1/voice/calls', null],
  ['automations:read', '/v1/automations', null], ['webhooks:read', '/v1/webhooks', null], ['otp:logs:read', '/v1/otp/logs', null], ['ai:models:read', '/v1/ai/models', null],
];

/**
 * The shell lines that try a new key: it put in `$SWITCHBOARD_API_KEY` (as the request log's commands read it), then a
 * GET its scopes allow. `refused`: none of them allows one, so the contacts' read it makes answers 403 (logged too).
 */
export function tryKeyCommand(key: string, scopes: readonly string[], baseUrl: string): { command: string; refused: boolean } {
  const route = TRY_ROUTES.find(([scope]) => scopes.includes(scope));
  const [, endpoint, query] = route ?? TRY_ROUTES[0]!;
  const request = curlCommand({ method: 'GET', endpoint, query }, baseUrl)!;
  return { command: `export SWITCHBOARD_API_KEY=${shellQuoted(key)}\n${request.command}`, refused: route === undefined };
}
