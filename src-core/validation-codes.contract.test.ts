// A field's value refused by a rule its schema cannot check is `VALIDATION_FAILED`, on every route, as the schemas' own
// refusals are: the voice app, booking sessions' expiresAt, an API key's expiry, an agent call's toNumber and the
// simulated shop said `BAD_REQUEST`. `BAD_REQUEST` stays for a request the state of things refuses (a call that has
// ended or did not come in, no business number), which no change to a field would mend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './testing/test-server.ts';
import { startVoiceAppTest } from './testing/voice-app-calls.ts';
import type { WebhookReceiver } from './testing/webhook-receiver.ts';

let t: TestServer;
let key: string;
let hooks: WebhookReceiver;
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });
type Answer = { status: number; body: { code?: string; message?: string } };
const codeOf = (res: Answer) => [res.status, res.body.code, res.body.message];
const invalid = (message: RegExp) => [400, 'VALIDATION_FAILED', expect.stringMatching(message)];

beforeAll(async () => {
  ({ t, key, hooks } = await startVoiceAppTest());
  await api('POST', '/v1/voice/app/identities', { externalId: 'pro_1', role: 'PRO' });
  await api('POST', '/v1/voice/app/identities', { externalId: 'cust_1', role: 'CUSTOMER' });
});
afterAll(async () => {
  await hooks.close();
  await t.close();
});

describe('a field refused by a rule beyond its schema', () => {
  it('is VALIDATION_FAILED on the voice app: a call\'s parties and phone, a connect\'s to, a business number, the simulated caller', async () => {
    expect(codeOf(await api('POST', '/v1/voice/app/calls', { type: 'app', from: 'cust_1', to: 'cust_1' }))).toEqual(invalid(/^from and to are the same/));
    expect(codeOf(await api('POST', '/v1/voice/app/calls', { type: 'phone', from: 'cust_1', to: 'call me' }))).toEqual(invalid(/^Invalid phone number call me/));
    expect(codeOf(await api('POST', '/v1/voice/app/calls', { type: 'phone', from: 'cust_1', to: '+18005550142' }))).toEqual(invalid(/own business number/));
    const inbound = (await t.dashboard('POST', '/sim/voice/inbound-call', { from: '+14155550160' })).body.callId as string;
    expect(codeOf(await api('POST', `/v1/voice/app/calls/${inbound}/connect`, { type: 'phone', to: 'nobody' }))).toEqual(invalid(/^Invalid phone number nobody/));
    expect(codeOf(await api('POST', `/v1/voice/app/calls/${inbound}/connect`, { type: 'app', to: '+14155550160' }))).toEqual(invalid(/^to is the caller/));
    expect(codeOf(await t.dashboard('POST', '/dashboard/voice/app/numbers', { number: '+0800 555' }))).toEqual(invalid(/^Invalid number \+0800 555/));
    expect(codeOf(await t.dashboard('POST', '/sim/voice/inbound-call', { from: 'nobody' }))).toEqual(invalid(/^Invalid phone number nobody/));
  });

  it('is VALIDATION_FAILED for a booking session\'s or an API key\'s expiresAt, an agent call to its own line, the simulated shop\'s ids and dates', async () => {
    const session = (expiresAt: string) => api('POST', '/v1/voice/app/sessions', { externalRef: 'bk_1', proExternalId: 'pro_1', customerExternalId: 'cust_1', expiresAt });
    expect(codeOf(await session('2026-01-15T08:59:59Z'))).toEqual(invalid(/expiresAt: must be in the future/));
    expect(codeOf(await session('2026-04-15T09:00:01Z'))).toEqual(invalid(/expiresAt: must be at most 90 days ahead/));
    const key2 = await t.dashboard('POST', '/dashboard/api-keys', { name: 'late', environment: 'test', scopes: ['contacts:read'], expiresAt: '2026-01-15T08:00:00Z' });
    expect(codeOf(key2)).toEqual(invalid(/^expiresAt must be in the future/));
    const agentId = (await api('POST', '/v1/voice/agents', { name: 'A', greeting: 'Hi.', instructions: 'x' })).body.id as string;
    expect(codeOf(await api('POST', '/v1/voice/calls/outbound', { agentId, toNumber: '+18005550100' }))).toEqual(invalid(/is the number agent calls come from/));
    expect((await t.dashboard('POST', '/dashboard/shopify/connection', { shopDomain: 'codes.myshopify.com' })).status).toBe(201);
    expect(codeOf(await t.dashboard('POST', '/sim/shopify/collections', { title: 'C', productIds: ['nope'] }))).toEqual(invalid(/^productIds: the shop has no product nope/));
    const order = (extra: Record<string, unknown>) => t.dashboard('POST', '/sim/shopify/orders', { lineItems: [{ title: 'Mug', price: '5.00', quantity: 1 }], ...extra });
    expect(codeOf(await order({ customerId: 'nope' }))).toEqual(invalid(/^customerId: the shop has no customer nope/));
    expect(codeOf(await order({ lineItems: [{ variantId: 'nope', quantity: 1 }] }))).toEqual(invalid(/^lineItems\.0\.variantId: the shop has no variant nope/));
    const discount = await t.dashboard('POST', '/sim/shopify/discounts', {
      code: 'LATE', type: 'percentage', value: 5, startsAt: '2026-02-01T00:00:00Z', expiresAt: '2026-01-31T00:00:00Z',
    });
    expect(codeOf(discount)).toEqual(invalid(/^expiresAt: must be after startsAt/));
  });

  it('leaves BAD_REQUEST to a call whose state refuses the request: connecting one that did not come in, or has ended', async () => {
    const outbound = (await api('POST', '/v1/voice/app/calls', { type: 'app', from: 'cust_1', to: 'pro_1' })).body.callId as string;
    const notInbound = await api('POST', `/v1/voice/app/calls/${outbound}/connect`, { type: 'app', to: 'pro_1' });
    expect(codeOf(notInbound)).toEqual([400, 'BAD_REQUEST', expect.stringMatching(/did not come in on the business number/)]);
    const inbound = (await t.dashboard('POST', '/sim/voice/inbound-call', { from: '+14155550161' })).body.callId as string;
    await t.advance(60);
    const ended = await api('POST', `/v1/voice/app/calls/${inbound}/connect`, { type: 'app', to: 'pro_1' });
    expect(codeOf(ended)).toEqual([400, 'BAD_REQUEST', expect.stringMatching(/has already ended/)]);
  });
});
