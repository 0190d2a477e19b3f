// The demo's story in time: on a new database the seed starts two hours back on the virtual clock and plays
// its conversations forward, minutes apart, so the inbox reads like a morning's work; it ends at now.
import type { Clock } from '../../kernel/clock.ts';

export const DEMO_STORY_MS = 2 * 3600 * 1000;

export type DemoStory = {
  /** Moves the virtual clock to `minutesAgo` before now (never back), running whatever falls due on the way. */
  at(minutesAgo: number): Promise<void>;
  /** Runs `step` once the story has reached now: fixtures that must still be pending (reviews, a waiting code). */
  last(step: () => unknown): void;
  /** Brings the clock to now and runs the `last` steps. */
  finish(): Promise<void>;
};

/**
 * A story on `clock`, which started DEMO_STORY_MS behind `baseOffsetMs`; `advance` moves the clock and runs
 * due jobs. Without a clock to play on (`null`: an existing database, tests' manual clock) everything
 * happens now, the `last` steps at the end.
 */
export function createDemoStory(timeline: { clock: Clock; baseOffsetMs: number; advance(ms: number): Promise<void> } | null): DemoStory {
  const steps: Array<() => unknown> = [];
  const at = async (minutesAgo: number): Promise<void> => {
    if (!timeline) return;
    const { clock } = timeline;
    const behind = () => timeline.baseOffsetMs - minutesAgo * 60_000 - clock.offset();
    // An advance ends its full time ahead of real time, however long its jobs take: one round reaches the point.
    // The loop is only a guard.
    for (let round = 0; round < 3 && behind() > 0; round++) await timeline.advance(behind());
  };
  return {
    at,
    last: (step) => void steps.push(step),
    async finish() {
      await at(0);
      for (const step of steps.splice(0)) await step();
    },
  };
}
