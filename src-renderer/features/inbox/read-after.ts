// When an open thread counts as read. One opened on purpose (a click, Enter) is read at once; one the arrow keys
// pass through while the agent looks for another is read only once it has stayed on screen a moment, as mail
// clients' "mark as read after N seconds": stepping past a conversation leaves its unread messages unread.
import { useEffect, useState } from 'react';

/** How long a thread reached with the arrow keys must stay shown before it counts as read. */
export const BROWSED_READ_AFTER_MS = 1500;

/**
 * Whether the thread has been read by now: at once when `afterMs` is 0, otherwise once it has been `shown` for
 * `afterMs` without a break (a remount, as the inbox keys threads by conversation, starts over). `afterMs` turning 0
 * (Enter on the row the arrows reached) reads it at once.
 */
export function useReadAfter(afterMs: number, shown: boolean): boolean {
  const [stayed, setStayed] = useState(false);
  useEffect(() => {
    if (afterMs === 0 || !shown || stayed) return undefined;
    const timer = setTimeout(() => setStayed(true), afterMs);
    return () => clearTimeout(timer);
  }, [afterMs, shown, stayed]);
  return afterMs === 0 || stayed;
}
