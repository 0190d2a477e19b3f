// Keeps a scrolling list at its end, the newest item shown in full, while its reader is there: as items come
// and through later layout changes (what loads above it, a resized window, an item that grows). Once the reader
// scrolls up to read what came before, nothing moves the view until they scroll back to the end (or jump there).
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** How far from the end still counts as at it (fractional scroll positions round either way). */
const SLACK_PX = 2;

export type ScrollFacts = { top: number; height: number; client: number };

/**
 * Whether the list stays pinned to its end after a scroll event: pinned at the end, unpinned by a move up.
 * A scroll that did not go up (the list's own scroll to its end, read after the header grew) changes nothing.
 */
export function stillPinned(pinned: boolean, lastTop: number, now: ScrollFacts): boolean {
  if (now.height - now.top - now.client <= SLACK_PX) return true;
  return now.top < lastTop ? false : pinned;
}

export type StickToBottom = {
  /** Whether the list keeps to its end: false from the reader's scroll up until they are back at the end. */
  pinned: boolean;
  /** Shows the end at once and keeps to it again, as if the reader had scrolled there. */
  jumpToEnd(): void;
};

/** `ready`: the list is rendered; `count`: its items (each change observes the new ones). */
export function useStickToBottom(list: RefObject<HTMLElement | null>, ready: boolean, count: number): StickToBottom {
  const pinned = useRef(true);
  const lastTop = useRef(0);
  // The ref decides within a frame (a scroll event, a resize); the state tells the page (a render only on a change).
  const [shownPinned, setShownPinned] = useState(true);
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const stick = () => {
      if (pinned.current) element.scrollTop = element.scrollHeight;
      lastTop.current = element.scrollTop;
    };
    const onScroll = () => {
      pinned.current = stillPinned(pinned.current, lastTop.current, { top: element.scrollTop, height: element.scrollHeight, client: element.clientHeight });
      lastTop.current = element.scrollTop;
      setShownPinned(pinned.current);
    };
    // The list's box (the header above it grew, the window shrank) and each item's (one came, or grew).
    const resized = new ResizeObserver(stick);
    resized.observe(element);
    for (const item of element.children) resized.observe(item);
    element.addEventListener('scroll', onScroll, { passive: true });
    stick();
    return () => {
      resized.disconnect();
      element.removeEventListener('scroll', onScroll);
    };
  }, [list, ready, count]);
  const jumpToEnd = useCallback(() => {
    const element = list.current;
    if (!element) return;
    pinned.current = true;
    element.scrollTop = element.scrollHeight;
    lastTop.current = element.scrollTop;
    setShownPinned(true);
  }, [list]);
  return { pinned: shownPinned, jumpToEnd };
}
