// A phone's list/item switch (the inbox, contacts): at 640 px and less, a page with an item open (its root marked
// `data-item-open`) shows the item alone, with this Back button over it; the list comes back with the focus on the row
// that was open. Wider, the list and the item sit side by side and the button is never shown (styles/phone.css).
import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import { focusLost } from './focus.ts';

/** The phone's width, as styles/phone.css has it. */
const PHONE = '(max-width: 640px)';

/** "← Back to list", named for the list it goes back to ("Back to list of WhatsApp conversations"). */
export function BackToList({ list, onBack }: { list: string; onBack(): void }) {
  return (
    <button type="button" className="button ghost back-to-list" data-testid="back-to-list" onClick={onBack}>
      <span aria-hidden="true">← </span>Back to list<span className="visually-hidden"> of {list}</span>
    </button>
  );
}

/**
 * An item opened from the list at a phone's width hides the list, and with it the row that held the focus: the item's
 * Back button takes it. Returns what to call when an item is opened so; wider (the list stays), nothing moves.
 */
export function useFocusBackOnOpen(root: RefObject<HTMLElement | null>): () => void {
  const pending = useRef(false);
  useLayoutEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    if (!window.matchMedia(PHONE).matches) return;
    if (!focusLost() && !document.activeElement?.closest('.list-pane')) return;
    root.current?.querySelector<HTMLElement>(':scope > .detail-pane > .back-to-list')?.focus();
  });
  return useCallback(() => {
    pending.current = true;
  }, []);
}
