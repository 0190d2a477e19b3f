// When the console's endpoint form and `switchboard listen` point at --allow-private-webhooks: only for a
// refusal the flag lifts.
import { describe, expect, it } from 'vitest';
import { privateFlagWouldLift } from './webhooks.ts';

describe('privateFlagWouldLift', () => {
  it('is true for an http URL refused as not https, and for an internal host or address', () => {
    expect(privateFlagWouldLift('Invalid url: url must use https', 'http://127.0.0.1:9000/hooks')).toBe(true);
    expect(privateFlagWouldLift('Invalid url: localhost is an internal host name', 'https://localhost/h')).toBe(true);
    expect(privateFlagWouldLift('Invalid url: 10.0.0.5 is a private, loopback, link-local or otherwise internal address', 'https://10.0.0.5/h')).toBe(true);
  });
  it('is false for other schemes, for a server that has the flag, and for other refusals', () => {
    expect(privateFlagWouldLift('Invalid url: url must use https', 'ftp://example.com/x')).toBe(false);
    expect(privateFlagWouldLift('Invalid url: url must use http or https', 'ftp://example.com/x')).toBe(false);
    expect(privateFlagWouldLift('Invalid url: url must not include a user name or password; receivers verify deliveries by their signature', 'https://u:p@example.com/')).toBe(false);
    expect(privateFlagWouldLift('events: is required', 'http://127.0.0.1/')).toBe(false);
  });
});
