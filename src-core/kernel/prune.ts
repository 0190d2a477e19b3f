// Removing what is kept only for a while (request log entries, idempotency keys, webhook deliveries, dispatched
// events) on a path that runs anyway, with no timer of its own: at most once per `everyMs` of the clock, `chunk` rows
// at a time, so a backlog drains a chunk per call without holding the event loop; a full chunk looks again at once.
import type { Clock } from './clock.ts';

export type PruneOptions = {
  everyMs: number;
  chunk: number;
  /** Removes at most `limit` rows too old as of `now`; answers how many it removed. */
  remove: (now: number, limit: number) => number;
  /**
   * Told of a removal that failed, which then waits `everyMs` like an empty one. Without it the error is thrown to the
   * caller and the next call tries again.
   */
  onError?: (error: unknown) => void;
};

export function createPruner(clock: Clock, options: PruneOptions): () => void {
  let nextAt = 0;
  return function prune(): void {
    const now = clock.now();
    if (now < nextAt) return;
    try {
      const removed = options.remove(now, options.chunk);
      nextAt = removed === options.chunk ? now : now + options.everyMs;
    } catch (error) {
      if (!options.onError) throw error;
      nextAt = now + options.everyMs;
      options.onError(error);
    }
  };
}
