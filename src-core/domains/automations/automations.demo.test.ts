// The automations demo fixtures, on the full demo seed: three automations (two active, one paused), and a customer
// writing "offer" on WhatsApp gets the welcome offer a minute later, sent by the automation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
beforeAll(async () => {
  t = await createTestServer({ seed: 'demo' });
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
});
afterAll(async () => {
  await t.close();
});

describe('seedAutomationsDemo', () => {
  it('leaves two active automations and a paused one, none run yet', async () => {
    const list = (await t.request('GET', '/v1/automations', { token: key })).body;
    expect(list.data.map((a: { name: string; status: string; executionCount: number }) => [a.name, a.status, a.executionCount])).toEqual([
      ['Tag contacts added by hand', 'paused', 0], ['Price questions on Instagram', 'active', 0], ['Welcome offer on request', 'active', 0],
    ]);
  });

  it('sends the welcome offer a minute after a customer writes "offer" on WhatsApp', async () => {
    expect((await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550188', text: 'Offer' })).status).toBe(201);
    await t.server.bus.flush();
    await t.server.jobs.runDue();
    await t.advance(60);
    const offer = (await t.request('GET', '/v1/automations?status=active', { token: key })).body.data.find((a: { name: string }) => a.name === 'Welcome offer on request');
    const run = (await t.request('GET', `/v1/automations/${offer.id}/executions`, { token: key })).body.data[0];
    expect(run).toMatchObject({ status: 'completed', steps: [{ stepId: 'tag', status: 'done' }, { stepId: 'pause' }, { stepId: 'send', status: 'done' }] });
    // The step gives one value to everyone (it reads no contact field): one that reads right after the store's name.
    expect((await t.handset('+14155550188')).map((m: { text: string }) => m.text).join()).toContain('Welcome to Example Store, friend! Use code WELCOME10');
  });
});
