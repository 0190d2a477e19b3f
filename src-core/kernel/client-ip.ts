// IP addresses in one canonical form, so an API key's allow-list and a request's address compare as
// addresses, not as text: IPv6 compressed and lower-case (0:0:0:0:0:0:0:1 is ::1), and an IPv4-mapped
// IPv6 address as its IPv4 (::ffff:203.0.113.7 is 203.0.113.7, the address the request came from).
import { isIP, SocketAddress } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/;

/** The canonical form of an IP address, or null when `text` is not one. */
export function canonicalIp(text: string): string | null {
  const family = isIP(text);
  if (family === 0) return null;
  if (family === 4) return text;
  let address: string;
  try {
    // The standard library prints an IPv6 address in its canonical (RFC 5952) form; a zone (%eth0) is dropped.
    address = new SocketAddress({ address: text, family: 'ipv6' }).address;
  } catch {
    return null;
  }
  return IPV4_MAPPED.exec(address)?.[1] ?? address;
}

/**
 * The address in one entry of X-Forwarded-For: a bare address, an IPv4 with a port (`203.0.113.7:5555`, as
 * some proxies write it) or a bracketed IPv6 with or without one (`[2001:db8::1]:5555`). Null for anything
 * else (`unknown`, an obfuscated `_hidden`, garbage), which the caller treats as no header at all.
 */
export function forwardedIp(entry: string): string | null {
  const text = entry.trim();
  const bracketed = /^\[([^\]]*)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) return isIP(bracketed[1] as string) === 6 ? canonicalIp(bracketed[1] as string) : null;
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text);
  return canonicalIp(withPort ? (withPort[1] as string) : text);
}
