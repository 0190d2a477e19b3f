// The pruner: at most once per period of the clock, a chunk at a time, again at once after a full chunk; a failure
// is told and waits a period, or without a listener is thrown and tried again at the next call.
import { describe, expect, it } from 'vitest';
import { createClock } from './clock.ts';
import { createPruner } from './prune.ts';

describe('createPruner', () => {
  it('removes a chunk at most once a period, and again at once while chunks come back full', () => {
    const clock = createClock({ kind: 'manual', startMs: 0 });
    let left = 5;
    const calls: number[] = [];
    const prune = createPruner(clock, { everyMs: 1000, chunk: 2, remove: (now, limit) => {
      calls.push(now);
      const removed = Math.min(left, limit);
      left -= removed;
      return removed;
    } });
    for (let i = 0; i < 5; i++) prune();
    expect([calls.length, left]).toEqual([3, 0]); // 2, 2, then 1: not full, so it waits
    clock.setTo(999);
    prune();
    expect(calls.length).toBe(3);
    clock.setTo(1000);
    prune();
    expect(calls.length).toBe(4);
  });
  it('tells a failure and waits a period; without a listener throws it and tries again at the next call', () => {
    const clock = createClock({ kind: 'manual', startMs: 0 });
    const told: unknown[] = [];
    let tries = 0;
    const remove = () => {
      tries++;
      throw new Error('disk full');
    };
    const quiet = createPruner(clock, { everyMs: 1000, chunk: 2, remove, onError: (error) => told.push(error) });
    quiet();
    quiet();
    expect([tries, told.length]).toEqual([1, 1]);
    const loud = createPruner(clock, { everyMs: 1000, chunk: 2, remove });
    expect(loud).toThrow('disk full');
    expect(loud).toThrow('disk full');
    expect(tries).toBe(3);
  });
});
