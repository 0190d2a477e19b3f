// Automations on Shopify's orders over real HTTP: the `shopify.order.created` and `shopify.order.fulfilled` triggers
// need a connected shop to be activated; an order of the shop (POST /sim/shopify/orders, .../fulfill) runs them for
// the contact with the order's email, made if new, and only when an automation takes the order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });
const TAG = (tag: string) => ({ type: 'contact.add_tag', config: { tag } });

async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await t.server.bus.flush();
    await t.server.jobs.runDue();
  }
}
const order = async (body: Record<string, unknown>) => {
  const res = await t.dashboard('POST', '/sim/shopify/orders', { lineItems: [{ title: 'Mug', price: '5', quantity: 1 }], ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; orderNumber: string };
};
const contactByEmail = async (email: string) => ((await api('GET', `/v1/contacts?search=${encodeURIComponent(email)}`)).body.data as Array<{ id: string; email: string; tags: string[]; source: string }>)
  .find((c) => c.email === email);
const executions = async (id: string) => (await api('GET', `/v1/automations/${id}/executions`)).body.data as Array<Record<string, unknown> & { trigger: Record<string, unknown> }>;

let placed: string;
let shipped: string;
beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  const create = async (type: string, tag: string) => (await api('POST', '/v1/automations', { name: `On ${type}`, trigger: { type, config: {} }, steps: [TAG(tag)] })).body.id as string;
  placed = await create('shopify.order.created', 'customer');
  shipped = await create('shopify.order.fulfilled', 'shipped');
});
afterAll(async () => {
  await t.close();
});

describe('Shopify order triggers', () => {
  it('cannot be activated while no shop is connected: 409 naming the trigger and the Shopify integration (nor patched onto one)', async () => {
    const res = await api('POST', `/v1/automations/${placed}/activate`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'INTEGRATION_NOT_CONNECTED', integration: 'shopify', steps: [] });
    expect(res.body.message).toBe('Cannot activate this automation: the trigger (shopify.order.created) needs the Shopify integration, which is not connected for this organization: connect it in the dashboard first');
    expect((await api('POST', '/v1/automations', { name: 'Bad', trigger: { type: 'shopify.order.created', config: { status: 'paid' } } })).status).toBe(400);
    // Nor can an active automation be moved onto an order trigger.
    const active = (await api('POST', '/v1/automations', { name: 'New contacts', trigger: { type: 'contact.created', config: {} }, steps: [TAG('new')] })).body.id as string;
    expect((await api('POST', `/v1/automations/${active}/activate`)).status).toBe(200);
    const moved = await api('PATCH', `/v1/automations/${active}`, { trigger: { type: 'shopify.order.fulfilled', config: {} } });
    expect([moved.status, moved.body.integration]).toEqual([409, 'shopify']);
    expect((await api('POST', `/v1/automations/${active}/pause`)).status).toBe(200);
  });

  it('an order with no automation active makes no contact', async () => {
    await t.dashboard('POST', '/dashboard/shopify/connection', { shopDomain: 'auto-shop.myshopify.com' });
    await order({ email: 'nobody-listens@example.com' });
    await settle();
    expect(await contactByEmail('nobody-listens@example.com')).toBeUndefined();
  });

  it('a new order runs the order-placed automation for the contact with its email, made when new; fulfilling it runs the other', async () => {
    for (const id of [placed, shipped]) expect((await api('POST', `/v1/automations/${id}/activate`)).status).toBe(200);
    const placedOrder = await order({ email: 'new.buyer@example.com' });
    await settle();
    const contact = await contactByEmail('new.buyer@example.com');
    expect(contact).toMatchObject({ source: 'email', tags: ['customer'] });
    const [run] = await executions(placed);
    expect(run).toMatchObject({
      status: 'completed',
      trigger: { type: 'shopify.order.created', eventId: expect.stringMatching(/^evt_/), contactId: contact?.id, channel: null, address: 'new.buyer@example.com', messageId: null, text: null },
      steps: [{ stepId: 'step_1', type: 'contact.add_tag', status: 'done' }],
    });
    expect(await executions(shipped)).toEqual([]);

    expect((await t.dashboard('POST', `/sim/shopify/orders/${placedOrder.id}/fulfill`, { tracking: { carrier: 'UPS', number: '1Z9' } })).status).toBe(200);
    await settle();
    expect((await contactByEmail('new.buyer@example.com'))?.tags).toEqual(['customer', 'shipped']);
    expect((await executions(shipped))[0]).toMatchObject({ status: 'completed', trigger: { type: 'shopify.order.fulfilled', contactId: contact?.id } });
    expect(await executions(placed)).toHaveLength(1);
  });

  it('an order without an email runs with no contact: a step that needs one fails and says so', async () => {
    await order({});
    await settle();
    const [latest] = await executions(placed);
    expect(latest).toMatchObject({ status: 'failed', trigger: { contactId: null, address: null }, steps: [{ status: 'failed', detail: expect.stringMatching(/no contact/) }] });
  });
});
