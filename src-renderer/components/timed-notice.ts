// A notice that goes on its own (the inbox's undo notice, the notices of customers writing in): it stays `shownMs`
// once nothing holds it, held while the pointer is over it or the focus in it (time to read it and reach its
// buttons), and Escape closes it. Its element takes the handlers returned.
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

export function useTimedNotice(options: {
  shownMs: number;
  /** Called when its time is up (and on Escape, unless `onEscape` is given). */
  onExpire(): void;
  onEscape?(): void;
  /** Held also while this is true (an Undo under way). */
  busy?: boolean;
  /** A change of this starts its time again (what it says changed). */
  restartOn?: unknown;
}) {
  const [pointerIn, setPointerIn] = useState(false);
  const [focusIn, setFocusIn] = useState(false);
  const held = pointerIn || focusIn || Boolean(options.busy);
  const expire = useRef(options.onExpire);
  expire.current = options.onExpire;
  useEffect(() => {
    if (held) return undefined;
    const timer = setTimeout(() => expire.current(), options.shownMs);
    return () => clearTimeout(timer);
  }, [held, options.shownMs, options.restartOn]);
  return {
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      e.stopPropagation();
      (options.onEscape ?? options.onExpire)();
    },
    onFocus: () => setFocusIn(true),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusIn(false);
    },
    onPointerEnter: () => setPointerIn(true),
    onPointerLeave: () => setPointerIn(false),
  };
}
