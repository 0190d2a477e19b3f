// A burst of the stream's events reloads a slowly read key (the Overview, the request log) once on its way and once
// after it, through connectLive's own handlers; other keys as before, once a window.
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestLogEntry } from '../../src-core/contract/index.ts';
import { connectLive } from './live.ts';

/** A socket the test emits the core's events on. */
function fakeSocket() {
  const listeners = new Map<string, Array<(payload: unknown) => void>>();
  const socket = {
    on: (event: string, listener: (payload: unknown) => void) => void listeners.set(event, [...(listeners.get(event) ?? []), listener]),
    emit: () => undefined,
    disconnect: () => undefined,
  };
  return { socket, send: (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload)) };
}

/** A query shown on the page whose reads the core answers only when the test says so (the core under load). */
function shown(client: QueryClient, queryKey: QueryKey) {
  const reads: Array<() => void> = [];
  const observer = new QueryObserver(client, { queryKey, queryFn: () => new Promise<number>((resolve) => reads.push(() => resolve(reads.length))) });
  const unsubscribe = observer.subscribe(() => undefined);
  let answered = 0;
  const answerAll = () => {
    while (answered < reads.length) reads[answered++]?.();
  };
  return { reads, answerAll, onItsWay: () => reads.length - answered, unsubscribe };
}

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('a burst of request:logged', () => {
  it('reloads the Overview and the request log once while the reload is on its way and once after it; the endpoints once a window', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const overview = shown(client, ['overview']);
    const requestLog = shown(client, ['request-log', 'page', {}]);
    const endpoints = shown(client, ['webhooks']);
    const mostOnItsWay = { overview: 0, requestLog: 0 };
    // The pages' first reads, answered.
    for (const query of [overview, requestLog, endpoints]) query.answerAll();
    await vi.advanceTimersByTimeAsync(0);
    const { socket, send } = fakeSocket();
    const stop = connectLive({ baseUrl: 'http://core.test', token: 't' }, 'org_1', client, () => undefined, undefined, () => socket as never);
    // 500 integrator changes to webhook endpoints over 10 reload windows, the core answering none of the reloads meanwhile.
    const entry: Pick<RequestLogEntry, 'method' | 'endpoint' | 'statusCode'> = { method: 'POST', endpoint: '/v1/webhooks', statusCode: 201 };
    for (let window = 0; window < 10; window++) {
      for (let i = 0; i < 50; i++) send('request:logged', entry);
      await vi.advanceTimersByTimeAsync(300);
      mostOnItsWay.overview = Math.max(mostOnItsWay.overview, overview.onItsWay());
      mostOnItsWay.requestLog = Math.max(mostOnItsWay.requestLog, requestLog.onItsWay());
    }
    // Then the core answers, each reload as it comes, until nothing more is asked.
    for (let round = 0; round < 5; round++) {
      for (const query of [overview, requestLog, endpoints]) query.answerAll();
      await vi.advanceTimersByTimeAsync(300);
    }
    const reloads = (query: { reads: unknown[] }) => query.reads.length - 1;
    // Before (a reload a window, each cancelling the one on its way; the core still answering each): 11 and 11, all 11 on their way at once.
    expect({ reloads: { overview: reloads(overview), requestLog: reloads(requestLog) }, mostOnItsWay })
      .toEqual({ reloads: { overview: 2, requestLog: 2 }, mostOnItsWay: { overview: 1, requestLog: 1 } });
    // Another key keeps the window alone, as before: once at the burst's start, then once per window it lasted.
    expect(reloads(endpoints)).toBe(11);
    stop();
    for (const query of [overview, requestLog, endpoints]) query.unsubscribe();
  });
});
