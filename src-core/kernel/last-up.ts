// When this process was last known up, on the virtual clock: noted in the database whenever the clock is saved (each
// step of an advance, the stop) and every few seconds of real time, so the next start knows about when a process
// that was killed stopped (what it left in the middle of, such as a voice room with apps in it, ends then).
import type { Clock } from './clock.ts';

const NOTE_EVERY_MS = 5_000;
/** The setting it is noted under (virtual ms since the epoch). */
export const LAST_UP_KEY = 'clock_last_up_ms';

type Settings = { getSetting(key: string): string | undefined; setSetting(key: string, value: string): void };

export function createLastUp(deps: { clock: Clock; settings: Settings; everyMs?: number }) {
  const saved = Number(deps.settings.getSetting(LAST_UP_KEY));
  let timer: { cancel(): void } | null = null;
  /** Only a serving process notes (from `start`): a CLI command's core opened beside it, or after it, is not it being up. */
  let serving = false;
  const note = (): void => {
    if (serving) deps.settings.setSetting(LAST_UP_KEY, String(deps.clock.now()));
  };
  const tick = (): void => {
    note();
    timer = deps.clock.realTimeout(tick, deps.everyMs ?? NOTE_EVERY_MS);
  };
  return {
    /** When the previous process on this database was last known up (null: never noted, a database older than the note). */
    previousMs: Number.isFinite(saved) && saved > 0 ? saved : null,
    note,
    start(): void {
      serving = true;
      tick();
    },
    /** Stops the real-time notes (the stop's own note is the clock's save). */
    stop(): void {
      timer?.cancel();
      timer = null;
    },
  };
}
