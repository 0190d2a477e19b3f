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
  /** Shows `item` (one of the list's, out of view) in the middle of the list and lets go of the end, as if the reader had scrolled there. */
  showItem(item: HTMLElement): void;
};

/** How long after the reader's own input (wheel, touch, a key, the scrollbar) a scroll is theirs. */
const READER_INPUT_MS = 1_000;
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/**
 * `ready`: the list is rendered; `items`: what changes when items come or go (the newest one's id, say: a list
 * that shows its newest N keeps its count as the oldest leaves), each change observing the new ones.
 */
export function useStickToBottom(list: RefObject<HTMLElement | null>, ready: boolean, items: unknown): StickToBottom {
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
    // A scroll the reader made: only that lets go of the end. One the layout made (the browser keeping the view in
    // place as the oldest item leaves the top of a full list) is not the reader going up.
    let readerAt = -Infinity;
    let dragging = false;
    const reader = () => { readerAt = performance.now(); };
    const onKey = (event: KeyboardEvent) => { if (SCROLL_KEYS.has(event.key)) reader(); };
    const onPointerDown = () => { dragging = true; reader(); };
    const onPointerUp = () => { dragging = false; };
    const onScroll = () => {
      if (pinned.current && !dragging && performance.now() - readerAt > READER_INPUT_MS) return stick();
      pinned.current = stillPinned(pinned.current, lastTop.current, { top: element.scrollTop, height: element.scrollHeight, client: element.clientHeight });
      lastTop.current = element.scrollTop;
      setShownPinned(pinned.current);
    };
    // The list's box (the header above it grew, the window shrank) and each item's (one came, or grew).
    const resized = new ResizeObserver(stick);
    resized.observe(element);
    for (const item of element.children) resized.observe(item);
    element.addEventListener('scroll', onScroll, { passive: true });
    element.addEventListener('wheel', reader, { passive: true });
    element.addEventListener('touchmove', reader, { passive: true });
    element.addEventListener('keydown', onKey);
    element.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pointerup', onPointerUp);
    stick();
    return () => {
      resized.disconnect();
      element.removeEventListener('scroll', onScroll);
      element.removeEventListener('wheel', reader);
      element.removeEventListener('touchmove', reader);
      element.removeEventListener('keydown', onKey);
      element.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pointerup', onPointerUp);
    };
  }, [list, ready, items]);
  const jumpToEnd = useCallback(() => {
    const element = list.current;
    if (!element) return;
    pinned.current = true;
    element.scrollTop = element.scrollHeight;
    lastTop.current = element.scrollTop;
    setShownPinned(true);
  }, [list]);
  const showItem = useCallback((item: HTMLElement) => {
    const element = list.current;
    if (!element) return;
    const [box, view] = [item.getBoundingClientRect(), element.getBoundingClientRect()];
    if (box.top >= view.top && box.bottom <= view.bottom) return;
    pinned.current = false;
    element.scrollTop += box.top - view.top - (view.height - box.height) / 2;
    lastTop.current = element.scrollTop;
    setShownPinned(false);
  }, [list]);
  return { pinned: shownPinned, jumpToEnd, showItem };
}
