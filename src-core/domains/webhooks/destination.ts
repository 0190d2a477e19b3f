// Destination safety (SSRF guard): https only, and no address inside — checked at create time and
// again before every delivery, so a name that later resolves inside stops receiving.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export type Resolver = (host: string) => Promise<string[]>;
export const dnsResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) blocked.addSubnet(net, bits, 'ipv6');
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'instance-data']);

const INTERNAL = 'a private, loopback, link-local or otherwise internal address';

/** Whether this address may not receive webhooks. IPv4-mapped IPv6 is judged as its IPv4. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  return blocked.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
}

/** Refuses the destination (a message) or accepts it (null). */
export async function checkDestination(url: string, options: { allowPrivate: boolean; resolve: Resolver }): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url is not a valid URL';
  }
  if (parsed.protocol !== 'https:' && !(options.allowPrivate && parsed.protocol === 'http:')) return 'url must use https';
  if (options.allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (METADATA_HOSTS.has(host) || host === 'localhost' || host.endsWith('.localhost')) return `${host} is an internal host name`;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await options.resolve(host);
  } catch {
    return `${host} does not resolve`;
  }
  // An address is named once: "10.0.0.5 is …", or "inside.example resolves to 10.0.0.5, …".
  const inside = addresses.find(isInternalAddress);
  if (inside) return isIP(host) ? `${host} is ${INTERNAL}` : `${host} resolves to ${inside}, ${INTERNAL}`;
  return addresses.length ? null : `${host} does not resolve`;
}
