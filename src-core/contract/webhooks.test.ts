// When the console's endpoint form points at --allow-private-webhooks: only for a refusal the server says the flag
// lifts, by naming it at the end of its message (domains/webhooks/destination.ts decides which).
import { describe, expect, it } from 'vitest';
import { PRIVATE_FLAG_LIFTS, privateFlagWouldLift } from './webhooks.ts';

describe('privateFlagWouldLift', () => {
  it('names the flag in the message itself', () => {
    expect(PRIVATE_FLAG_LIFTS).toContain('--allow-private-webhooks');
  });
  it('is true for an http URL refused as not https, and for an internal host or address, as the server words them', () => {
    expect(privateFlagWouldLift(`Invalid url: url must use https${PRIVATE_FLAG_LIFTS}`)).toBe(true);
    expect(privateFlagWouldLift(`Invalid url: localhost is an internal host name${PRIVATE_FLAG_LIFTS}`)).toBe(true);
    expect(privateFlagWouldLift(`Invalid url: 10.0.0.5 is a private, loopback, link-local or otherwise internal address${PRIVATE_FLAG_LIFTS}`)).toBe(true);
  });
  it('is false for other schemes, for a server that has the flag, and for other refusals', () => {
    expect(privateFlagWouldLift('Invalid url: url must use https')).toBe(false);
    expect(privateFlagWouldLift('Invalid url: url must use http or https')).toBe(false);
    expect(privateFlagWouldLift('Invalid url: url must not include a user name or password; receivers verify deliveries by their signature')).toBe(false);
    expect(privateFlagWouldLift(`events: is required${PRIVATE_FLAG_LIFTS}`)).toBe(false);
  });
});
