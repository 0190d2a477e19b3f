// Undo after Resolve or Snooze: what the inbox's notice says of the change, and what Undo puts back. It puts back the
// state the conversation had (open; or snoozed until its time, while that time is still ahead on the core's clock), in one
// request made only if the conversation is still as the change left it (`expectedOf`: the core checks it in the
// transaction that writes, else answers 409). One changed meanwhile (its customer wrote in, another window reopened or
// snoozed it, its snooze ran out) is left as it is, and the notice says why (`whyNothing`). One whose snooze time comes
// while Undo's request is on its way is opened instead (`undoWith`).
import type { Conversation, ConversationExpected } from '../../../src-core/contract/index.ts';
import { ApiError } from '../../api/http.ts';
import { CHANNEL_LABEL } from '../../components/format.ts';
import type { StateChange } from './mutations.ts';
import { nameOf } from './resolve-next.ts';
import { snoozeTime } from './snooze-choices.ts';

/** The key that presses the notice's Undo, as `aria-keyshortcuts` names it. */
export const UNDO_KEY = 'z';
/**
 * How to undo, said with the Resolve or Snooze it undoes (resolve-next.ts's `afterStateChange`): the notice itself is no
 * live region, so a screen reader would not otherwise learn that Undo is there (`z` presses it from anywhere in the
 * inbox but a text field).
 */
export const UNDO_SAYING = `Press ${UNDO_KEY.toUpperCase()} to undo.`;

/** A Resolve or Snooze made in this window: the conversation as it was (`before`) and as the core answered (`after`). */
export type Undoable = { id: number; before: Conversation; after: Conversation };

type Named = Pick<Conversation, 'customerName' | 'address' | 'channel'>;
/** The conversation as the notice names it: "Alice Johnson · WhatsApp". */
export const conversationLabel = (c: Named): string => `${nameOf(c)} · ${CHANNEL_LABEL[c.channel]}`;

/** What the notice says of the change: "Resolved Alice Johnson · WhatsApp", "Snoozed Alice Johnson · WhatsApp until …". */
export function doneSaying(after: Conversation): string {
  return after.state === 'snoozed' && after.snoozedUntil
    ? `Snoozed ${conversationLabel(after)} until ${snoozeTime(after.snoozedUntil)}` : `Resolved ${conversationLabel(after)}`;
}

/** Undo's precondition: the conversation as the change left it (its state, resolve time and snooze time). */
export const expectedOf = ({ state, resolvedAt, snoozedUntil }: Conversation): ConversationExpected => ({ state, resolvedAt, snoozedUntil });

/** Why Undo left `current` as it is (the core refused: it changed since `after`), in the words of what the agent sees. */
export function whyNothing(after: Conversation, current: Conversation, now: string): string {
  const name = nameOf(current);
  if (current.state === 'open') {
    if (current.lastMessageAt !== after.lastMessageAt) return `${name} wrote in since, so the conversation is open again`;
    if (after.snoozedUntil && Date.parse(after.snoozedUntil) <= Date.parse(now)) return 'its snooze time came, so the conversation is open again';
    return 'the conversation was reopened since';
  }
  if (current.state === 'snoozed' && current.snoozedUntil) return `the conversation was snoozed until ${snoozeTime(current.snoozedUntil)} since`;
  return after.state === 'resolved' ? 'the conversation was reopened and resolved again since' : 'the conversation was resolved since';
}

/**
 * What Undo of `done` asks, `now` being the core's clock: back to open, or snoozed again until the time it had while that
 * is still after `now`.
 */
export function undoPlan(done: Undoable, now: string): StateChange {
  const until = done.before.state === 'snoozed' ? done.before.snoozedUntil : null;
  return until && Date.parse(until) > Date.parse(now) ? { snoozeUntil: until } : 'open';
}

/**
 * What the notice says once Undo put `restored` back: "Undone: Alice Johnson · WhatsApp is open again", or snoozed again
 * until its time; open instead when the time it had (`before`) has passed since.
 */
export function undoneSaying(before: Conversation, restored: Conversation): string {
  const label = conversationLabel(restored);
  if (restored.state === 'snoozed' && restored.snoozedUntil) return `Undone: ${label} is snoozed until ${snoozeTime(restored.snoozedUntil)} again`;
  if (before.state === 'snoozed' && before.snoozedUntil) return `Undone: ${label} is open (its snooze time, ${snoozeTime(before.snoozedUntil)}, has passed)`;
  return `Undone: ${label} is open again`;
}

/** What Undo did: put the conversation back (`restored`, as the core now has it), or nothing, for the reason given. */
export type UndoOutcome = { restored: Conversation } | { nothing: string };

/** What Undo asks of the core: its clock, the change made only if the conversation is still `expected`, the conversation now. */
export type UndoCore = {
  now(): Promise<string>;
  change(change: StateChange, expected: ConversationExpected): Promise<Conversation>;
  current(): Promise<Conversation>;
};

/**
 * Undo of `done`: the plan for the core's clock (`undoPlan`), asked on the precondition of the conversation as the change
 * left it. A snooze to the time it had, refused (400) because that time came after the clock was read (the clock runs;
 * another window may move it), is asked again as a reopen once the clock says the time has passed: a snooze whose time
 * has passed is an open conversation, and `undoneSaying` says so. Refused with 409 (it changed since): nothing, and why.
 */
export async function undoWith(done: Undoable, core: UndoCore): Promise<UndoOutcome> {
  const expected = expectedOf(done.after);
  let now = await core.now();
  try {
    const plan = undoPlan(done, now);
    try {
      return { restored: await core.change(plan, expected) };
    } catch (error) {
      if (plan === 'open' || !(error instanceof ApiError && error.status === 400)) throw error;
      now = await core.now();
      if (undoPlan(done, now) !== 'open') throw error;
      return { restored: await core.change('open', expected) };
    }
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    return { nothing: whyNothing(done.after, await core.current(), now) };
  }
}
