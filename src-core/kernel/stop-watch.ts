// A stop that takes long says what it waits for: each step of the server's close is named, and past a few seconds
// the step still under way is logged (again every few seconds), so a stop that hangs (SIGTERM with no exit, a test's
// close timing out) tells which part holds it instead of nothing.
import type { Clock } from './clock.ts';

/** How long (real ms) a step may take before it is logged, and how often after. */
export const STOP_WATCH_MS = 5_000;

export function watchStop(deps: { clock: Clock; log: (msg: string) => void; everyMs?: number }) {
  const everyMs = deps.everyMs ?? STOP_WATCH_MS;
  const began = deps.clock.realNow();
  let current = 'the start of the stop';
  let timer: { cancel(): void } | null = null;
  const remind = (): void => {
    deps.log(`stop: still waiting for ${current} after ${Math.round((deps.clock.realNow() - began) / 1000)} s`);
    timer = deps.clock.realTimeout(remind, everyMs);
  };
  timer = deps.clock.realTimeout(remind, everyMs);
  return {
    /** Runs the stop's step `name` (awaited), named in the log while it holds the stop. */
    async step<T>(name: string, work: () => T | Promise<T>): Promise<T> {
      current = name;
      return work();
    },
    /** The stop is over: nothing more is logged. */
    done(): void {
      timer?.cancel();
      timer = null;
    },
  };
}
