// What the thread's "new messages" button counts: the customer's messages after the newest one the agent saw at the end.
import { describe, expect, it } from 'vitest';
import { inboundAfter, newMessages } from './new-below.ts';

const thread = [
  { id: 'm1', direction: 'inbound' }, { id: 'm2', direction: 'outbound' }, { id: 'm3', direction: 'inbound' },
  { id: 'm4', direction: 'outbound' }, { id: 'm5', direction: 'inbound' },
] as const;

describe('inboundAfter', () => {
  it('counts the customer messages after the one seen, not the replies among them', () => {
    expect(inboundAfter(thread, 'm2')).toBe(2);
    expect(inboundAfter(thread, 'm4')).toBe(1);
  });
  it('counts nothing when the seen message is the newest, or only replies came since', () => {
    expect(inboundAfter(thread, 'm5')).toBe(0);
    expect(inboundAfter(thread.slice(0, 4), 'm3')).toBe(0);
  });
  it('counts every customer message when none was seen, or the seen one fell out of the listed newest', () => {
    expect(inboundAfter(thread, null)).toBe(3);
    expect(inboundAfter(thread.slice(2), 'm1')).toBe(2);
  });
});

describe('newMessages', () => {
  it('says one message in the singular, more in the plural', () => {
    expect(newMessages(1)).toBe('1 new message');
    expect(newMessages(2)).toBe('2 new messages');
  });
});
