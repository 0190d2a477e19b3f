// The live stream's coalesced invalidations, on a hand-driven timer.
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { coalescedInvalidator, type Timers } from './coalesce.ts';

function manualTimers() {
  const due: Array<{ fn: () => void; handle: number }> = [];
  let next = 0;
  const timers: Timers = {
    set: (fn) => {
      due.push({ fn, handle: ++next });
      return next;
    },
    clear: (handle) => void due.splice(due.findIndex((t) => t.handle === handle), 1),
  };
  /** Fires every timer set so far (one window passes). */
  const tick = () => due.splice(0).forEach((t) => t.fn());
  return { timers, tick, pending: () => due.length };
}

describe('coalesced invalidations', () => {
  it('reloads at once, then once per window while events keep coming, and stops when they do', () => {
    const reloads: QueryKey[] = [];
    const clock = manualTimers();
    const live = coalescedInvalidator({ invalidateQueries: async ({ queryKey }: { queryKey?: QueryKey } = {}) => void reloads.push(queryKey ?? []) }, 250, clock.timers);
    live.invalidate(['wallet']);
    expect(reloads).toEqual([['wallet']]);
    for (let i = 0; i < 500; i++) {
      live.invalidate(['wallet']);
      live.invalidate(['conversations', 'sms']);
    }
    expect(reloads).toEqual([['wallet'], ['conversations', 'sms']]);
    clock.tick();
    expect(reloads).toEqual([['wallet'], ['conversations', 'sms'], ['wallet'], ['conversations', 'sms']]);
    clock.tick();
    expect(reloads).toHaveLength(4);
    expect(clock.pending()).toBe(0);
    live.invalidate(['wallet']);
    expect(reloads).toHaveLength(5);
    live.stop();
    expect(clock.pending()).toBe(0);
  });
});
