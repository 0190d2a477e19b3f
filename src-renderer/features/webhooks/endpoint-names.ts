// Short names for endpoints where a full URL does not fit (the delivery log beside the open delivery, or
// at 1024 px): the least of the URL that still tells each endpoint from the account's others.
import { hostAndPath } from './delivery-status.tsx';

/** Host name; then host with port; then host, port and path; the URL itself when it cannot be parsed. */
function candidates(url: string): string[] {
  try {
    const parsed = new URL(url);
    return [parsed.hostname, parsed.host, hostAndPath(url)];
  } catch {
    return [url, url, url];
  }
}

/** Each endpoint's id to its shortest name no other endpoint shares (two endpoints with one URL share it). */
export function shortEndpointNames(endpoints: Array<{ id: string; url: string }>): Map<string, string> {
  const all = endpoints.map((endpoint) => ({ id: endpoint.id, names: candidates(endpoint.url) }));
  return new Map(all.map(({ id, names }) => {
    const unique = names.find((name, level) => all.every((other) => other.id === id || other.names[level] !== name));
    return [id, unique ?? names[names.length - 1] ?? ''];
  }));
}

/**
 * Why an endpoint a delivery names is no longer listed: `removed`, its receiver answered 410 Gone, so the core
 * deleted it; `deleted`, the console listed it before and the list has lost it since (deleted from the console or
 * through the API). Null while it is listed.
 */
export type EndpointGoneAs = 'removed' | 'deleted' | null;
export type KnownEndpoint = { id: string; url: string; gone: EndpointGoneAs };

/** What follows a gone endpoint's URL wherever a delivery names it. */
export const goneMark = (gone: EndpointGoneAs): string => (gone ? ` (${gone})` : '');

/**
 * The endpoints listed now; then those a 410 removed (`removed`: the core's list of them and the live notices,
 * whose URL is null where the console never listed the endpoint); then those the console listed before that are
 * gone from the list. A deleted endpoint's deliveries stay, named by its URL rather than by its id.
 */
export function knownEndpoints(
  listed: ReadonlyArray<{ id: string; url: string }>, seen: Record<string, string>, removed: ReadonlyArray<{ endpointId: string; url: string | null }>,
): KnownEndpoint[] {
  const known = new Map<string, KnownEndpoint>(listed.map((e) => [e.id, { id: e.id, url: e.url, gone: null }]));
  for (const { endpointId: id, url } of removed) {
    const named = url ?? seen[id];
    if (named !== undefined && !known.has(id)) known.set(id, { id, url: named, gone: 'removed' });
  }
  for (const [id, url] of Object.entries(seen)) if (!known.has(id)) known.set(id, { id, url, gone: 'deleted' });
  return [...known.values()];
}
