// The lists of endpoints and deliveries (seed: "paginated list", "delivery log newest first"; their page sizes are not
// shown): newest first, 20 endpoints or 50 deliveries a page by default, at most 100, a larger limit clamped.
import { describe, expect, it } from 'vitest';
import { webhookSuite } from '../../testing/webhook-receiver.ts';

const suite = webhookSuite();
const { api, receiver } = suite;

describe('an endpoint\'s deliveries', () => {
  it('are listed newest first, 50 a page by default, at most 100 (a larger limit is clamped)', async () => {
    const r = await receiver();
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body.id as string;
    const tests: string[] = [];
    for (let i = 0; i < 101; i++) tests.push((await api('POST', `/v1/webhooks/${endpoint}/test`, {})).body.deliveryId as string);
    await suite.settle();
    const endpoints = await api('GET', '/v1/webhooks?limit=500');
    expect(endpoints.body.meta).toEqual({ total: 1, page: 1, limit: 100, totalPages: 1 });
    expect((await api('GET', '/v1/webhooks')).body.meta.limit).toBe(20);
    const first = await api('GET', `/v1/webhooks/${endpoint}/deliveries`);
    expect([first.body.data.length, first.body.meta]).toEqual([50, { total: 101, page: 1, limit: 50, totalPages: 3 }]);
    expect(first.body.data[0].id).toBe(tests.at(-1));
    const all = await api('GET', `/v1/webhooks/${endpoint}/deliveries?limit=1000&page=2`);
    expect([all.body.data.length, all.body.meta]).toEqual([1, { total: 101, page: 2, limit: 100, totalPages: 2 }]);
    expect(all.body.data[0].id).toBe(tests[0]);
  });
});
