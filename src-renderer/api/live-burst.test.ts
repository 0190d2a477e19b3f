// A burst of the stream's events reloads a slowly read key (the Overview, the request log, the webhook deliveries, the
// open delivery and the endpoints, the wallet, the thread, the handset) once on its way and once after it, through
// connectLive's own handlers; other keys as before, once a window.
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryAttemptEvent, Message, RequestLogEntry } from '../../src-core/contract/index.ts';
import { fakeSocket } from './fake-socket.ts';
import { connectLive } from './live.ts';

/** A query shown on the page whose reads the core answers only when the test says so (the core under load). */
function shown(client: QueryClient, queryKey: QueryKey) {
  const reads: Array<() => void> = [];
  // An empty page: what a thread's live message change is put in place in (`showMessageChange`) finds no message in it.
  const page = () => new Promise<{ data: never[] }>((resolve) => reads.push(() => resolve({ data: [] })));
  const observer = new QueryObserver(client, { queryKey, queryFn: page });
  const unsubscribe = observer.subscribe(() => undefined);
  let answered = 0;
  const answerAll = () => {
    while (answered < reads.length) reads[answered++]?.();
  };
  return { reads, answerAll, onItsWay: () => reads.length - answered, unsubscribe };
}

/**
 * The pages `keys` shown, then 500 of `event` over 10 reload windows with the core answering none of the reloads
 * meanwhile, then every reload answered as it comes until nothing more is asked: for each key, its reloads and the
 * most of them on their way at once.
 */
async function burst(event: string, payload: unknown, keys: Record<string, QueryKey>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const queries = Object.entries(keys).map(([name, key]) => ({ name, query: shown(client, key), most: 0 }));
  // The pages' first reads, answered.
  for (const { query } of queries) query.answerAll();
  await vi.advanceTimersByTimeAsync(0);
  const { socket, send } = fakeSocket();
  const stop = connectLive({ baseUrl: 'http://core.test', token: 't' }, 'org_1', client, () => undefined, undefined, () => socket as never);
  for (let window = 0; window < 10; window++) {
    for (let i = 0; i < 50; i++) send(event, payload);
    await vi.advanceTimersByTimeAsync(300);
    for (const q of queries) q.most = Math.max(q.most, q.query.onItsWay());
  }
  for (let round = 0; round < 5; round++) {
    for (const { query } of queries) query.answerAll();
    await vi.advanceTimersByTimeAsync(300);
  }
  stop();
  for (const { query } of queries) query.unsubscribe();
  return Object.fromEntries(queries.map(({ name, query, most }) => [name, { reloads: query.reads.length - 1, mostOnItsWay: most }]));
}

/** Once on its way and once after it. Before (a reload a window, each cancelling the one on its way; the core still answering each): 11, all on their way at once. */
const ONE_IN_FLIGHT = { reloads: 2, mostOnItsWay: 1 };
/** Another key keeps the window alone, as before: once at the burst's start, then once per window it lasted. */
const ONCE_A_WINDOW = { reloads: 11, mostOnItsWay: 11 };

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe('a burst of request:logged', () => {
  it('reloads the Overview, the request log and the endpoints once while the reload is on its way and once after it; the Simulator\'s scenarios once a window', async () => {
    // 500 integrator changes to webhook endpoints.
    const entry: Pick<RequestLogEntry, 'method' | 'endpoint' | 'statusCode'> = { method: 'POST', endpoint: '/v1/webhooks', statusCode: 201 };
    expect(await burst('request:logged', entry, { overview: ['overview'], requestLog: ['request-log', 'page', {}], endpoints: ['webhooks'], scenarios: ['scenarios'] }))
      .toEqual({ overview: ONE_IN_FLIGHT, requestLog: ONE_IN_FLIGHT, endpoints: ONE_IN_FLIGHT, scenarios: ONCE_A_WINDOW });
  });
});

describe('a burst of delivery:attempt', () => {
  it('reloads the deliveries, the open delivery and the endpoints (their last attempts too) once on its way and once after it; the endpoints a 410 removed once a window', async () => {
    // 500 attempts answered 410 (the one answer that also reloads another key).
    const attempt: DeliveryAttemptEvent = {
      deliveryId: 'dlv_1', endpointId: 'wh_1', eventId: 'evt_1', eventType: 'message.sent', attempt: 1, responseStatus: 410, error: null, latencyMs: 5, at: '2026-01-01T00:00:00.000Z',
    };
    expect(await burst('delivery:attempt', attempt, {
      deliveries: ['webhook-deliveries', null, null, 1], delivery: ['webhook-delivery', 'dlv_1'], endpoints: ['webhooks'],
      lastAttempts: ['webhooks', 'last-attempts'], gone: ['webhooks-gone'],
    })).toEqual({ deliveries: ONE_IN_FLIGHT, delivery: ONE_IN_FLIGHT, endpoints: ONE_IN_FLIGHT, lastAttempts: ONE_IN_FLIGHT, gone: ONCE_A_WINDOW });
  });
});

describe('a burst of message:updated', () => {
  it('reloads the wallet (its ledger too), the thread (its detail too) and the handset once on its way and once after it', async () => {
    // 500 receipts of one conversation's messages.
    const message = { id: 'msg_1', conversationId: 'cnv_1', channel: 'sms', source: 'CAMPAIGN', direction: 'outbound' } as Message;
    expect(await burst('message:updated', { message }, {
      wallet: ['wallet'], ledger: ['wallet', 'ledger', 1], thread: ['thread', 'cnv_1'], detail: ['thread', 'cnv_1', 'detail'], handset: ['handset', '+15550001'],
    })).toEqual({ wallet: ONE_IN_FLIGHT, ledger: ONE_IN_FLIGHT, thread: ONE_IN_FLIGHT, detail: ONE_IN_FLIGHT, handset: ONE_IN_FLIGHT });
  });
});
