// GET /v1/ai/models over real HTTP: the catalogue by capability label, behind `ai:models:read`, naming no provider
// or model id; the assistant endpoint offers it as a read tool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiModelsSchema } from '../../contract/ai.ts';
import { SCOPES } from '../../contract/scopes.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
beforeAll(async () => {
  t = await createTestServer({ seed: 'demo' });
  key = (await t.createKey()).key;
});
afterAll(async () => {
  await t.close();
});

describe('GET /v1/ai/models', () => {
  it('answers the models by capability label, quickest first, with {data, meta: {count}}', async () => {
    const res = await t.request('GET', '/v1/ai/models', { token: key });
    expect(res.status).toBe(200);
    expect(aiModelsSchema.strict().parse(res.body)).toEqual({
      data: [
        { label: 'fast', description: expect.any(String), capabilities: ['text', 'tools', 'voice'] },
        { label: 'balanced', description: expect.any(String), capabilities: ['text', 'tools', 'vision', 'voice'] },
        { label: 'advanced', description: expect.any(String), capabilities: ['text', 'tools', 'vision', 'reasoning', 'long_context'] },
      ],
      meta: { count: 3 },
    });
    for (const model of res.body.data) expect(Object.keys(model).sort()).toEqual(['capabilities', 'description', 'label']);
  });

  it('never names a provider or a model id, not even those the voice agents record', async () => {
    const text = (await t.request('GET', '/v1/ai/models', { token: key })).text;
    const agents = (await t.request('GET', '/v1/voice/agents', { token: key })).body.data as Array<{ llmProvider: string; llmModel: string }>;
    expect(agents.length).toBeGreaterThan(0);
    for (const name of [...agents.flatMap((a) => [a.llmProvider, a.llmModel]), 'openai', 'gpt', 'anthropic', 'claude', 'gemini', 'llama', 'provider', 'modelId']) {
      expect(text.toLowerCase(), name).not.toContain(name.toLowerCase());
    }
  });

  it('a voice agent\'s llmModel stays free text: a label is taken like any model name, and neither is checked', async () => {
    const agent = (llmModel: string) => t.request('POST', '/v1/voice/agents', { token: key, body: { name: `On ${llmModel}`, greeting: 'Hello', instructions: 'Help.', llmModel } });
    for (const llmModel of ['fast', 'gpt-4o', 'my-fine-tune-v2']) {
      const res = await agent(llmModel);
      expect([res.status, res.body.llmModel, res.body.llmProvider], llmModel).toEqual([201, llmModel, 'openai']);
    }
  });

  it('needs a key (401) holding ai:models:read (403)', async () => {
    expect((await t.request('GET', '/v1/ai/models')).status).toBe(401);
    const narrow = (await t.createKey({ scopes: SCOPES.filter((scope) => scope !== 'ai:models:read') })).key;
    const res = await t.request('GET', '/v1/ai/models', { token: narrow });
    expect([res.status, res.body.message]).toEqual([403, 'Insufficient scope. Required: ai:models:read']);
    const only = (await t.createKey({ scopes: ['ai:models:read'] })).key;
    expect((await t.request('GET', '/v1/ai/models', { token: only })).status).toBe(200);
  });

  it('the console reads the same catalogue at /dashboard/ai/models with the dashboard token (an API key 401)', async () => {
    const v1 = await t.request('GET', '/v1/ai/models', { token: key });
    const res = await t.dashboard('GET', '/dashboard/ai/models');
    expect([res.status, res.body]).toEqual([200, v1.body]);
    expect((await t.request('GET', '/dashboard/ai/models', { token: key })).status).toBe(401);
  });

  it('is the assistant endpoint\'s read tool list_ai_models, needing the same scope', async () => {
    const tools = (await t.dashboard('GET', '/dashboard/mcp')).body.tools as Array<{ name: string }>;
    expect(tools.find((tool) => tool.name === 'list_ai_models')).toEqual({ name: 'list_ai_models', description: expect.any(String), write: false, scopes: ['ai:models:read'] });
  });
});
