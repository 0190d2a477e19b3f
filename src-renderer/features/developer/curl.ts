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
