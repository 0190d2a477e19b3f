// One webhook POST, over node:http(s): no redirect followed, one timeout over the whole exchange, the first
// characters of the answer kept, and the connection made to the addresses the destination check approved,
// never to what a second lookup of the name would answer (a rebinding name could answer an internal one).
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';

export type PostOutcome = { status: number | null; body: string | null; error: string | null; latencyMs: number | null };

/** How much of a receiver's answer is kept (characters), and read at most (bytes) before the rest is dropped. */
export const BODY_EXCERPT = 2048;
const BODY_READ_MAX = 1024 * 1024;

// Connections kept open between deliveries (idle ones never hold the process open).
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/** A lookup that answers the approved addresses (in the family asked for, when one is). */
export function pinnedLookup(addresses: string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? entries.filter((entry) => entry.family === options.family) : entries;
    const first = wanted[0];
    const answer = callback as (error: NodeJS.ErrnoException | null, address: string | Array<{ address: string; family: number }>, family?: number) => void;
    if (!first) answer(Object.assign(new Error(`no approved IPv${String(options.family)} address`), { code: 'ENOTFOUND' }), []);
    else if (options.all) answer(null, wanted);
    else answer(null, first.address, first.family);
  };
}

const round = (ms: number): number => Math.round(ms * 100) / 100;

/** POSTs `body`; `pinned`: the addresses to connect to (null: the system resolves the name). */
export function post(url: string, headers: Record<string, string>, body: string, options: { timeoutMs: number; pinned: string[] | null }): Promise<PostOutcome> {
  const started = performance.now();
  const target = new URL(url);
  const failed = (error: unknown): PostOutcome => {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { status: null, body: null, error: timedOut ? `timed out after ${options.timeoutMs / 1000} s` : error instanceof Error ? error.message : String(error), latencyMs: round(performance.now() - started) };
  };
  return new Promise<PostOutcome>((resolve) => {
    const transport = target.protocol === 'https:' ? https : http;
    const request = transport.request(target, {
      method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      agent: agents[target.protocol === 'https:' ? 'https:' : 'http:'], signal: AbortSignal.timeout(options.timeoutMs),
      ...(options.pinned ? { lookup: pinnedLookup(options.pinned) } : {}),
    }, (response) => {
      let text = '';
      let bytes = 0;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (text.length < BODY_EXCERPT) text += chunk.slice(0, BODY_EXCERPT - text.length);
        bytes += Buffer.byteLength(chunk);
        // An endless answer is cut: the status is what counts, and the connection is not reused.
        if (bytes > BODY_READ_MAX) response.destroy();
      });
      const done = () => resolve({ status: response.statusCode ?? null, body: text, error: null, latencyMs: round(performance.now() - started) });
      response.on('end', done);
      // Cut short: by the timeout (the signal's error comes first), by the receiver, or by the cap above.
      response.on('close', () => (response.complete || bytes > BODY_READ_MAX ? done() : resolve(failed(new Error('the connection closed before the answer ended')))));
      response.on('error', (error) => (bytes > BODY_READ_MAX ? done() : resolve(failed(error))));
    });
    request.on('error', (error) => resolve(failed(error)));
    request.end(body);
  });
}
