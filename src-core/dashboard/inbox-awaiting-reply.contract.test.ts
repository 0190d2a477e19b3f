// Which conversations wait for the team, over real HTTP: one started by a message sent from outside the inbox (an API
// send here; campaigns, automations and OTPs go through the same send path) starts resolved by `system`, out of Open and
// its unread counts; the customer's answer reopens it, live; a later API send to an open conversation leaves it open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type Row = { id: string; address: string; state: string; resolvedAt: string | null; resolvedBy: string | null; unreadCount: number };
let t: TestServer;
let key: string;
const hello = { name: 'hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}, your order has shipped.' }] };
const send = (to: string) => t.request('POST', '/v1/whatsapp/send-template', {
  token: key, body: { to, templateName: 'hello', languageCode: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Sam' }] }] },
});
const list = async (state: string) => (await t.dashboard('GET', `/dashboard/conversations?channel=whatsapp&state=${state}`)).body.data as Row[];
const inState = async (state: string) => (await list(state)).map((c) => c.address);

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  t.server.services.wallet.topUp(t.organizationId, { amountPaise: 100_000 });
  expect((await t.request('POST', '/v1/whatsapp/templates', { token: key, body: hello })).status).toBe(201);
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

describe('conversations nobody is waiting on', () => {
  it('an API send to a new number starts its conversation resolved by system: not in Open, not counted unread', async () => {
    expect((await send('+14155550601')).status).toBe(200);
    const at = new Date(t.server.clock.now()).toISOString();
    expect(await inState('open')).toEqual([]);
    const [row] = await list('resolved');
    expect(row).toMatchObject({ address: '+14155550601', state: 'resolved', resolvedAt: at, resolvedBy: 'system', unreadCount: 0 });
    expect((await t.dashboard('GET', '/dashboard/conversations/unread-counts')).body).toMatchObject({ whatsapp: 0 });
    // A second send changes nothing: still waiting on the customer.
    await t.advance(30);
    expect((await send('+14155550601')).status).toBe(200);
    expect((await list('resolved'))[0]).toMatchObject({ address: '+14155550601', resolvedAt: at, resolvedBy: 'system' });
  });

  it('the customer answering reopens it: Open, unread, state cleared', async () => {
    await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550601', text: 'Where is it now?' });
    expect(await inState('resolved')).toEqual([]);
    expect((await list('open'))[0]).toMatchObject({ address: '+14155550601', state: 'open', resolvedAt: null, resolvedBy: null, unreadCount: 1 });
  });

  it('a conversation the customer started stays open through an API send; one resolved by the team stays resolved by it', async () => {
    await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550602', text: 'Hi' });
    expect((await send('+14155550602')).status).toBe(200);
    expect(await inState('open')).toEqual(['+14155550602', '+14155550601']);
    const id = (await list('open'))[0]!.id;
    await t.dashboard('POST', `/dashboard/conversations/${id}/resolve`, {});
    expect((await send('+14155550602')).status).toBe(200);
    expect((await list('resolved'))[0]).toMatchObject({ address: '+14155550602', resolvedBy: 'console' });
  });
});
