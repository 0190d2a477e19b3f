// The stop watch: a step that holds a stop is named in the log until it ends; a quick stop logs nothing.
import { describe, expect, it } from 'vitest';
import { createClock } from './clock.ts';
import { watchStop } from './stop-watch.ts';

const clock = createClock({ kind: 'manual', startMs: 0 });
const after = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('watchStop', () => {
  it('logs the step still under way every interval until the stop is done, then nothing', async () => {
    const logs: string[] = [];
    const stop = watchStop({ clock, log: (msg) => logs.push(msg), everyMs: 20 });
    await stop.step('quick', () => undefined);
    let release = (): void => undefined;
    const slow = stop.step('the slow part', () => new Promise<void>((resolve) => (release = resolve)));
    while (logs.length < 2) await after(5);
    release();
    await slow;
    stop.done();
    const seen = logs.length;
    await after(60);
    expect(logs.length).toBe(seen);
    expect(logs.slice(0, 2).map((line) => line.replace(/after \d+ s$/, 'after N s'))).toEqual([
      'stop: still waiting for the slow part after N s', 'stop: still waiting for the slow part after N s',
    ]);
  });

  it('logs nothing for a stop done within the interval, and passes on what a step returns', async () => {
    const logs: string[] = [];
    const stop = watchStop({ clock, log: (msg) => logs.push(msg), everyMs: 20 });
    expect(await stop.step('an answer', async () => 42)).toBe(42);
    stop.done();
    await after(60);
    expect(logs).toEqual([]);
  });
});
