// Restarts of `serve` on one database file, as a user does them: killed (SIGKILL) with a virtual clock an hour ahead,
// a snoozed conversation and a webhook delivery waiting for its retry, then stopped (SIGTERM) right after requests.
// The clock goes on from where it was (the downtime passed on it), the snooze wakes, the retry comes with the same
// event and no second delivery, and the stop writes the request log's last entries.
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { Ready } from './server.ts';
import { crashTestServer, exited } from './testing/serve-process.ts';

const crash = crashTestServer('sb-restart-');
afterAll(() => crash.cleanUp());

async function call(ready: Ready, method: string, path: string, body?: unknown) {
  const response = await fetch(`${ready.url}${path}`, {
    method, headers: { authorization: `Bearer ${ready.dashboardToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
  return { status: response.status, body: await response.json() as any };
}
const HOUR_MS = 3_600_000;
/** How far the server's virtual clock runs ahead of real time, read now. */
const aheadBy = async (ready: Ready): Promise<number> => Date.parse((await call(ready, 'GET', '/sim/clock')).body.now as string) - Date.now();
type Delivery = { eventId: string; status: string; attempts: number };
const deliveries = async (ready: Ready, endpointId: string): Promise<Delivery[]> =>
  (await call(ready, 'GET', `/dashboard/webhooks/${endpointId}/deliveries`)).body.data as Delivery[];

describe('serve restarted on the same database', () => {
  it('after a kill: the clock, a snooze and a webhook retry go on; after a stop: the request log is whole', async () => {
    let { child, ready }: { child: ChildProcess; ready: Ready } = await crash.start();
    expect((await call(ready, 'POST', '/sim/clock/advance', { seconds: 3600 })).status).toBe(200);
    const endpoint = await call(ready, 'POST', '/dashboard/webhooks', { url: 'https://restart.sim.test/status/500', events: ['contact.created'] });
    expect(endpoint.status).toBe(201);
    const endpointId = endpoint.body.id as string;
    const written = await call(ready, 'POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550177', text: 'Call me back later' });
    const conversationId = written.body.conversationId as string;
    const now = Date.parse((await call(ready, 'GET', '/sim/clock')).body.now as string);
    const snoozed = await call(ready, 'POST', `/dashboard/conversations/${conversationId}/snooze`, { until: new Date(now + 600_000).toISOString() });
    expect(snoozed.body.state).toBe('snoozed');
    // The first attempt fails (500) and waits 10 s for its retry.
    let first: Delivery[] = [];
    while (!(first = await deliveries(ready, endpointId)).some((d) => d.attempts >= 1)) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(first).toMatchObject([{ status: 'FAILED', attempts: 1 }]);
    child.kill('SIGKILL');
    await exited(child);

    ({ child, ready } = await crash.start());
    // Neither back to real time nor an hour further: the offset the advance made, read back from the database.
    expect(Math.abs(await aheadBy(ready) - HOUR_MS)).toBeLessThan(60_000);
    expect((await call(ready, 'GET', `/dashboard/conversations/${conversationId}`)).body.state).toBe('snoozed');
    await call(ready, 'POST', '/sim/clock/advance', { seconds: 600 });
    expect((await call(ready, 'GET', `/dashboard/conversations/${conversationId}`)).body).toMatchObject({ state: 'open', snoozedUntil: null });
    const retried = await deliveries(ready, endpointId);
    expect(retried).toHaveLength(1);
    expect(retried[0]).toMatchObject({ eventId: first[0]?.eventId, status: 'FAILED' });
    expect(retried[0]?.attempts).toBeGreaterThan(1);

    // Requests, then a stop at once: well inside the log's 250 ms batch, which the stop writes.
    const key = await call(ready, 'POST', '/dashboard/api-keys', { name: 'restart', environment: 'test', scopes: ['contacts:read'] });
    for (let i = 0; i < 5; i++) {
      const listed = await fetch(`${ready.url}/v1/contacts?search=stop-${i}`, { headers: { authorization: `Bearer ${key.body.key as string}` } });
      expect(listed.status).toBe(200);
    }
    child.kill('SIGTERM');
    await exited(child);
    expect(child.exitCode).toBe(0);

    ({ child, ready } = await crash.start());
    const log = await call(ready, 'GET', '/dashboard/request-log?path=/v1/contacts');
    expect((log.body.data as { query: string }[]).map((entry) => entry.query).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `search=stop-${i}`));
    expect(Math.abs(await aheadBy(ready) - HOUR_MS - 600_000)).toBeLessThan(60_000);
  });
});
