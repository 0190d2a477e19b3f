// The base URL a client reached this server at, for the links and addresses an answer hands out (a media link, a
// recording link, the voice server's address, the API document's server).

/** A Host header as a client sends it: a name or IPv4 address, or an IPv6 one in brackets, and a port. */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
/** The addresses that mean "every interface" to listen on, and the loopback one a client on this machine reaches instead. */
const WILDCARDS: Record<string, string> = { '0.0.0.0': '127.0.0.1', '[::]': '[::1]' };

/**
 * The base URL a client reaches this server at: the scheme it listens with, and the host the request named (its Host
 * header, as the client reached it); without a usable one, the listening address. A wildcard address (`--host 0.0.0.0`)
 * is no address to send a request to: a loopback one is said instead.
 */
export function advertisedBaseUrl(listening: string, host: string | undefined): string {
  const url = new URL(listening);
  if (host !== undefined && HOST.test(host)) url.host = host;
  const wildcard = WILDCARDS[url.hostname];
  if (wildcard) url.hostname = wildcard;
  return url.origin;
}

/** The request's Host header, when it sent one (a list is no host). */
export const hostOf = (headers: Record<string, string | string[] | undefined>): string | undefined =>
  typeof headers.host === 'string' ? headers.host : undefined;
