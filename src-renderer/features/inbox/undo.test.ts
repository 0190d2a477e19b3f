// Undo after Resolve or Snooze: the notice names the change and the conversation; Undo asks back the state the
// conversation had (open, or snoozed until its time while that is still ahead on the core's clock), on the precondition
// that it is still as the change left it; refused (it changed since), the notice says why it leaves it.
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../src-core/contract/index.ts';
import { ApiError } from '../../api/http.ts';
import { snoozeTime } from './snooze-choices.ts';
import { doneSaying, expectedOf, UNDO_KEY, UNDO_SAYING, undoneSaying, undoPlan, undoWith, whyNothing, type UndoCore, type Undoable } from './undo.ts';

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

describe('how a screen reader learns that Undo is there', () => {
  it('is told the key that presses it, with the Resolve or Snooze (the notice is no live region)', () => {
    expect(UNDO_SAYING).toBe('Press Z to undo.');
    expect(UNDO_SAYING.toLowerCase()).toContain(` ${UNDO_KEY} `);
  });
});

describe('undoPlan', () => {
  it('reopens a conversation that was open before it was resolved or snoozed', () => {
    expect(undoPlan(undoable(open, resolved), NOW)).toEqual('open');
    expect(undoPlan(undoable(open, snoozed(LATER)), NOW)).toEqual('open');
  });
  it('snoozes a snoozed conversation resolved (or snoozed to another time) again to its time, while that is still ahead', () => {
    expect(undoPlan(undoable(snoozed(LATER), resolved), NOW)).toEqual({ snoozeUntil: LATER });
    expect(undoPlan(undoable(snoozed(LATER), snoozed('2026-12-07T09:00:00.000Z')), NOW)).toEqual({ snoozeUntil: LATER });
  });
  it('opens it instead once its time has passed on the core\'s clock', () => {
    expect(undoPlan(undoable(snoozed(EARLIER), resolved), NOW)).toEqual('open');
    expect(undoPlan(undoable(snoozed(NOW), resolved), NOW)).toEqual('open');
  });
  it('asks it on the precondition of the conversation as the change left it', () => {
    expect(expectedOf(resolved)).toEqual({ state: 'resolved', resolvedAt: RESOLVED_AT, snoozedUntil: null });
    expect(expectedOf(snoozed(LATER))).toEqual({ state: 'snoozed', resolvedAt: null, snoozedUntil: LATER });
  });
});

describe('whyNothing: why a refused Undo left the conversation as it is', () => {
  it('says what changed since, in the words of what the agent sees', () => {
    const wroteIn: Conversation = { ...open, lastMessageAt: '2026-11-27T10:00:05.000Z' };
    expect(whyNothing(resolved, wroteIn, NOW)).toBe('Alice Johnson wrote in since, so the conversation is open again');
    expect(whyNothing(snoozed(LATER), wroteIn, NOW)).toBe('Alice Johnson wrote in since, so the conversation is open again');
    expect(whyNothing(resolved, open, NOW)).toBe('the conversation was reopened since');
    expect(whyNothing(snoozed(EARLIER), open, NOW)).toBe('its snooze time came, so the conversation is open again');
    expect(whyNothing(snoozed(LATER), resolved, NOW)).toBe('the conversation was resolved since');
    expect(whyNothing(resolved, snoozed(LATER), NOW)).toBe(`the conversation was snoozed until ${snoozeTime(LATER)} since`);
    expect(whyNothing(snoozed(LATER), snoozed(EARLIER), NOW)).toBe(`the conversation was snoozed until ${snoozeTime(EARLIER)} since`);
    expect(whyNothing(resolved, { ...resolved, resolvedAt: '2026-11-27T10:00:09.000Z' }, NOW)).toBe('the conversation was reopened and resolved again since');
  });
});

describe('undoWith: Undo against the core', () => {
  /** A core whose clock reads `clock` in turn, answering each change with `answers` in turn (a conversation, or an error thrown). */
  function core(clock: string[], answers: Array<Conversation | Error>, current: Conversation = open) {
    const asked: unknown[] = [];
    const fake: UndoCore = {
      now: async () => clock.shift() ?? NOW,
      change: async (change, expected) => {
        asked.push({ change, expected });
        const answer = answers.shift();
        if (!answer || answer instanceof Error) throw answer ?? new Error('not asked');
        return answer;
      },
      current: async () => current,
    };
    return { fake, asked };
  }
  const passed = new ApiError(400, `Invalid body: until: must be in the future (it is now ${NOW})`, 'VALIDATION_FAILED');
  const snoozedUntilSoon = snoozed('2026-11-27T10:00:30.000Z');

  it('opens a snoozed conversation resolved whose time came while its snooze again was on its way, and says so', async () => {
    const { fake, asked } = core(['2026-11-27T10:00:29.000Z', '2026-11-27T10:00:31.000Z'], [passed, open]);
    const outcome = await undoWith(undoable(snoozedUntilSoon, resolved), fake);
    expect(outcome).toEqual({ restored: open });
    expect(asked).toEqual([
      { change: { snoozeUntil: snoozedUntilSoon.snoozedUntil }, expected: expectedOf(resolved) },
      { change: 'open', expected: expectedOf(resolved) },
    ]);
    expect(undoneSaying(snoozedUntilSoon, open)).toMatch(/is open \(its snooze time, .+, has passed\)$/);
  });
  it('gives a 400 whose time is still ahead as it is, asking nothing more', async () => {
    const { fake, asked } = core([NOW, NOW], [passed]);
    await expect(undoWith(undoable(snoozed(LATER), resolved), fake)).rejects.toBe(passed);
    expect(asked).toHaveLength(1);
  });
  it('says why it left one changed since (409), the reopen asked instead refused too', async () => {
    const changed = new ApiError(409, 'Conversation conv_0001 changed since', 'CONFLICT');
    const wroteIn: Conversation = { ...open, lastMessageAt: '2026-11-27T10:00:40.000Z' };
    const { fake } = core(['2026-11-27T10:00:29.000Z', '2026-11-27T10:00:41.000Z'], [passed, changed], wroteIn);
    expect(await undoWith(undoable(snoozedUntilSoon, resolved), fake)).toEqual({ nothing: 'Alice Johnson wrote in since, so the conversation is open again' });
  });
});
