// The live stream's coalesced invalidations, on a hand-driven timer.
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { coalescedInvalidator, reloadAfterEvent, type Timers } from './coalesce.ts';

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
    const live = coalescedInvalidator({ invalidateQueries: async ({ queryKey }: { queryKey?: QueryKey } = {}) => void reloads.push(queryKey ?? []), isFetching: () => 0, cancelQueries: async () => undefined }, 250, clock.timers);
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

describe('a reload after an event', () => {
  /** A query shown on screen whose reads the test answers by hand, in order; `truth` is what the core holds. */
  function shownQuery() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const core = { truth: 'PENDING', reads: [] as Array<{ answer(): void }> };
    const observer = new QueryObserver(client, {
      queryKey: ['webhook-delivery', 'whd_1'],
      // The core answers when asked; the answer reaches the console when the test says so.
      queryFn: () => {
        const seen = core.truth;
        return new Promise<string>((resolve) => core.reads.push({ answer: () => resolve(seen) }));
      },
    });
    const shown: string[] = [];
    const unsubscribe = observer.subscribe((result) => void (result.data !== undefined && shown.push(result.data)));
    return { client, core, shown, unsubscribe };
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("reads again when the event comes while the query's first read, asked before it, is still on its way", async () => {
    const { client, core, shown, unsubscribe } = shownQuery();
    expect(core.reads).toHaveLength(1);
    core.truth = 'SUCCEEDED';
    reloadAfterEvent(client, ['webhook-delivery']);
    await settled();
    core.reads[0]?.answer();
    await settled();
    // The first read was given up: the second, asked after the event, is the one shown.
    expect(core.reads).toHaveLength(2);
    core.reads[1]?.answer();
    await settled();
    expect(shown.at(-1)).toBe('SUCCEEDED');
    unsubscribe();
  });

  it('reads a query that already has data again as usual', async () => {
    const { client, core, shown, unsubscribe } = shownQuery();
    core.reads[0]?.answer();
    await settled();
    expect(shown).toEqual(['PENDING']);
    core.truth = 'SUCCEEDED';
    reloadAfterEvent(client, ['webhook-delivery']);
    await settled();
    core.reads[1]?.answer();
    await settled();
    expect([core.reads.length, shown.at(-1)]).toEqual([2, 'SUCCEEDED']);
    unsubscribe();
  });
});
