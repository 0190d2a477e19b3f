// The last attempt made to each endpoint, test or real, as the console reads it for an endpoint card's health
// (GET /dashboard/webhooks/last-attempts): over real HTTP to real receivers on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { endpointLastAttemptsSchema, type EndpointLastAttempt } from '../../contract/webhooks.ts';
import { webhookSuite } from '../../testing/webhook-receiver.ts';

const suite = webhookSuite();
const { api, receiver, settle } = suite;
const lastAttempts = async (query = ''): Promise<EndpointLastAttempt[]> => {
  const res = await suite.server().dashboard('GET', `/dashboard/webhooks/last-attempts${query}`);
  expect(res.status).toBe(200);
  return endpointLastAttemptsSchema.parse(res.body).data;
};
const lastOf = async (endpointId: string) => (await lastAttempts()).find((a) => a.endpointId === endpointId);

describe('GET /dashboard/webhooks/last-attempts', () => {
  it("follows an endpoint's latest attempt, test or retry: failed with its answer, then succeeded once one gets through", async () => {
    const r = await receiver(500);
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body as { id: string };
    const untried = (await api('POST', '/v1/webhooks', { url: (await receiver(200)).url, events: ['form.submitted'] })).body as { id: string };
    expect(await lastOf(endpoint.id)).toBeUndefined();

    const failing = (await api('POST', `/v1/webhooks/${endpoint.id}/test`, {})).body as { deliveryId: string };
    await settle();
    expect(await lastOf(endpoint.id)).toEqual({
      endpointId: endpoint.id, deliveryId: failing.deliveryId, eventType: 'webhook.test', attempt: 1, at: expect.any(String),
      responseStatus: 500, error: null, succeeded: false,
    });
    // A later test that gets through makes it healthy; the first one's retry, failing again, makes it failing again.
    r.status = 200;
    await suite.server().advance(1);
    const passing = (await api('POST', `/v1/webhooks/${endpoint.id}/test`, { eventType: 'contact.created' })).body as { deliveryId: string };
    await settle();
    expect(await lastOf(endpoint.id)).toMatchObject({ deliveryId: passing.deliveryId, attempt: 1, responseStatus: 200, succeeded: true });
    r.status = 503;
    await suite.server().advance(10);
    await settle();
    expect(await lastOf(endpoint.id)).toMatchObject({ deliveryId: failing.deliveryId, attempt: 2, responseStatus: 503, succeeded: false });
    expect(await lastOf(untried.id)).toBeUndefined();

    const other = (await suite.server().dashboard('POST', '/dashboard/organizations', { name: 'Unrelated' })).body as { id: string };
    expect(await lastAttempts(`?organizationId=${other.id}`)).toEqual([]);
    // Console only: under /v1 it is just an endpoint id that does not exist.
    expect((await api('GET', '/v1/webhooks/last-attempts')).status).toBe(404);
  });

  it('names a connection that got no answer by its error', async () => {
    const r = await receiver(200);
    await r.close();
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body as { id: string };
    await api('POST', `/v1/webhooks/${endpoint.id}/test`, {});
    await settle();
    expect(await lastOf(endpoint.id)).toMatchObject({ responseStatus: null, error: expect.stringMatching(/\S/), succeeded: false });
  });
});
