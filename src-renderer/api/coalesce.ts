// Live invalidations, coalesced: a query key is reloaded at once for the first event, then at most once per
// window while events keep coming. A campaign's thousands of message events become a few reloads instead of
// one per event (each cancelling the reload before it, so none finished while the flood lasted).
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

export type Timers = { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void };
const realTimers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) };

type Reloader = Pick<QueryClient, 'invalidateQueries' | 'cancelQueries' | 'isFetching'>;

export function coalescedInvalidator(client: Reloader, windowMs: number, timers: Timers = realTimers) {
  return coalesced((queryKey) => reloadAfterEvent(client, queryKey), windowMs, timers);
}

/**
 * Reads the key's queries again, each one answering after the event. A query's first read still in flight may have
 * been answered before the event, and TanStack's refetch waits on that read rather than making another (it cancels
 * a read in flight only for a query that already has data): its answer would stand, stale, until the next event. A
 * webhook test's line stayed "Queued" so when its delivery succeeded while the line's first read was on its way.
 * Such reads are cancelled, then every query of the key is invalidated.
 */
export function reloadAfterEvent(client: Reloader, queryKey: QueryKey): void {
  const firstReads = { queryKey, fetchStatus: 'fetching' as const, predicate: (query: Query) => query.state.data === undefined };
  if (client.isFetching(firstReads) === 0) {
    void client.invalidateQueries({ queryKey });
    return;
  }
  void client.cancelQueries(firstReads).then(() => client.invalidateQueries({ queryKey }));
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
