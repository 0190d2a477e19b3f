// The simulated world's webhook receivers (`https://<anything>.sim.test/…`): accepted by a server started without
// --allow-private-webhooks, signed, recorded and retried like any delivery, answered in-process by the URL's path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleDeliveries } from '../testing/webhook-receiver.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { receiverBehaviour, simulatedReceivers } from './webhook-receivers.ts';

let t: TestServer;
let key = '';
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });
type Attempt = { attempt: number; responseStatus: number | null; responseBody: string | null; error: string | null; requestHeaders: Record<string, string> };
type Detail = { status: string; attempts: number; nextAttemptAt: string | null; attemptLog: Attempt[] };

/** An endpoint at `url` hearing every event, and one test event's delivery once it has been attempted. */
async function tested(url: string): Promise<{ endpointId: string; deliveryId: string; detail: () => Promise<Detail> }> {
  const endpoint = await api('POST', '/v1/webhooks', { url, events: '*' });
  expect(endpoint.status).toBe(201);
  const endpointId = (endpoint.body as { id: string }).id;
  const test = await api('POST', `/v1/webhooks/${endpointId}/test`, { eventType: 'contact.created' });
  expect(test.status).toBe(202);
  const { deliveryId } = test.body as { deliveryId: string };
  await settleDeliveries(t);
  return { endpointId, deliveryId, detail: async () => (await api('GET', `/v1/webhooks/deliveries/${deliveryId}`)).body as Detail };
}

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
});
afterAll(() => t?.close());

describe('simulated webhook receivers', () => {
  it('take a sim.test endpoint on a server without --allow-private-webhooks, and answer a signed delivery 200 naming its event', async () => {
    const { deliveryId, detail } = await tested('https://hooks.sim.test/orders');
    const shown = await detail();
    expect(shown.status).toBe('SUCCEEDED');
    const [attempt] = shown.attemptLog;
    expect(attempt?.responseStatus).toBe(200);
    expect(attempt?.requestHeaders['x-service-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const delivery = (await api('GET', `/v1/webhooks/deliveries/${deliveryId}`)).body as { eventId: string };
    expect(JSON.parse(attempt?.responseBody ?? '')).toEqual({ simulated: true, status: 200, received: true, eventId: delivery.eventId, eventType: 'contact.created' });
  });

  it('answer the status a /status/NNN path names, and the delivery is retried on the schedule', async () => {
    const { detail } = await tested('https://crm.sim.test/status/503');
    const first = await detail();
    expect(first).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(first.attemptLog[0]?.responseStatus).toBe(503);
    expect(first.nextAttemptAt).not.toBeNull();
    await t.advance(10);
    await settleDeliveries(t);
    const second = await detail();
    expect(second.attempts).toBe(2);
    expect(second.attemptLog.map((a) => a.responseStatus)).toEqual([503, 503]);
  });

  it('a /status/410 receiver unsubscribes its endpoint, as a real 410 does', async () => {
    const { endpointId } = await tested('https://gone.sim.test/status/410');
    expect((await api('GET', `/v1/webhooks/${endpointId}`)).status).toBe(404);
  });

  it('a /timeout receiver answers nothing within the delivery timeout', async () => {
    const { detail } = await tested('https://slow.sim.test/hooks/timeout');
    const [attempt] = (await detail()).attemptLog;
    expect(attempt).toMatchObject({ responseStatus: null, responseBody: null, error: 'timed out after 10 s' });
  });

  it('keep a URL in its WHATWG form (scheme and host in lower case), and take a trailing-dot host as the same host', async () => {
    const typed = await api('POST', '/v1/webhooks', { url: 'HTTPS://HOOKS.SIM.TEST:443/A/Path', events: '*' });
    expect([typed.status, (typed.body as { url: string }).url]).toEqual([201, 'https://hooks.sim.test/A/Path']);
    const id = (typed.body as { id: string }).id;
    const moved = await api('PATCH', `/v1/webhooks/${id}`, { url: 'Https://Other.Sim.Test' });
    expect([moved.status, (moved.body as { url: string }).url]).toEqual([200, 'https://other.sim.test/']);
    expect(((await api('GET', `/v1/webhooks/${id}`)).body as { url: string }).url).toBe('https://other.sim.test/');
    // `hooks.sim.test.` (fully qualified) is the simulated receiver too: accepted on a server without the flag, and answered.
    const { detail } = await tested('https://hooks.sim.test./status/204');
    const [attempt] = (await detail()).attemptLog;
    expect(attempt).toMatchObject({ responseStatus: 204, error: null });
  });

  it('still need https, as every endpoint does on such a server', async () => {
    const refused = await api('POST', '/v1/webhooks', { url: 'http://hooks.sim.test/orders', events: '*' });
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toContain('url must use https');
  });
});

describe('which hosts and paths', () => {
  it('are sim.test and its subdomains only', () => {
    for (const host of ['sim.test', 'hooks.sim.test', 'a.b.sim.test']) expect(simulatedReceivers.handles(host)).toBe(true);
    for (const host of ['evilsim.test', 'sim.test.example.com', 'example.com', 'test']) expect(simulatedReceivers.handles(host)).toBe(false);
  });
  it('read /status/NNN (200–599) and /timeout from the path, else 200', () => {
    expect(receiverBehaviour('/status/500')).toEqual({ status: 500 });
    expect(receiverBehaviour('/a/status/204/')).toEqual({ status: 204 });
    expect(receiverBehaviour('/status/199')).toEqual({ status: 200 });
    expect(receiverBehaviour('/status/600')).toEqual({ status: 200 });
    expect(receiverBehaviour('/status/5000')).toEqual({ status: 200 });
    expect(receiverBehaviour('/timeout')).toEqual({ timeout: true });
    expect(receiverBehaviour('/timeout/later')).toEqual({ status: 200 });
    expect(receiverBehaviour('/')).toEqual({ status: 200 });
  });
});
