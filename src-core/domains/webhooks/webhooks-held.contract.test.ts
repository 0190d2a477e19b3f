// A disabled endpoint's deliveries are held, over real HTTP: not attempted and no attempt counted however
// far the clock moves, shown as HELD with the reason, resumed (attempt count where it was) on re-enable;
// a job left from before the hold makes no extra attempt; deleting the endpoint ends them exhausted.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../testing/test-server.ts';
import { type WebhookReceiver, webhookSuite } from '../../testing/webhook-receiver.ts';

const suite = webhookSuite();
const { api, receiver, settle } = suite;
let t: TestServer;
const delivery = async (id: string) => (await api('GET', `/v1/webhooks/deliveries/${id}`)).body;
const attemptsOf = (r: WebhookReceiver) => r.received.map((x) => x.headers['x-service-delivery-attempt']);

beforeAll(() => {
  t = suite.server();
});

describe('a disabled endpoint holds its deliveries', () => {
  it('holds a retrying delivery through the whole schedule, says why, and resumes it on re-enable', async () => {
    const r = await receiver(500);
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body;
    const test = (await api('POST', `/v1/webhooks/${endpoint.id}/test`, {})).body;
    await settle();
    expect(await delivery(test.deliveryId)).toMatchObject({ status: 'FAILED', attempts: 1, nextAttemptAt: expect.any(String), heldReason: null });

    expect((await api('PATCH', `/v1/webhooks/${endpoint.id}`, { isActive: false })).status).toBe(200);
    const held = await delivery(test.deliveryId);
    expect(held).toMatchObject({ status: 'HELD', attempts: 1, nextAttemptAt: null, lastResponseStatus: 500 });
    expect(held.heldReason).toBe('The endpoint was disabled by the account: held, with no attempt made or counted, until the endpoint is re-enabled');
    expect((await api('GET', `/v1/webhooks/${endpoint.id}/deliveries?status=HELD`)).body.data.map((d: { id: string }) => d.id)).toEqual([test.deliveryId]);
    await t.advance(86_400);
    expect(attemptsOf(r)).toEqual(['1']);
    expect(await delivery(test.deliveryId)).toMatchObject({ status: 'HELD', attempts: 1 });

    r.status = 200;
    expect((await api('PATCH', `/v1/webhooks/${endpoint.id}`, { isActive: true })).body).toMatchObject({ isActive: true });
    await settle();
    expect(attemptsOf(r)).toEqual(['1', '2']);
    expect(await delivery(test.deliveryId)).toMatchObject({ status: 'SUCCEEDED', attempts: 2, heldReason: null });
  });

  it('a job scheduled before the hold makes no extra attempt once the delivery has resumed', async () => {
    const r = await receiver(500);
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body;
    const test = (await api('POST', `/v1/webhooks/${endpoint.id}/test`, {})).body;
    await settle();
    // Attempt 2 was due 10 s after attempt 1: disable and re-enable before then; the resumed attempt 2 goes at once.
    await api('PATCH', `/v1/webhooks/${endpoint.id}`, { isActive: false });
    await t.advance(1);
    await api('PATCH', `/v1/webhooks/${endpoint.id}`, { isActive: true });
    await settle();
    expect(attemptsOf(r)).toEqual(['1', '2']);
    const resumed = await delivery(test.deliveryId);
    expect(resumed).toMatchObject({ status: 'FAILED', attempts: 2 });
    // Past the old job's time (the next retry is 60 s after attempt 2): nothing more.
    await t.advance(30);
    expect(attemptsOf(r)).toEqual(['1', '2']);
    await t.advance(31);
    expect(attemptsOf(r)).toEqual(['1', '2', '3']);
  });

  it('a test or replay to a disabled endpoint is held at once; auto-disable holds what was retrying', async () => {
    const { r, endpointId } = await suite.failingFifteenTimes();
    const endpoint = { id: endpointId };
    expect(r.received).toHaveLength(15);
    const list = (await api('GET', `/v1/webhooks/${endpoint.id}/deliveries`)).body.data as Array<{ status: string; attempts: number; heldReason: string }>;
    expect(list.map((d) => [d.status, d.attempts])).toEqual(Array.from({ length: 5 }, () => ['HELD', 3]));
    expect(list[0]?.heldReason).toContain('disabled after 15 failed delivery attempts in a row');
    const test = (await api('POST', `/v1/webhooks/${endpoint.id}/test`, {})).body;
    const replay = (await api('POST', `/v1/webhooks/deliveries/${test.deliveryId}/replay`, {})).body;
    expect(replay).toMatchObject({ status: 'HELD', attempts: 0 });
    await t.advance(86_400);
    expect(r.received).toHaveLength(15);

    r.status = 200;
    await api('PATCH', `/v1/webhooks/${endpoint.id}`, { isActive: true });
    await settle();
    expect(r.received).toHaveLength(22);
    const after = (await api('GET', `/v1/webhooks/${endpoint.id}/deliveries`)).body.data as Array<{ status: string; attempts: number }>;
    expect(after.map((d) => d.status)).toEqual(Array.from({ length: 7 }, () => 'SUCCEEDED'));
    expect(after.map((d) => d.attempts).sort()).toEqual([1, 1, 4, 4, 4, 4, 4]);
  });

  it('deleting the endpoint ends its held deliveries exhausted', async () => {
    const r = await receiver(200);
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body;
    await api('PATCH', `/v1/webhooks/${endpoint.id}`, { isActive: false });
    const test = (await api('POST', `/v1/webhooks/${endpoint.id}/test`, {})).body;
    expect(await delivery(test.deliveryId)).toMatchObject({ status: 'HELD', attempts: 0 });
    expect((await api('DELETE', `/v1/webhooks/${endpoint.id}`)).status).toBe(204);
    expect(await delivery(test.deliveryId)).toMatchObject({ status: 'EXHAUSTED', attempts: 0, heldReason: null });
    await t.advance(3600);
    expect(r.received).toHaveLength(0);
  });
});
