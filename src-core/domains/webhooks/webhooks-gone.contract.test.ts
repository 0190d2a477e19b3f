// The endpoints a receiver's 410 removed, as the console reads them (GET /dashboard/webhooks/gone) to say why
// an endpoint went when no console was open at the time: over real HTTP to real receivers on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { GONE_LIMIT, webhookEndpointsGoneSchema, type WebhookEndpointGone } from '../../contract/webhooks.ts';
import { webhookSuite } from '../../testing/webhook-receiver.ts';

const suite = webhookSuite();
const { api, receiver, settle } = suite;
const gone = async (query = ''): Promise<WebhookEndpointGone[]> => {
  const res = await suite.server().dashboard('GET', `/dashboard/webhooks/gone${query}`);
  expect(res.status).toBe(200);
  return webhookEndpointsGoneSchema.parse(res.body).data;
};
/** An endpoint whose receiver answers `status` to one test of `eventType`; answers the endpoint and the test's delivery. */
async function testedEndpoint(status: number, eventType = 'shopify.order.created') {
  const r = await receiver(status);
  const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body as { id: string };
  const test = (await api('POST', `/v1/webhooks/${endpoint.id}/test`, { eventType })).body as { deliveryId: string };
  await settle();
  return { r, endpointId: endpoint.id, deliveryId: test.deliveryId };
}

describe('GET /dashboard/webhooks/gone', () => {
  it("lists an endpoint a 410 removed, by its url and the delivery answered, newest first, for its organization only", async () => {
    expect(await gone()).toEqual([]);
    const first = await testedEndpoint(410);
    expect((await api('GET', `/v1/webhooks/${first.endpointId}`)).status).toBe(404);
    const [entry] = await gone();
    expect(entry).toEqual({ endpointId: first.endpointId, url: first.r.url, eventType: 'shopify.order.created', deliveryId: first.deliveryId, at: expect.any(String) });
    const attempt = (await api('GET', `/v1/webhooks/deliveries/${first.deliveryId}`)).body as { attemptLog: Array<{ at: string }> };
    expect(entry?.at).toBe(attempt.attemptLog[0]?.at);

    await suite.server().advance(60);
    const second = await testedEndpoint(410, 'contact.created');
    expect((await gone()).map((g) => [g.endpointId, g.deliveryId])).toEqual([[second.endpointId, second.deliveryId], [first.endpointId, first.deliveryId]]);

    const other = (await suite.server().dashboard('POST', '/dashboard/organizations', { name: 'Unrelated' })).body as { id: string };
    expect(await gone(`?organizationId=${other.id}`)).toEqual([]);
    expect((await suite.server().dashboard('GET', '/dashboard/webhooks/gone?organizationId=org_nope')).status).toBe(404);
    // Console only: under /v1 it is just an endpoint id that does not exist.
    expect((await api('GET', '/v1/webhooks/gone')).status).toBe(404);
  });

  it('leaves out endpoints removed otherwise or failing, and those removed over 30 days ago, which the next attempt removes', async () => {
    const before = (await gone()).map((g) => g.endpointId);
    const failing = await testedEndpoint(500);
    const deleted = await testedEndpoint(200);
    expect((await api('DELETE', `/v1/webhooks/${deleted.endpointId}`)).status).toBe(204);
    expect((await gone()).map((g) => g.endpointId)).toEqual(before);
    expect((await api('GET', `/v1/webhooks/${failing.endpointId}`)).status).toBe(200);

    const latest = await testedEndpoint(410);
    await suite.server().advance(29 * 86_400);
    expect((await gone()).map((g) => g.endpointId)).toEqual([latest.endpointId, ...before]);
    await suite.server().advance(86_400 + 1);
    expect(await gone()).toEqual([]);
    // Past the window a note is read by nothing: the next delivery attempt removes it, with the finished deliveries.
    const notes = () => suite.server().server.db.sql.prepare('SELECT endpoint_id FROM webhook_endpoints_gone').pluck().all() as string[];
    expect(notes()).toContain(latest.endpointId);
    const since = (await testedEndpoint(410)).endpointId;
    expect(notes()).toEqual([since]);
    expect((await gone()).map((g) => g.endpointId)).toEqual([since]);
  });

  it(`lists at most ${GONE_LIMIT}`, async () => {
    const removed = [];
    for (let i = 0; i < GONE_LIMIT + 1; i++) removed.push((await testedEndpoint(410)).endpointId);
    const listed = (await gone()).map((g) => g.endpointId);
    expect(listed).toHaveLength(GONE_LIMIT);
    expect(listed[0]).toBe(removed.at(-1));
    expect(listed).not.toContain(removed[0]);
  });
});
