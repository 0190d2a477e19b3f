// Voice agents through real HTTP: create with defaults, full configuration, partial change, delete keeping calls,
// validation (400), scopes (403), paging limits, and an inactive agent refusing calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceAgentListItemSchema, voiceAgentSchema } from '../../contract/voice-agents.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const api = (method: string, path: string, body?: unknown, token = key) => t.request(method, path, { token, body });
const AGENT = { name: 'Order Confirmation', greeting: 'Hello {{name}}, calling about order {{orderNumber}}.', instructions: 'Confirm the order.' };

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
});
afterAll(async () => {
  await t.close();
});

describe('voice agents', () => {
  it('creates an agent with the defaults and answers its full configuration; the list item has the seed\'s fields', async () => {
    const created = await api('POST', '/v1/voice/agents', AGENT);
    expect(created.status).toBe(201);
    expect(voiceAgentSchema.strict().parse(created.body)).toMatchObject({
      ...AGENT, id: expect.stringMatching(/^agt_/), description: null, language: 'en-IN', sttProvider: 'deepgram', ttsProvider: 'elevenlabs',
      llmProvider: 'openai', llmModel: 'gpt-4o-mini', voice: 'alloy', maxDurationSeconds: 600, isActive: true, createdAt: '2026-01-15T09:00:00.000Z',
    });
    const detail = await api('GET', `/v1/voice/agents/${created.body.id}`);
    expect(detail.body).toEqual(created.body);
    const list = await api('GET', '/v1/voice/agents');
    expect(list.body.meta).toEqual({ total: 1, page: 1, limit: 20, totalPages: 1 });
    voiceAgentListItemSchema.strict().parse(list.body.data[0]);
    expect(await api('GET', '/v1/voice/agents/agt_unknown')).toMatchObject({ status: 404 });
  });

  it('changes only the fields given; description null clears it; an empty change is 400', async () => {
    const { body: agent } = await api('POST', '/v1/voice/agents', { ...AGENT, name: 'To change', description: 'Old' });
    const changed = await api('PATCH', `/v1/voice/agents/${agent.id}`, { llmModel: 'gpt-4.1', description: null, maxDurationSeconds: 120 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'To change', llmModel: 'gpt-4.1', description: null, maxDurationSeconds: 120, greeting: AGENT.greeting });
    expect((await api('PATCH', `/v1/voice/agents/${agent.id}`, {})).status).toBe(400);
    // A field sent null says what it must be, as on every route, not just "must be text".
    expect((await api('PATCH', `/v1/voice/agents/${agent.id}`, { name: null })).body.message).toBe('Invalid body: name: must be text, not null');
    expect((await api('PATCH', '/v1/voice/agents/agt_unknown', { name: 'x' })).status).toBe(404);
  });

  it('refuses bodies that are missing fields or out of range with 400, naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ greeting: 'Hi', instructions: 'x' }, /name: is required/],
      [{ ...AGENT, greeting: '  ' }, /greeting: must not be blank/],
      [{ ...AGENT, maxDurationSeconds: 10 }, /maxDurationSeconds: must be at least 30/],
      [{ ...AGENT, isActive: 'yes' }, /isActive: must be true or false, not a string$/],
      [{ ...AGENT, maxDurationSeconds: '60' }, /maxDurationSeconds: must be a number, not a string$/],
      [{ ...AGENT, name: 7 }, /name: must be text, not a number$/],
      [{ ...AGENT, language: 'English' }, /language: must be a language tag/],
      [{ ...AGENT, temperature: 0.2 }, /unknown field "temperature"/],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', '/v1/voice/agents', body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, expect.stringMatching(message)]);
    }
  });

  it('needs voice:agents:read to read and voice:agents:write to change (403 naming the scope)', async () => {
    const reader = (await t.createKey({ scopes: ['voice:agents:read'] })).key;
    const writer = (await t.createKey({ scopes: ['voice:agents:write'] })).key;
    expect((await api('GET', '/v1/voice/agents', undefined, reader)).status).toBe(200);
    const refused = await api('POST', '/v1/voice/agents', AGENT, reader);
    expect([refused.status, refused.body.message]).toEqual([403, 'Insufficient scope. Required: voice:agents:write']);
    expect((await api('GET', '/v1/voice/agents', undefined, writer)).body.message).toBe('Insufficient scope. Required: voice:agents:read');
    expect((await api('POST', '/v1/voice/agents', AGENT, writer)).status).toBe(201);
  });

  it('pages 20 by default, clamps limit to 100, newest first', async () => {
    const org = await t.dashboard('POST', '/dashboard/organizations', { name: 'Many agents' });
    const own = (await t.createKey({ organizationId: org.body.id, rateLimitPerMinute: 10_000 })).key;
    for (let i = 0; i < 105; i++) await api('POST', '/v1/voice/agents', { ...AGENT, name: `Agent ${i}` }, own);
    const first = await api('GET', '/v1/voice/agents', undefined, own);
    expect(first.body.meta).toEqual({ total: 105, page: 1, limit: 20, totalPages: 6 });
    expect(first.body.data[0].name).toBe('Agent 104');
    const clamped = await api('GET', '/v1/voice/agents?limit=500&page=2', undefined, own);
    expect([clamped.body.meta.limit, clamped.body.data.length, clamped.body.data[0].name]).toEqual([100, 5, 'Agent 4']);
    expect((await api('GET', '/v1/voice/agents?page=0', undefined, own)).status).toBe(400);
  });

  it('an inactive agent cannot place calls (409); active again, it can', async () => {
    const { body: agent } = await api('POST', '/v1/voice/agents', { ...AGENT, isActive: false });
    const refused = await api('POST', '/v1/voice/calls/outbound', { agentId: agent.id, toNumber: '+14155550101' });
    expect([refused.status, refused.body.message]).toEqual([409, expect.stringMatching(/is inactive/)]);
    await api('PATCH', `/v1/voice/agents/${agent.id}`, { isActive: true });
    expect((await api('POST', '/v1/voice/calls/outbound', { agentId: agent.id, toNumber: '+14155550101' })).status).toBe(201);
  });

  it('deleting an agent keeps its calls (with its id); its unanswered calls are CANCELLED, an answered one finishes', async () => {
    const { body: agent } = await api('POST', '/v1/voice/agents', { ...AGENT, name: 'Short-lived' });
    const answered = (await api('POST', '/v1/voice/calls/outbound', { agentId: agent.id, toNumber: '+14155550102' })).body;
    await t.advance(8);
    const ringing = (await api('POST', '/v1/voice/calls/outbound', { agentId: agent.id, toNumber: '+14155550103' })).body;
    await t.advance(3);
    expect((await api('GET', `/v1/voice/calls/${answered.id}`)).body.status).toBe('ANSWERED');
    expect((await api('GET', `/v1/voice/calls/${ringing.id}`)).body.status).toBe('RINGING');
    expect(await api('DELETE', `/v1/voice/agents/${agent.id}`)).toMatchObject({ status: 200, body: { success: true, id: agent.id } });
    expect((await api('GET', `/v1/voice/agents/${agent.id}`)).status).toBe(404);
    expect((await api('GET', `/v1/voice/calls/${ringing.id}`)).body).toMatchObject({ status: 'CANCELLED', endReason: 'agent_deleted', billedAmountPaise: 0, agentId: agent.id });
    await t.advance(120);
    expect((await api('GET', `/v1/voice/calls/${answered.id}`)).body).toMatchObject({ status: 'COMPLETED', agentId: agent.id, durationSeconds: 95 });
    expect((await api('GET', `/v1/voice/calls/${ringing.id}`)).body.status).toBe('CANCELLED');
    const calls = await api('GET', `/v1/voice/calls?agentId=${agent.id}`);
    expect(calls.body.meta.total).toBe(2);
    expect((await api('DELETE', `/v1/voice/agents/${agent.id}`)).status).toBe(404);
  });

  it('deactivating an agent cancels its calls not yet answered', async () => {
    const { body: agent } = await api('POST', '/v1/voice/agents', { ...AGENT, name: 'Paused soon' });
    const call = (await api('POST', '/v1/voice/calls/outbound', { agentId: agent.id, toNumber: '+14155550104' })).body;
    await api('PATCH', `/v1/voice/agents/${agent.id}`, { isActive: false });
    expect((await api('GET', `/v1/voice/calls/${call.id}`)).body).toMatchObject({ status: 'CANCELLED', endReason: 'agent_deactivated' });
    await t.advance(10);
    expect((await api('GET', `/v1/voice/calls/${call.id}`)).body.status).toBe('CANCELLED');
  });
});
