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

export type KnownEndpoint = { id: string; url: string; deleted: boolean };

/**
 * The endpoints listed now, then those the console listed before that are gone from the list (deleted:
 * their deliveries stay, and are named by the URL last seen rather than by their id).
 */
export function knownEndpoints(listed: ReadonlyArray<{ id: string; url: string }>, seen: Record<string, string>): KnownEndpoint[] {
  const ids = new Set(listed.map((e) => e.id));
  return [
    ...listed.map((e) => ({ id: e.id, url: e.url, deleted: false })),
    ...Object.entries(seen).filter(([id]) => !ids.has(id)).map(([id, url]) => ({ id, url, deleted: true })),
  ];
}
