// Tells an advance of the clock's own work from the work requests do meanwhile. An advance runs the jobs that fall
// due in its window, each job's events settle, and what those make (the next slice of a campaign, a receipt, a
// webhook delivery) is the advance's too: past its budget under load, it still runs all of that, and leaves only the
// work that requests keep adding to the runner (see `drain` in jobs.ts). The mark follows the work through its awaits
// (AsyncLocalStorage). It is on only while an advance runs: on Node 20 it costs every promise while it is on.
import { AsyncLocalStorage } from 'node:async_hooks';

const work = new AsyncLocalStorage<true>();
/** Advances under way (servers of one process, in tests, each have theirs). */
let advances = 0;

export const advanceWork = {
  /** While `body` runs (its awaits too), the work is an advance's. */
  begin<T>(body: () => Promise<T>): Promise<T> {
    advances++;
    return body().finally(() => {
      // Off once no advance is left, so requests never pay for the mark.
      if (--advances === 0) work.disable();
    });
  },
  /** Runs `fn` as an advance's work: what it schedules and emits is the advance's (only while one is under way). */
  run<T>(fn: () => T): T {
    return advances > 0 ? work.run(true, fn) : fn();
  },
  /** Runs `fn` as no advance's work (a request's event, dispatched by a flush an advance started). */
  outside<T>(fn: () => T): T {
    return advances > 0 ? work.exit(fn) : fn();
  },
  /** Whether the code running now is an advance's work. */
  current: (): boolean => work.getStore() === true,
};
