// Destination safety (SSRF guard): https only, no credentials in the URL, and no address inside — checked
// at create time and again before every delivery, so a name that later resolves inside stops receiving.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { PRIVATE_FLAG_LIFTS } from '../../contract/webhooks.ts';
import type { SimulatedReceivers } from './receivers.ts';

export type Resolver = (host: string) => Promise<string[]>;
export const dnsResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
// Unspecified, loopback, unique-local, link-local, multicast, NAT64 (well-known; local-use, RFC 8215),
// site-local (deprecated), discard, documentation, Teredo (a tunnel whose addresses hide an IPv4).
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['64:ff9b:1::', 48],
  ['fec0::', 10], ['100::', 64], ['2001:db8::', 32], ['2001::', 32],
] as const) blocked.addSubnet(net, bits, 'ipv6');
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'instance-data']);

const INTERNAL = 'a private, loopback, link-local or otherwise internal address';

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 read as two), or null. */
function ipv6Groups(address: string): number[] | null {
  const text = address.replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').flatMap((group) => {
    if (!group.includes('.')) return [parseInt(group, 16)];
    const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
    return [(a << 8) | b, (c << 8) | d];
  }));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
const dotted = (high: number, low: number): string => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/**
 * The IPv4 address an IPv6 address carries and reaches: IPv4-mapped (::ffff:0:0/96), IPv4-compatible
 * (::/96, `::127.0.0.1`, but not `::` and `::1`, IPv6's own unspecified and loopback addresses),
 * IPv4-translated (::ffff:0:0:0/96) and 6to4 (2002::/16, `2002:7f00:1::`); else null.
 */
export function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups) return null;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  if (g0 === 0x2002) return dotted(g1, g2);
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  if (zeroPrefix && g4 === 0 && g5 === 0 && g6 === 0 && g7 <= 1) return null;
  if (zeroPrefix && ((g4 === 0 && (g5 === 0 || g5 === 0xffff)) || (g4 === 0xffff && g5 === 0))) return dotted(g6, g7);
  return null;
}
/** How a refused address is named: with the IPv4 address it carries, if any. */
const named = (address: string): string => {
  const v4 = embeddedIpv4(address);
  return v4 && v4 !== address ? `${address} (IPv4 ${v4})` : address;
};

/** Whether this address may not receive webhooks. An IPv6 address that carries an IPv4 one is judged as that IPv4. */
export function isInternalAddress(address: string): boolean {
  const ip = embeddedIpv4(address) ?? address.replace(/%.*$/, '');
  return blocked.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * What the check found: refused (a message; `flagLifts`: --allow-private-webhooks would accept it), or accepted with
 * the addresses it approved, which the delivery then connects to (`null`: no check was made, with
 * --allow-private-webhooks, and the system resolves the name); `simulated`: a receiver answered in-process.
 */
export type Destination = { refused: string; flagLifts: boolean } | { refused: null; addresses: string[] | null; simulated?: true };
type CheckOptions = { allowPrivate: boolean; resolve: Resolver; simulated?: SimulatedReceivers | null | undefined };

/** Refuses the destination (a message, naming the flag that would lift it, if one would) or accepts it (null). */
export async function checkDestination(url: string, options: CheckOptions): Promise<string | null> {
  const destination = await resolveDestination(url, options);
  if (destination.refused === null) return null;
  return destination.flagLifts ? `${destination.refused}${PRIVATE_FLAG_LIFTS}` : destination.refused;
}

/** What refuses a URL by its form alone, its scheme (http too, with --allow-private-webhooks) or its credentials; null: none. */
function formRefusal(parsed: URL, allowPrivate: boolean): string | null {
  if (parsed.protocol !== 'https:' && !(allowPrivate && parsed.protocol === 'http:')) return allowPrivate ? 'url must use http or https' : 'url must use https';
  // Credentials in the URL would be shown in every list and view of the endpoint (and fetch refuses them).
  if (parsed.username || parsed.password) return 'url must not include a user name or password; receivers verify deliveries by their signature';
  // No receiver listens on port 0 (a connection to it is refused): every delivery would fail until auto-disable.
  if (parsed.port === '0') return 'url must not use port 0, on which no receiver can listen';
  return null;
}

/**
 * Checks a destination and answers the addresses it approved: a delivery connects to those, never looking the
 * name up again, so a name that answers a public address to the check and an internal one a moment later (DNS
 * rebinding) cannot steer the request inside.
 */
export async function resolveDestination(url: string, options: CheckOptions): Promise<Destination> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { refused: 'url is not a valid URL', flagLifts: false };
  }
  // The flag is named only where it alone would make the URL acceptable: the URL passes what a server started with it checks.
  const acceptedWithFlag = formRefusal(parsed, true) === null;
  const refuse = (refused: string, flagLifts = false): Destination => ({ refused, flagLifts: flagLifts && acceptedWithFlag });
  const refused = formRefusal(parsed, options.allowPrivate);
  if (refused) return refuse(refused, parsed.protocol === 'http:');
  // A fully qualified name's trailing dot (`hooks.sim.test.`) names the same host: judged, and looked up, without it.
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
  if (options.simulated?.handles(host)) return { refused: null, addresses: [], simulated: true };
  if (options.allowPrivate) return { refused: null, addresses: null };
  if (METADATA_HOSTS.has(host) || host === 'localhost' || host.endsWith('.localhost')) return refuse(`${host} is an internal host name`, true);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await options.resolve(host);
  } catch {
    return refuse(`${host} does not resolve`);
  }
  // An address is named once: "10.0.0.5 is …", or "inside.example resolves to 10.0.0.5, …".
  const inside = addresses.find(isInternalAddress);
  if (inside) return refuse(isIP(host) ? `${named(host)} is ${INTERNAL}` : `${host} resolves to ${named(inside)}, ${INTERNAL}`, true);
  return addresses.length ? { refused: null, addresses } : refuse(`${host} does not resolve`);
}
