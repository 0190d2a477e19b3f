// Live invalidations, coalesced: a query key is reloaded at once for the first event, then at most once per
// window while events keep coming. A campaign's thousands of message events become a few reloads instead of
// one per event (each cancelling the reload before it, so none finished while the flood lasted). A key read slowly
// under load can also wait for its reload's answer (`oneInFlight`): a burst is then one reload on its way and one after,
// but never longer than IN_FLIGHT_HOLD_MS (a reload that never answers would otherwise stop the key's live reloads).
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

export type Timers = { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void };
const realTimers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) };

type Reloader = Pick<QueryClient, 'invalidateQueries' | 'cancelQueries' | 'isFetching'>;

/**
 * How long a reload on its way holds its key (`oneInFlight`): one not answered by then (a request the network lost, a
 * core that stopped answering it) no longer holds the next, which the events waiting meanwhile then ask at once.
 */
export const IN_FLIGHT_HOLD_MS = 15_000;

export type CoalesceOptions = {
  /**
   * A reload still on its way holds the next until it is answered, as well as the window: one in flight at most, and one
   * after it for every event that came meanwhile. Without it a reload slower than the window was cancelled by the next
   * (the core still answering each) and asked again, window after window, while the events kept coming. Held at most
   * IN_FLIGHT_HOLD_MS.
   */
  oneInFlight?: boolean;
};

export function coalescedInvalidator(client: Reloader, windowMs: number, timers: Timers = realTimers, options: CoalesceOptions = {}) {
  return coalesced((queryKey) => reloadAfterEvent(client, queryKey), windowMs, timers, options);
}

/**
 * Reads the key's queries again, each one answering after the event. A query's first read still in flight may have
 * been answered before the event, and TanStack's refetch waits on that read rather than making another (it cancels
 * a read in flight only for a query that already has data): its answer would stand, stale, until the next event. A
 * webhook test's line stayed "Queued" so when its delivery succeeded while the line's first read was on its way.
 * Such reads are cancelled, then every query of the key is invalidated.
 */
export function reloadAfterEvent(client: Reloader, queryKey: QueryKey): Promise<void> {
  const firstReads = { queryKey, fetchStatus: 'fetching' as const, predicate: (query: Query) => query.state.data === undefined };
  if (client.isFetching(firstReads) === 0) return client.invalidateQueries({ queryKey });
  return client.cancelQueries(firstReads).then(() => client.invalidateQueries({ queryKey }));
}

/**
 * `reload` run for a key as invalidations are above: at once, then at most once per window while events keep coming;
 * with `oneInFlight`, also never while the key's last reload (the promise `reload` returns) is still on its way.
 */
export function coalesced(reload: (queryKey: QueryKey) => unknown, windowMs: number, timers: Timers = realTimers, { oneInFlight = false }: CoalesceOptions = {}) {
  /** Keys reloaded lately: until the window since the reload has passed (and its answer came); `waiting`, events came since. */
  // `held`: the timer that ends the hold of a reload on its way (IN_FLIGHT_HOLD_MS), cleared by its answer.
  const reloaded = new Map<string, { handle: unknown; held: unknown; windowOpen: boolean; onItsWay: boolean; waiting: boolean }>();

  function start(id: string, queryKey: QueryKey): void {
    const slot = { handle: undefined as unknown, held: undefined as unknown, windowOpen: true, onItsWay: oneInFlight, waiting: false };
    reloaded.set(id, slot);
    const free = () => {
      if (reloaded.get(id) !== slot || slot.windowOpen || slot.onItsWay) return;
      reloaded.delete(id);
      // Events came meanwhile: reload once now, and keep coalescing.
      if (slot.waiting) start(id, queryKey);
    };
    /** The reload answered, or it has been on its way too long to hold the key (its late answer then changes nothing). */
    const answered = () => {
      if (!slot.onItsWay) return;
      slot.onItsWay = false;
      timers.clear(slot.held);
      free();
    };
    slot.handle = timers.set(() => {
      slot.windowOpen = false;
      free();
    }, windowMs);
    if (oneInFlight) slot.held = timers.set(answered, IN_FLIGHT_HOLD_MS);
    const reloading = reload(queryKey);
    if (oneInFlight) void Promise.resolve(reloading).catch(() => undefined).then(answered);
  }

  return {
    invalidate(queryKey: QueryKey): void {
      const id = JSON.stringify(queryKey);
      const slot = reloaded.get(id);
      if (slot) slot.waiting = true;
      else start(id, queryKey);
    },
    /** Drops what is waiting (the socket is closed): a reload answered after it starts no other. */
    stop(): void {
      for (const slot of reloaded.values()) {
        timers.clear(slot.handle);
        timers.clear(slot.held);
      }
      reloaded.clear();
    },
  };
}
