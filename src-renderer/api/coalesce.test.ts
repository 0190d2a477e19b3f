// The live stream's coalesced invalidations, on a hand-driven timer.
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { coalesced, coalescedInvalidator, IN_FLIGHT_HOLD_MS, reloadAfterEvent, type Timers } from './coalesce.ts';

/**
 * Timers on a hand-driven clock: `tick` lets one window (`windowMs`) pass, `advance` any time; each timer fires once its
 * time has come, in order, so a window's timers and the longer hold of a reload on its way (IN_FLIGHT_HOLD_MS) are told apart.
 */
function manualTimers(windowMs: number) {
  const due: Array<{ fn: () => void; handle: number; at: number }> = [];
  let next = 0;
  let now = 0;
  const timers: Timers = {
    set: (fn, ms) => {
      due.push({ fn, handle: ++next, at: now + ms });
      return next;
    },
    clear: (handle) => {
      const index = due.findIndex((t) => t.handle === handle);
      if (index >= 0) due.splice(index, 1);
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const first = due.filter((t) => t.at <= until).sort((a, b) => a.at - b.at || a.handle - b.handle)[0];
      if (!first) break;
      due.splice(due.indexOf(first), 1);
      now = first.at;
      first.fn();
    }
    now = until;
  };
  /** One window passes: every window timer set so far fires. */
  const tick = () => advance(windowMs);
  return { timers, tick, advance, pending: () => due.length };
}

describe('coalesced invalidations', () => {
  it('reloads at once, then once per window while events keep coming, and stops when they do', () => {
    const reloads: QueryKey[] = [];
    const clock = manualTimers(250);
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

describe('coalesced invalidations, one in flight', () => {
  /** Reloads the test answers by hand, in order; `onItsWay` counts those not answered yet. */
  function slowReloads() {
    const asked: Array<{ queryKey: QueryKey; answer(): void; fail(): void }> = [];
    let answered = 0;
    const reload = (queryKey: QueryKey) => new Promise<void>((resolve, reject) => {
      asked.push({ queryKey, answer: () => { answered += 1; resolve(); }, fail: () => { answered += 1; reject(new Error('refused')); } });
    });
    return { asked, reload, onItsWay: () => asked.length - answered };
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  /** 500 events (a burst of `request:logged`) over 10 windows, while the first reload takes as long to be answered. */
  async function burst(oneInFlight: boolean) {
    const clock = manualTimers(300);
    const slow = slowReloads();
    const live = coalesced(slow.reload, 300, clock.timers, { oneInFlight });
    let mostOnItsWay = 0;
    for (let window = 0; window < 10; window++) {
      for (let i = 0; i < 50; i++) live.invalidate(['overview']);
      mostOnItsWay = Math.max(mostOnItsWay, slow.onItsWay());
      clock.tick();
      await settled();
    }
    while (slow.onItsWay() > 0 || clock.pending() > 0) {
      for (const reload of slow.asked) reload.answer();
      await settled();
      clock.tick();
      await settled();
    }
    return { reloads: slow.asked.length, mostOnItsWay };
  }

  it('a burst is one reload on its way and one after it (the window alone: one a window, each asked with the last on its way)', async () => {
    expect(await burst(true)).toEqual({ reloads: 2, mostOnItsWay: 1 });
    expect(await burst(false)).toEqual({ reloads: 11, mostOnItsWay: 10 });
  });

  it('still waits for the window when the answer comes first, and is free again once both passed, a refusal too', async () => {
    const clock = manualTimers(300);
    const slow = slowReloads();
    const live = coalesced(slow.reload, 300, clock.timers, { oneInFlight: true });
    live.invalidate(['request-log']);
    live.invalidate(['request-log']);
    slow.asked[0]?.fail();
    await settled();
    expect(slow.asked).toHaveLength(1);
    clock.tick();
    await settled();
    expect(slow.asked).toHaveLength(2);
    slow.asked[1]?.answer();
    await settled();
    clock.tick();
    await settled();
    // Nothing came meanwhile: the next event reloads at once.
    live.invalidate(['request-log']);
    expect(slow.asked).toHaveLength(3);
    // Stopped (the socket closed): an answer after it starts nothing.
    live.invalidate(['request-log']);
    live.stop();
    slow.asked[2]?.answer();
    await settled();
    expect([slow.asked.length, clock.pending()]).toEqual([3, 0]);
  });

  it('a reload never answered holds its key 15 s at most: what came meanwhile is reloaded then, and its late answer changes nothing', async () => {
    const clock = manualTimers(300);
    const slow = slowReloads();
    const live = coalesced(slow.reload, 300, clock.timers, { oneInFlight: true });
    live.invalidate(['overview']);
    clock.tick();
    await settled();
    live.invalidate(['overview']);
    // Windows pass, the first reload still on its way (never to be answered): nothing else is asked.
    clock.advance(IN_FLIGHT_HOLD_MS - 300 - 1);
    await settled();
    expect(slow.asked).toHaveLength(1);
    // 15 s after it was asked it no longer holds the key: the event that waited is reloaded.
    clock.advance(1);
    await settled();
    expect(slow.asked).toHaveLength(2);
    // The first one's answer, late, frees nothing: the second is on its way and holds the key as usual.
    slow.asked[0]?.answer();
    await settled();
    clock.tick();
    await settled();
    live.invalidate(['overview']);
    expect(slow.asked).toHaveLength(2);
    slow.asked[1]?.answer();
    await settled();
    expect(slow.asked).toHaveLength(3);
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
