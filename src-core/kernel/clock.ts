// The one source of time: real time plus a persisted offset (virtual time), or a manual clock for tests.

export interface Clock {
  /** Milliseconds since the epoch, on the virtual timeline. */
  now(): number;
  nowIso(): string;
  /** Moves virtual time forward to `ms` (never backwards). */
  setTo(ms: number): void;
  /**
   * Moves virtual time forward to run at least `offsetMs` ahead of real time (never backwards). Set as an offset,
   * not as a point computed from an earlier reading of real time, it loses no millisecond ticking in between.
   */
  runAhead(offsetMs: number): void;
  /** Offset of virtual time over real time, in ms (persisted so a restart keeps virtual time). */
  offset(): number;
  /** A real-time timer, for infrastructure only (flushing buffers, waking the job runner). */
  realTimeout(fn: () => void, ms: number): { cancel(): void };
  realNow(): number;
  /**
   * Wall-clock unix seconds, whatever virtual time says: for what a party outside compares with its own
   * clock (a webhook signature's `t`). Injectable (`wallNow` in the mode) for tests.
   */
  wallSeconds(): number;
  /** Whether virtual time moves on its own, with real time (false: a manual clock, moved only by setTo). */
  readonly running: boolean;
  /**
   * Stops virtual time moving on its own until `release` (an advance steps it from one due time to the next,
   * each job at its own time, not a little later by the real time the jobs before took). Released, it moves on
   * from where it was held; `setTo` still moves it meanwhile. A manual clock is always held.
   */
  hold(): { release(): void };
}

/** `wallNow`: the wall-clock reading behind `wallSeconds` (tests pin it); default `Date.now`. */
export type ClockMode = ({ kind: 'real'; offsetMs?: number } | { kind: 'manual'; startMs: number }) & { wallNow?: () => number };

export function createClock(mode: ClockMode): Clock {
  let virtualOffset = mode.kind === 'real' ? (mode.offsetMs ?? 0) : 0;
  let manualNow = mode.kind === 'manual' ? mode.startMs : 0;
  const wallNow = mode.wallNow ?? Date.now;
  /** Virtual time while held (see `hold`), else null. */
  let heldAt: number | null = null;
  const now = (): number => (mode.kind === 'manual' ? manualNow : heldAt ?? Date.now() + virtualOffset);
  // A send asks for the time a dozen times within the same millisecond: the string is made once per ms.
  let isoAt = Number.NaN;
  let iso = '';
  return {
    now,
    nowIso: () => {
      const ms = now();
      if (ms !== isoAt) {
        isoAt = ms;
        iso = new Date(ms).toISOString();
      }
      return iso;
    },
    setTo(ms) {
      const current = now();
      if (ms <= current) return;
      if (mode.kind === 'manual') manualNow = ms;
      else if (heldAt !== null) heldAt = ms;
      else virtualOffset += ms - current;
    },
    runAhead(offsetMs) {
      if (mode.kind === 'manual') manualNow = Math.max(manualNow, Date.now() + offsetMs);
      else if (heldAt !== null) heldAt = Math.max(heldAt, Date.now() + offsetMs);
      else virtualOffset = Math.max(virtualOffset, offsetMs);
    },
    offset: () => (mode.kind === 'manual' ? manualNow - Date.now() : heldAt !== null ? heldAt - Date.now() : virtualOffset),
    realTimeout(fn, ms) {
      const handle = setTimeout(fn, ms);
      handle.unref?.();
      return { cancel: () => clearTimeout(handle) };
    },
    realNow: () => Date.now(),
    wallSeconds: () => Math.floor(wallNow() / 1000),
    running: mode.kind === 'real',
    hold() {
      if (mode.kind === 'manual' || heldAt !== null) return { release: () => undefined };
      heldAt = now();
      return {
        release: () => {
          if (heldAt === null) return;
          virtualOffset = heldAt - Date.now();
          heldAt = null;
        },
      };
    },
  };
}

export const toIso = (ms: number): string => new Date(ms).toISOString();
