// "A phone calls the business" says, beside its Run button (GET /sim/scenarios), how the call will go on the organization
// now, over real HTTP on the demo seed: the team rung while no endpoint listens to voice.app.call.inbound, the backend
// at the endpoint's URL asked to answer once one does (and the call then waits for its connect, the team not rung), the
// voice agent on a number routed to AI, the team on one routed to it; each played to check the words are true.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scenario } from '../contract/sim.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { DEMO_BUSINESS_NUMBER } from './demo/voice-app.ts';

let t: TestServer;
let key: string;
const HOOK = 'https://voice-backend.sim.test/calls';
const TAIL = ' At 60 s she texts to be called back. Needs a business number with phone calling on.';
const TEAM = 'rings the team in the dashboard for 45 s and is missed (no one in the simulated team picks up)';

beforeAll(async () => {
  t = await createTestServer({ seed: 'demo' });
  key = (await t.createKey()).key;
});
afterAll(async () => {
  await t.close();
});

const described = async (orgId?: string): Promise<string | undefined> =>
  ((await t.dashboard('GET', `/sim/scenarios${orgId ? `?organizationId=${orgId}` : ''}`)).body.data as Scenario[]).find((s) => s.id === 'phone-calls-business')?.description;
/** Runs the scenario and answers the call its first step made, as the API reads it. */
async function played(): Promise<{ callId: string; status: string; to: string; connectBy: string | null }> {
  const known = new Set(((await t.dashboard('GET', '/dashboard/voice/app/calls?limit=100')).body.data as Array<{ callId: string }>).map((c) => c.callId));
  expect((await t.dashboard('POST', '/sim/scenarios/phone-calls-business/run')).status).toBe(202);
  await t.server.jobs.runDue();
  const calls = (await t.dashboard('GET', '/dashboard/voice/app/calls?limit=100')).body.data as Array<{ callId: string; status: string; to: string; connectBy: string | null }>;
  const made = calls.filter((c) => !known.has(c.callId));
  expect(made).toHaveLength(1);
  return made[0] as { callId: string; status: string; to: string; connectBy: string | null };
}
const callNow = async (id: string) => (await t.request('GET', `/v1/voice/app/calls/${id}`, { token: key })).body as { status: string; endReason: string | null };
const route = async (routeTo: string) => expect((await t.request('PATCH', `/v1/voice/app/numbers/${encodeURIComponent(DEMO_BUSINESS_NUMBER)}`, { token: key, body: { routeTo } })).status).toBe(200);

describe('"A phone calls the business" says how the call will go', () => {
  it('on the demo (routed to the app, no endpoint on voice.app.call.inbound): the team is rung, and is', async () => {
    expect(await described()).toBe(`Alice’s phone dials the business number: no webhook endpoint listens to voice.app.call.inbound, so it ${TEAM}; add one and your backend is asked to answer instead.${TAIL}`);
    const call = await played();
    expect(call).toMatchObject({ status: 'RINGING', to: 'team' });
    await t.advance(45);
    expect(await callNow(call.callId)).toMatchObject({ status: 'MISSED', endReason: 'ring_timeout' });
    await t.advance(15);
  });

  it('with an endpoint on voice.app.call.inbound: the backend at its URL is asked to answer, and the call waits 45 s for it, the team not rung', async () => {
    const endpoint = await t.dashboard('POST', '/dashboard/webhooks', { url: HOOK, events: ['voice.app.call.inbound'] });
    expect(endpoint.status).toBe(201);
    expect(await described()).toBe(`Alice’s phone dials the business number: your backend at ${HOOK} is asked to answer it (voice.app.call.inbound) and has 45 s to connect it, or it is missed; the team is not rung.${TAIL}`);
    const call = await played();
    expect(call).toMatchObject({ status: 'RINGING', to: DEMO_BUSINESS_NUMBER, connectBy: expect.any(String) });
    await t.advance(45);
    expect(await callNow(call.callId)).toMatchObject({ status: 'MISSED', endReason: 'not_connected' });
    await t.advance(15);
    // A second listener is counted, not listed; one disabled no longer listens.
    const all = await t.dashboard('POST', '/dashboard/webhooks', { url: 'https://other-backend.sim.test/all', events: '*' });
    expect(await described()).toContain(`your backend at ${HOOK} (and 1 other endpoint) is asked to answer it`);
    for (const id of [endpoint.body.id, all.body.id]) expect((await t.dashboard('PATCH', `/dashboard/webhooks/${id}`, { isActive: false })).status).toBe(200);
    expect(await described()).toContain('no webhook endpoint listens to voice.app.call.inbound');
  });

  it('routed to AI, the voice agent answers; routed to the team, the team is rung', async () => {
    await route('ai');
    const words = await described();
    expect(words).toMatch(/^Alice’s phone dials the business number: the voice agent .+ answers at once \(the number routes to AI\) and talks with the caller, who hangs up 95 s later\./);
    const call = await played();
    expect(call).toMatchObject({ status: 'ACCEPTED', to: expect.stringMatching(/^agt_/) });
    await t.advance(95);
    expect(await callNow(call.callId)).toMatchObject({ status: 'COMPLETED', endReason: 'caller_hung_up' });
    await route('team');
    expect(await described()).toBe(`Alice’s phone dials the business number: it ${TEAM}.${TAIL}`);
  });

  it('on an organization without a business number, says the route decides (and the scenario is unavailable)', async () => {
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'No number' })).body.id as string;
    expect(await described(org)).toBe(`Alice’s phone dials the business number: the number’s route decides who answers.${TAIL}`);
  });
});
