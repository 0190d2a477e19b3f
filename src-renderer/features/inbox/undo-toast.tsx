// The inbox's undo notice: after Resolve or Snooze, a message at the foot of the list naming the conversation, with
// Undo (`z` anywhere in the inbox outside a text field, as `e`). It never takes the focus; it goes after 10 s (held
// while the pointer or the focus is on it), when the next Resolve or Snooze brings its own (only the latest can be
// undone), or on Escape or Dismiss. Undone, the inbox shows the conversation again (inbox-page.tsx's `onUndone`).
// It is not a live region: the console's one announcer has already said the Resolve or Snooze and how to undo it ("Press Z
// to undo.", inbox-page.tsx), and says what Undo did (or why not, or its failure) as the notice shows it, so a screen
// reader hears each once.
import { useRef } from 'react';
import type { Conversation } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { useFocusAfterChange } from '../../components/focus.ts';
import { useTimedNotice } from '../../components/timed-notice.ts';
import { announce } from '../../stores/announcer.ts';
import { useUndoStateChange } from './mutations.ts';
import { doneSaying, UNDO_KEY, undoneSaying, type Undoable, type UndoOutcome } from './undo.ts';
import './undo-toast.css';

/** How long the notice stays once nothing holds it (the pointer or the focus on it). */
export const UNDO_SHOWN_MS = 10_000;
/** The notice's Undo: what `UNDO_KEY` presses. */
export const UNDO_BUTTON = '[data-testid="undo-state-change"]';

type Props = { done: Undoable; onUndone(restored: Conversation): void; onClose(): void };

function UndoToast({ done, onUndone, onClose }: Props) {
  const undo = useUndoStateChange(done);
  const outcome = undo.data;
  const outcomeSaying = (said: UndoOutcome): string => ('nothing' in said ? `Nothing to undo: ${said.nothing}` : undoneSaying(done.before, said.restored));
  const saying = !outcome ? doneSaying(done.after) : outcomeSaying(outcome);
  // Held open while the pointer is over it or the focus in it (time to read it and reach Undo), then 10 s again.
  const timed = useTimedNotice({ shownMs: UNDO_SHOWN_MS, onExpire: onClose, busy: undo.isPending, restartOn: saying });
  // Nothing to undo takes Undo away: if it held the focus, Dismiss takes it (undone, the inbox gives it to the row).
  const dismiss = useRef<HTMLButtonElement>(null);
  useFocusAfterChange(Boolean(outcome && 'nothing' in outcome), dismiss);
  const press = () => undo.mutate(undefined, {
    onSuccess: (result) => {
      announce(`${outcomeSaying(result)}.`);
      if ('restored' in result) onUndone(result.restored);
    },
    onError: (error) => announce(`Could not undo: ${error.message}`),
  });
  return (
    <div className="undo-toast" data-testid="undo-toast" data-state={!outcome ? 'done' : 'nothing' in outcome ? 'nothing' : 'undone'}
      {...timed}>
      <p className="undo-saying">
        <span key={saying} data-testid="undo-saying">{saying}</span>
        {undo.isError ? <span className="field-error" data-testid="undo-error">Could not undo: {undo.error.message}</span> : null}
      </p>
      {!outcome ? (
        <Button type="button" className="button small" data-testid="undo-state-change" disabled={undo.isPending} aria-keyshortcuts={UNDO_KEY}
          title={`Put the conversation back as it was (${UNDO_KEY})`} onClick={press}>
          {undo.isPending ? 'Undoing…' : 'Undo'}
        </Button>
      ) : null}
      <button ref={dismiss} type="button" className="button ghost small" data-testid="undo-dismiss" aria-label="Dismiss" title="Dismiss (Esc)" onClick={onClose}>
        <span aria-hidden>×</span>
      </button>
    </div>
  );
}

/** Where the notice shows (the latest Resolve or Snooze's, or none). Not a live region: see the file's head. */
export function UndoNotice({ done, ...props }: Omit<Props, 'done'> & { done: Undoable | null }) {
  return (
    <div className="undo-notice" data-testid="undo-notice">
      {done ? <UndoToast key={done.id} done={done} {...props} /> : null}
    </div>
  );
}
