// Where the inbox goes once the agent resolves or snoozes the conversation shown, and what a screen reader hears of it:
// resolved or snoozed from the Open list, it leaves the list and the next open conversation is shown (the one below it,
// else the one above), or none; reopened (or unsnoozed), snoozed again (another time), or resolved or snoozed while not
// listed there, the thread stays.
import type { Conversation } from '../../../src-core/contract/index.ts';
import { customerLabel } from '../../components/format.ts';
import { snoozeTime } from './snooze-choices.ts';

/** A conversation as the inbox names it: its contact's name, else its address (an email's domain in its own script). */
export const nameOf = (c: Parameters<typeof customerLabel>[0]): string => customerLabel(c);

/**
 * What the inbox shows after `changed` (as the core now has it) left or joined a state, among `rows` (the list shown,
 * `listState` its state, as it was before the change): `moveTo` the conversation to open instead (null: none, the empty
 * state), or undefined to stay on it; and what to say. `undoSaying`, how to undo a Resolve or Snooze (the inbox's undo
 * notice is no live region), is said right after it, before the next conversation: a reopen has no Undo.
 */
export function afterStateChange(rows: readonly Conversation[], listState: Conversation['state'], changed: Conversation, channelLabel: string, undoSaying?: string):
  { moveTo: Conversation | null | undefined; saying: string } {
  const name = nameOf(changed);
  const at = rows.findIndex((c) => c.id === changed.id);
  if (changed.state === 'open') {
    return { moveTo: undefined, saying: rows[at]?.state === 'snoozed' ? `Unsnoozed the conversation with ${name}: it is open again.` : `Reopened the conversation with ${name}: it is open again.` };
  }
  const until = changed.state === 'snoozed' && changed.snoozedUntil ? snoozeTime(changed.snoozedUntil) : null;
  // Snoozed again from the Snoozed list: a new time, not a new state.
  const change = !until ? `Resolved the conversation with ${name}.`
    : rows[at]?.state === 'snoozed' ? `The conversation with ${name} is now snoozed until ${until}.` : `Snoozed the conversation with ${name} until ${until}.`;
  const done = undoSaying ? `${change} ${undoSaying}` : change;
  if (listState !== 'open' || at < 0) return { moveTo: undefined, saying: done };
  const next = rows[at + 1] ?? rows[at - 1] ?? null;
  return { moveTo: next, saying: `${done} ${next ? `Next open conversation: ${nameOf(next)}.` : `No open ${channelLabel} conversations left.`}` };
}
