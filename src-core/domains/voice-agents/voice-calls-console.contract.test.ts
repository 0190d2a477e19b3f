// The console's agent calls name the called number's contact (`calledContact`), through real HTTP: the list, a call
// and the outbound call under /dashboard; a number that is nobody's contact is null; /v1 keeps the seed's fields. A
// call's ledger line names it the same way: the agent and the contact called, by name, with the number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCallListItemSchema, agentCallSchema } from '../../contract/voice-agents.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
let agentId: string;
let aliceId: string;
let namelessId: string;

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  agentId = (await t.request('POST', '/v1/voice/agents', { token: key, body: { name: 'Order Confirmation', greeting: 'Hello.', instructions: 'Confirm the order.' } })).body.id;
  // Two contacts share a number (as a database from before the console's create refused it may hold: made here through the
  // service, which channels and imports call once they found no contact): the oldest is the number's contact, as sends pick it.
  aliceId = (await t.dashboard('POST', '/dashboard/contacts', { name: 'Alice Johnson', phone: '+14155550101' })).body.id;
  t.server.services.contacts.create(t.organizationId, { name: 'Alice J (duplicate)', phone: '+14155550101' });
  namelessId = (await t.dashboard('POST', '/dashboard/contacts', { phone: '+14155550109' })).body.id;
});
afterAll(async () => {
  await t.close();
});

describe('the console agent calls', () => {
  it('name the called number\'s contact in the list, a call and the outbound call; an unknown number is null; /v1 is unchanged', async () => {
    const placed = await t.dashboard('POST', '/dashboard/voice/calls/outbound', { agentId, toNumber: '+14155550101' });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ calledNumber: '+14155550101', calledContact: { id: aliceId, name: 'Alice Johnson' } });
    const busy = (await t.request('POST', '/v1/voice/calls/outbound', { token: key, body: { agentId, toNumber: '+15005550005' } })).body;
    expect(busy.calledContact).toBeUndefined();
    const nameless = (await t.request('POST', '/v1/voice/calls/outbound', { token: key, body: { agentId, toNumber: '+14155550109' } })).body;

    const list = await t.dashboard('GET', '/dashboard/voice/calls');
    expect(list.body.data.map((c: { id: string; calledContact: unknown }) => [c.id, c.calledContact])).toEqual([
      [nameless.id, { id: namelessId, name: null }],
      [busy.id, null],
      [placed.body.id, { id: aliceId, name: 'Alice Johnson' }],
    ]);
    expect((await t.dashboard('GET', `/dashboard/voice/calls/${placed.body.id}`)).body.calledContact).toEqual({ id: aliceId, name: 'Alice Johnson' });
    expect((await t.dashboard('GET', `/dashboard/voice/calls/${busy.id}`)).body.calledContact).toBeNull();

    // The seed's shapes exactly under /v1: the list, a call.
    const v1List = await t.request('GET', '/v1/voice/calls', { token: key });
    for (const row of v1List.body.data) agentCallListItemSchema.strict().parse(row);
    agentCallSchema.strict().parse((await t.request('GET', `/v1/voice/calls/${placed.body.id}`, { token: key })).body);
  });

  it('name the agent and the called contact on the call\'s ledger line, the number beside the name or alone', async () => {
    const named = (await t.request('POST', '/v1/voice/calls/outbound', { token: key, body: { agentId, toNumber: '+14155550101' } })).body.id as string;
    const nameless = (await t.request('POST', '/v1/voice/calls/outbound', { token: key, body: { agentId, toNumber: '+14155550109' } })).body.id as string;
    await t.advance(180);
    const lines = (await t.dashboard('GET', '/dashboard/wallet/ledger?limit=200')).body.data as Array<{ referenceId: string; description: string }>;
    const lineOf = (id: string) => lines.filter((line) => line.referenceId === id).map((line) => line.description);
    expect(lineOf(named)).toEqual(['Voice agent call · Order Confirmation → Alice Johnson (+14155550101) · 2 min × ₹2.00']);
    expect(lineOf(nameless)).toEqual(['Voice agent call · Order Confirmation → +14155550109 · 2 min × ₹2.00']);
  });
});
