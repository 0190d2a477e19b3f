// Canonical IP addresses, and the address in one x-forwarded-for entry.
import { describe, expect, it } from 'vitest';
import { canonicalIp, forwardedIp } from './client-ip.ts';

describe('client IP', () => {
  it('writes an address one way: IPv6 compressed and lower-case, IPv4-mapped IPv6 as IPv4', () => {
    expect(['203.0.113.7', '0:0:0:0:0:0:0:1', '2001:DB8::0:1', '::ffff:203.0.113.7', '::ffff:cb00:7107', 'fe80::1%eth0'].map(canonicalIp))
      .toEqual(['203.0.113.7', '::1', '2001:db8::1', '203.0.113.7', '203.0.113.7', 'fe80::1']);
    expect(['', 'localhost', '203.0.113.300', '010.0.0.1', '<script>', '::1::'].map(canonicalIp)).toEqual([null, null, null, null, null, null]);
  });
  it('takes a forwarded entry bare, as IPv4:port, or as [IPv6] with or without a port; nothing else', () => {
    expect([' 203.0.113.7 ', '203.0.113.7:5555', '[2001:db8::1]:443', '[::1]', '::1'].map(forwardedIp))
      .toEqual(['203.0.113.7', '203.0.113.7', '2001:db8::1', '::1', '::1']);
    expect(['unknown', '_hidden', '203.0.113.7:', '203.0.113.7:123456', '[203.0.113.7]', '[::1]x', '::1:80x'].map(forwardedIp))
      .toEqual([null, null, null, null, null, null, null]);
  });
});
