// Undo after Resolve or Snooze: the notice names the change and the conversation; Undo puts back the state the
// conversation had (open, or snoozed until its time while that is still ahead on the core's clock), and only if it is
// still as the change left it, else it says why it leaves it.
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../src-core/contract/index.ts';
import { snoozeTime } from './snooze-choices.ts';
import { doneSaying, undoneSaying, undoPlan, type Undoable } from './undo.ts';

const NOW = '2026-11-27T10:00:00.000Z';
const LATER = '2026-11-30T09:00:00.000Z';
const EARLIER = '2026-11-27T09:30:00.000Z';
const RESOLVED_AT = '2026-11-27T10:00:01.000Z';
const open = {
  id: 'conv_0001', channel: 'whatsapp', address: '+14155550101', customerName: 'Alice Johnson', state: 'open',
  resolvedAt: null, resolvedBy: null, snoozedUntil: null, lastMessageAt: '2026-11-27T08:00:00.000Z',
} as Conversation;
const resolved: Conversation = { ...open, state: 'resolved', resolvedAt: RESOLVED_AT, resolvedBy: 'console' };
const snoozed = (until: string): Conversation => ({ ...open, state: 'snoozed', snoozedUntil: until });
const undoable = (before: Conversation, after: Conversation): Undoable => ({ id: 1, before, after });

describe('what the undo notice says', () => {
  it('names the change and the conversation, by its contact\'s name or its address, with its channel', () => {
    expect(doneSaying(resolved)).toBe('Resolved Alice Johnson · WhatsApp');
    expect(doneSaying(snoozed(LATER))).toBe(`Snoozed Alice Johnson · WhatsApp until ${snoozeTime(LATER)}`);
    expect(doneSaying({ ...resolved, customerName: null, channel: 'sms' })).toBe('Resolved +14155550101 · SMS');
  });
  it('says what Undo put back, and why a snoozed one came back open', () => {
    expect(undoneSaying(open, open)).toBe('Undone: Alice Johnson · WhatsApp is open again');
    expect(undoneSaying(snoozed(LATER), snoozed(LATER))).toBe(`Undone: Alice Johnson · WhatsApp is snoozed until ${snoozeTime(LATER)} again`);
    expect(undoneSaying(snoozed(EARLIER), open)).toBe(`Undone: Alice Johnson · WhatsApp is open (its snooze time, ${snoozeTime(EARLIER)}, has passed)`);
  });
});

describe('undoPlan', () => {
  it('reopens a conversation that was open before it was resolved or snoozed', () => {
    expect(undoPlan(undoable(open, resolved), resolved, NOW)).toEqual({ restore: 'open' });
    expect(undoPlan(undoable(open, snoozed(LATER)), snoozed(LATER), NOW)).toEqual({ restore: 'open' });
  });
  it('snoozes a snoozed conversation resolved (or snoozed to another time) again to its time, while that is still ahead', () => {
    expect(undoPlan(undoable(snoozed(LATER), resolved), resolved, NOW)).toEqual({ restore: { snoozeUntil: LATER } });
    expect(undoPlan(undoable(snoozed(LATER), snoozed('2026-12-07T09:00:00.000Z')), snoozed('2026-12-07T09:00:00.000Z'), NOW))
      .toEqual({ restore: { snoozeUntil: LATER } });
  });
  it('opens it instead once its time has passed on the core\'s clock', () => {
    expect(undoPlan(undoable(snoozed(EARLIER), resolved), resolved, NOW)).toEqual({ restore: 'open' });
    expect(undoPlan(undoable(snoozed(NOW), resolved), resolved, NOW)).toEqual({ restore: 'open' });
  });
  it('leaves a conversation changed since, and says why', () => {
    const wroteIn: Conversation = { ...open, lastMessageAt: '2026-11-27T10:00:05.000Z' };
    expect(undoPlan(undoable(open, resolved), wroteIn, NOW)).toEqual({ nothing: 'Alice Johnson wrote in since, so the conversation is open again' });
    expect(undoPlan(undoable(open, snoozed(LATER)), wroteIn, NOW)).toEqual({ nothing: 'Alice Johnson wrote in since, so the conversation is open again' });
    expect(undoPlan(undoable(open, resolved), open, NOW)).toEqual({ nothing: 'the conversation was reopened since' });
    expect(undoPlan(undoable(open, snoozed(EARLIER)), open, NOW)).toEqual({ nothing: 'its snooze time came, so the conversation is open again' });
    expect(undoPlan(undoable(open, snoozed(LATER)), resolved, NOW)).toEqual({ nothing: 'the conversation was resolved since' });
    expect(undoPlan(undoable(open, resolved), snoozed(LATER), NOW)).toEqual({ nothing: `the conversation was snoozed until ${snoozeTime(LATER)} since` });
    expect(undoPlan(undoable(open, snoozed(LATER)), snoozed(EARLIER), NOW)).toEqual({ nothing: `the conversation was snoozed until ${snoozeTime(EARLIER)} since` });
    expect(undoPlan(undoable(open, resolved), { ...resolved, resolvedAt: '2026-11-27T10:00:09.000Z' }, NOW))
      .toEqual({ nothing: 'the conversation was reopened and resolved again since' });
  });
});
