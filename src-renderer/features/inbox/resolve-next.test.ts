// After the agent resolves or snoozes the conversation shown in the Open list, the next open one (below it, else above) is
// shown, or none, and a screen reader hears which; a reopened (or unsnoozed) conversation, or one resolved while not
// listed there, stays shown.
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../src-core/contract/index.ts';
import { afterStateChange } from './resolve-next.ts';
import { snoozeTime } from './snooze-choices.ts';

const row = (id: string, customerName: string | null = null) => ({ id, customerName, address: `+1415555${id.slice(-4)}`, state: 'open' }) as Conversation;
const rows = [row('conv_0001', 'Priya Sharma'), row('conv_0002', 'Kiran Mehta'), row('conv_0003')];
const resolved = (c: Conversation): Conversation => ({ ...c, state: 'resolved' });
const UNTIL = '2026-11-30T09:00:00.000Z';
const snoozed = (c: Conversation): Conversation => ({ ...c, state: 'snoozed', snoozedUntil: UNTIL });

describe('afterStateChange', () => {
  it('moves on to the conversation below the resolved one, or above it from the last, and says so', () => {
    expect(afterStateChange(rows, 'open', resolved(rows[0]!), 'WhatsApp')).toEqual({
      moveTo: rows[1], saying: 'Resolved the conversation with Priya Sharma. Next open conversation: Kiran Mehta.',
    });
    expect(afterStateChange(rows, 'open', resolved(rows[2]!), 'WhatsApp')).toMatchObject({
      moveTo: rows[1], saying: 'Resolved the conversation with +14155550003. Next open conversation: Kiran Mehta.',
    });
  });
  it('shows none once the last open conversation is resolved', () => {
    expect(afterStateChange([rows[0]!], 'open', resolved(rows[0]!), 'SMS')).toEqual({
      moveTo: null, saying: 'Resolved the conversation with Priya Sharma. No open SMS conversations left.',
    });
  });
  it('stays on a conversation reopened, or resolved while the list shown does not hold it', () => {
    expect(afterStateChange(rows, 'resolved', rows[1]!, 'SMS')).toEqual({ moveTo: undefined, saying: 'Reopened the conversation with Kiran Mehta: it is open again.' });
    expect(afterStateChange(rows.slice(1), 'open', resolved(rows[0]!), 'SMS')).toEqual({ moveTo: undefined, saying: 'Resolved the conversation with Priya Sharma.' });
    expect(afterStateChange(rows, 'resolved', resolved(row('conv_0009')), 'SMS').moveTo).toBeUndefined();
  });
  it('moves on from a conversation snoozed in the Open list as from a resolved one, saying until when; unsnoozed, it stays', () => {
    expect(afterStateChange(rows, 'open', snoozed(rows[1]!), 'WhatsApp')).toEqual({
      moveTo: rows[2], saying: `Snoozed the conversation with Kiran Mehta until ${snoozeTime(UNTIL)}. Next open conversation: +14155550003.`,
    });
    expect(afterStateChange([rows[0]!], 'open', snoozed(rows[0]!), 'SMS').saying).toMatch(/ No open SMS conversations left\.$/);
    const snoozedRows = rows.map(snoozed);
    expect(afterStateChange(snoozedRows, 'snoozed', rows[0]!, 'SMS')).toEqual({ moveTo: undefined, saying: 'Unsnoozed the conversation with Priya Sharma: it is open again.' });
    expect(afterStateChange(snoozedRows, 'snoozed', resolved(rows[0]!), 'SMS')).toEqual({ moveTo: undefined, saying: 'Resolved the conversation with Priya Sharma.' });
  });
  it('says how to undo a Resolve or Snooze right after it, before the next conversation; a reopen has no Undo', () => {
    const UNDO = 'Press Z to undo.';
    expect(afterStateChange(rows, 'open', resolved(rows[0]!), 'WhatsApp', UNDO).saying)
      .toBe('Resolved the conversation with Priya Sharma. Press Z to undo. Next open conversation: Kiran Mehta.');
    expect(afterStateChange([rows[0]!], 'open', snoozed(rows[0]!), 'SMS', UNDO).saying)
      .toBe(`Snoozed the conversation with Priya Sharma until ${snoozeTime(UNTIL)}. Press Z to undo. No open SMS conversations left.`);
    expect(afterStateChange(rows.slice(1), 'open', resolved(rows[0]!), 'SMS', UNDO).saying).toBe('Resolved the conversation with Priya Sharma. Press Z to undo.');
    expect(afterStateChange(rows, 'resolved', rows[1]!, 'SMS', UNDO).saying).toBe('Reopened the conversation with Kiran Mehta: it is open again.');
  });
  it('stays on a conversation snoozed again from the Snoozed list, saying its new time', () => {
    const later = '2026-12-07T09:00:00.000Z';
    const snoozedRows = rows.map(snoozed);
    expect(afterStateChange(snoozedRows, 'snoozed', { ...snoozedRows[1]!, snoozedUntil: later }, 'WhatsApp')).toEqual({
      moveTo: undefined, saying: `The conversation with Kiran Mehta is now snoozed until ${snoozeTime(later)}.`,
    });
  });
});
