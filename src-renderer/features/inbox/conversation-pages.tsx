// The inbox's conversations a page at a time: the rows of the pages loaded, how many of how many are shown, and the
// foot of the list that loads the next page, as the agent scrolls to it or presses it.
import { useEffect, useRef, type RefObject } from 'react';
import type { Conversation, ConversationState, ListEnvelope } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';

/**
 * The rows of the loaded pages, each conversation once: pages are read by offset, so one that moved up between two
 * page reads (a new message) can be on both, and is shown where it now is, the higher.
 */
export function conversationRows(pages: readonly ListEnvelope<Conversation>[] | undefined): Conversation[] {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) => page.data).filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
}

/**
 * How many conversations there are, and how many of them are listed while not all are (the Open list's are not named
 * open; the Snoozed and Resolved lists' are).
 */
export function countSaying(shown: number, total: number, searching: boolean, state: ConversationState = 'open'): string {
  const noun = `${searching ? 'matching ' : ''}${state === 'open' ? '' : `${state} `}conversation${total === 1 ? '' : 's'}`;
  return shown < total ? `${shown.toLocaleString()} of ${total.toLocaleString()} ${noun}` : `${total.toLocaleString()} ${noun}`;
}

/** How near the end of the list (in pixels) the next page starts to load, so a steady scroll rarely waits at the end. */
const AHEAD_PX = 400;

/**
 * At the end of the list while conversations remain: loads the next page when pressed, or when scrolled to within
 * `AHEAD_PX` of the end of `scroller`. Watched only while nothing is being read (`busy`: a page, a live reload of
 * those loaded, or a live read of the first page), and afresh after each read, so a page too short to move it out of
 * reach is followed by the next. After a failed read only the button tries again: a failing read is not repeated on
 * every scroll. Focused, it loads only when pressed.
 */
export function LoadMoreConversations({ scroller, busy, loading, error, onLoad }: {
  scroller: RefObject<HTMLElement | null>; busy: boolean; loading: boolean; error: Error | null; onLoad(): void;
}) {
  const foot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = scroller.current;
    const target = foot.current;
    if (busy || error || !root || !target) return;
    const observer = new IntersectionObserver((entries) => {
      // Tabbing to the button brings it into view: the keyboard's user then loads with it, one page a press.
      if (entries.some((entry) => entry.isIntersecting) && !target.contains(document.activeElement)) onLoad();
    }, { root, rootMargin: `0px 0px ${AHEAD_PX}px 0px` });
    observer.observe(target);
    return () => observer.disconnect();
  }, [scroller, busy, error, onLoad]);
  return (
    <div className="list-more" ref={foot}>
      <Button type="button" className="button ghost" data-testid="load-more-conversations" disabled={loading} onClick={onLoad}>
        {loading ? 'Loading more conversations…' : 'Load more conversations'}
      </Button>
      {error ? <span className="field-error" role="alert" data-testid="load-more-error">More conversations did not load: {error.message}</span> : null}
    </div>
  );
}
