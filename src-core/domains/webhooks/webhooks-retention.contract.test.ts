// Webhook deliveries are kept 30 days of the virtual clock after they finish, over real HTTP: an older one is left out
// of every list and answers 404 at once, and the next delivery attempt removes it with its attempts; a held one stays
// however old, and a kept one still replays its own payload.
import { describe, expect, it } from 'vitest';
import { webhookSuite } from '../../testing/webhook-receiver.ts';

const suite = webhookSuite();
const { api, receiver, settle } = suite;
const DAY_S = 86_400;
const ids = (body: { data: Array<{ id: string }> }) => body.data.map((d) => d.id);
const count = (sql: string, id: string) => (suite.server().server.db.sql.prepare(sql).pluck().get(id) as number);
const stored = (id: string) => count('SELECT COUNT(*) FROM webhook_deliveries WHERE id = ?', id) + count('SELECT COUNT(*) FROM webhook_attempts WHERE delivery_id = ?', id);
const notFoundSaying = (id: string) => [404, `Delivery ${id} not found (deliveries are kept for 30 days after they finish)`];

describe('webhook delivery retention', () => {
  it('a finished delivery goes 30 days after it finishes; a held one stays however old; a kept one still replays', async () => {
    const t = suite.server();
    const r = await receiver(200);
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: ['form.submitted'] })).body as { id: string };
    const pausedReceiver = await receiver(500);
    const paused = (await api('POST', '/v1/webhooks', { url: pausedReceiver.url, events: ['form.submitted'] })).body as { id: string };
    const old = (await api('POST', `/v1/webhooks/${endpoint.id}/test`, {})).body as { deliveryId: string };
    const held = (await api('POST', `/v1/webhooks/${paused.id}/test`, {})).body as { deliveryId: string };
    await settle();
    expect((await api('PATCH', `/v1/webhooks/${paused.id}`, { isActive: false })).status).toBe(200);

    await t.advance(29 * DAY_S);
    const kept = (await api('POST', `/v1/webhooks/${endpoint.id}/test`, { eventType: 'contact.created' })).body as { deliveryId: string; eventId: string };
    await settle();
    expect((await api('GET', `/v1/webhooks/deliveries/${old.deliveryId}`)).body).toMatchObject({ status: 'SUCCEEDED' });

    // 30 days and a second after the old one finished: left out and 404 at once, though still stored.
    await t.advance(DAY_S + 1);
    const old404 = await api('GET', `/v1/webhooks/deliveries/${old.deliveryId}`);
    expect([old404.status, old404.body.message]).toEqual(notFoundSaying(old.deliveryId));
    const replayOld = await api('POST', `/v1/webhooks/deliveries/${old.deliveryId}/replay`);
    expect([replayOld.status, replayOld.body.message]).toEqual(notFoundSaying(old.deliveryId));
    const listed = (await api('GET', `/v1/webhooks/${endpoint.id}/deliveries`)).body;
    expect([ids(listed), listed.meta.total]).toEqual([[kept.deliveryId], 1]);
    expect(ids((await t.dashboard('GET', '/dashboard/webhook-deliveries')).body)).toEqual([kept.deliveryId, held.deliveryId]);
    expect(stored(old.deliveryId)).toBe(2);

    // The next attempt removes it with its attempt; the held one (31 days old) stays whole, listed and open.
    const fresh = (await api('POST', `/v1/webhooks/${endpoint.id}/test`, {})).body as { deliveryId: string };
    await settle();
    expect(stored(old.deliveryId)).toBe(0);
    expect((await api('GET', `/v1/webhooks/deliveries/${held.deliveryId}`)).body).toMatchObject({ status: 'HELD', attempts: 1, attemptLog: [{ responseStatus: 500 }] });
    expect(ids((await api('GET', `/v1/webhooks/${paused.id}/deliveries?status=HELD`)).body)).toEqual([held.deliveryId]);

    // A kept delivery replays its own payload and event id (the outbox is not read for it).
    const replay = await api('POST', `/v1/webhooks/deliveries/${kept.deliveryId}/replay`);
    expect(replay.status).toBe(202);
    await settle();
    expect((await api('GET', `/v1/webhooks/deliveries/${replay.body.id}`)).body).toMatchObject({ status: 'SUCCEEDED', eventId: kept.eventId });
    const bodies = r.received.filter((x) => x.headers['x-service-event-id'] === kept.eventId).map((x) => x.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(bodies[0]);
    expect(ids((await api('GET', `/v1/webhooks/${endpoint.id}/deliveries`)).body)).toEqual([replay.body.id, fresh.deliveryId, kept.deliveryId]);

    // Re-enabled, the held delivery goes on from its attempt count.
    pausedReceiver.status = 200;
    await api('PATCH', `/v1/webhooks/${paused.id}`, { isActive: true });
    await settle();
    expect((await api('GET', `/v1/webhooks/deliveries/${held.deliveryId}`)).body).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
  });

  it("an endpoint's last attempt is not named once its delivery is past its 30 days", async () => {
    const quiet = (await api('POST', '/v1/webhooks', { url: (await receiver(200)).url, events: ['form.submitted'] })).body as { id: string };
    await api('POST', `/v1/webhooks/${quiet.id}/test`, {});
    await settle();
    const lastOf = async () => ((await suite.server().dashboard('GET', '/dashboard/webhooks/last-attempts')).body.data as Array<{ endpointId: string }>)
      .find((a) => a.endpointId === quiet.id);
    expect(await lastOf()).toMatchObject({ succeeded: true });
    await suite.server().advance(30 * DAY_S + 1);
    expect(await lastOf()).toBeUndefined();
  });

  it('an unknown delivery is the same 404', async () => {
    const res = await api('GET', '/v1/webhooks/deliveries/whd_nothing');
    expect([res.status, res.body.message]).toEqual(notFoundSaying('whd_nothing'));
  });
});
