// Saved replies in a composer: the Saved replies button, the picker it (or `/` in the empty composer) opens, and the
// manage dialog the picker opens. Inserting fills the merge tags with the contact and puts the text in the composer for
// editing, never sends; the focus goes back to the composer whenever the picker closes by the keyboard or an insert.
import type { KeyboardEvent } from 'react';
import { thenFocus } from '../../components/focus.ts';
import { ManageSavedReplies } from './manage-saved-replies.tsx';
import { SavedReplyPicker } from './saved-reply-picker.tsx';
import './saved-replies.css';

export type SavedRepliesView = 'picker' | 'manage' | null;

/** The composer's `onKeyDown`: `/` typed at the start of an empty composer opens the picker instead of being typed. */
export function slashOpens(event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>, open: () => void): void {
  if (event.key !== '/' || event.currentTarget.value !== '' || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  open();
}

/** The composer's text with a saved reply put in: the reply alone in an empty one, else after what was typed. */
export const withSavedReply = (typed: string, reply: string): string => (typed.trim() ? `${typed.trimEnd()} ${reply}` : reply);

/** Focuses the composer with the caret at the end of its text. */
function focusAtEnd(composer: HTMLElement | null | undefined): HTMLElement | null {
  if (composer instanceof HTMLInputElement || composer instanceof HTMLTextAreaElement) {
    composer.focus();
    composer.setSelectionRange(composer.value.length, composer.value.length);
  }
  return null;
}

/**
 * `view`, `onView`: held by the composer, whose `/` opens the picker; `composer`: its field (the focus comes back to it);
 * `contactName`: the conversation's contact, for the merge tags; `onInsert`: the reply's filled text.
 */
export function SavedReplies({ view, onView, composer, contactName, onInsert }: {
  view: SavedRepliesView; onView(view: SavedRepliesView): void; composer: () => HTMLElement | null | undefined; contactName: string | null; onInsert(text: string): void;
}) {
  const backToComposer = (update: () => void) => thenFocus(update, () => focusAtEnd(composer()));
  return (
    <>
      <button type="button" className="button ghost saved-replies-button" data-testid="saved-replies-button" aria-haspopup="dialog" aria-expanded={view === 'picker'}
        aria-label="Saved replies" aria-keyshortcuts="/" title="Saved replies (type / in an empty reply)"
        // While the picker is open its search holds the focus: pressing here closes it rather than closing and reopening it.
        onMouseDown={(e) => { if (view === 'picker') e.preventDefault(); }}
        onClick={() => (view === 'picker' ? backToComposer(() => onView(null)) : onView('picker'))}>
        Saved<span className="saved-replies-more"> replies</span>
      </button>
      {view === 'picker' ? (
        <SavedReplyPicker contactName={contactName}
          onInsert={(text) => backToComposer(() => { onView(null); onInsert(text); })}
          onClose={(toComposer) => (toComposer ? backToComposer(() => onView(null)) : onView(null))}
          onManage={() => onView('manage')} />
      ) : null}
      {/* Closed, the picker comes back, so a reply just added can be inserted (Escape there returns to the composer). */}
      {view === 'manage' ? <ManageSavedReplies onClose={() => onView('picker')} /> : null}
    </>
  );
}
