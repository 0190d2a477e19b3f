// Live invalidations, coalesced: a query key is reloaded at once for the first event, then at most once per
// window while events keep coming. A campaign's thousands of message events become a few reloads instead of
// one per event (each cancelling the reload before it, so none finished while the flood lasted).
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export type Timers = { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void };
const realTimers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) };

export function coalescedInvalidator(client: Pick<QueryClient, 'invalidateQueries'>, windowMs: number, timers: Timers = realTimers) {
  return coalesced((queryKey) => void client.invalidateQueries({ queryKey }), windowMs, timers);
}

/** `reload` run for a key as invalidations are above: at once, then at most once per window while events keep coming. */
export function coalesced(reload: (queryKey: QueryKey) => void, windowMs: number, timers: Timers = realTimers) {
  /** Keys invalidated in the current window (reloaded at its start), and those waiting for its end. */
  const windows = new Map<string, { handle: unknown; waiting: boolean }>();

  function open(id: string, queryKey: QueryKey): void {
    const handle = timers.set(() => {
      const window = windows.get(id);
      windows.delete(id);
      // Events came during the window: reload once now, and keep coalescing for another window.
      if (window?.waiting) {
        reload(queryKey);
        open(id, queryKey);
      }
    }, windowMs);
    windows.set(id, { handle, waiting: false });
  }

  return {
    invalidate(queryKey: QueryKey): void {
      const id = JSON.stringify(queryKey);
      const window = windows.get(id);
      if (window) {
        window.waiting = true;
        return;
      }
      reload(queryKey);
      open(id, queryKey);
    },
    /** Drops what is waiting (the socket is closed). */
    stop(): void {
      for (const window of windows.values()) timers.clear(window.handle);
      windows.clear();
    },
  };
}
