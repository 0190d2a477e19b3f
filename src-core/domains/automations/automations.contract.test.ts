// Automations over real HTTP: the node catalog, create (always paused), read, list, update, activation (refused
// without the integration a step needs), pause, delete; validation, scopes and other organizations' ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../contract/automations.ts';
import { SCOPES, type Scope } from '../../contract/scopes.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const api = (method: string, path: string, body?: unknown, token = key) => t.request(method, path, { token, body });
const WELCOME = {
  name: 'Welcome', trigger: { type: 'contact.created', config: {} },
  steps: [{ type: 'contact.add_tag', config: { tag: 'new' } }, { id: 'hello', type: 'sms.send', config: { senderId: 'ACMEIN', message: 'Hi' } }],
};
const IG_REPLY = {
  name: 'Instagram reply', trigger: { type: 'message.received', config: { channel: 'instagram', contains: 'price' } },
  steps: [{ id: 'reply', type: 'instagram.reply', config: { message: 'Our prices are on the site.' } }],
};

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
});
afterAll(async () => {
  await t.close();
});

describe('GET /v1/automations/node-catalog', () => {
  it('lists every trigger and node type with the config fields each takes and the integration it needs', async () => {
    const res = await api('GET', '/v1/automations/node-catalog');
    expect(res.status).toBe(200);
    expect(res.body.triggers.map((e: { type: string }) => e.type)).toEqual([
      'message.received', 'contact.created', 'shopify.order.created', 'shopify.order.fulfilled', 'form.submitted', 'contact.lifecycle_changed',
    ]);
    expect(res.body.nodes.map((e: { type: string }) => e.type)).toEqual([
      'whatsapp.send_template', 'sms.send', 'email.send', 'instagram.reply', 'wait', 'contact.add_tag', 'contact.remove_tag', 'condition',
    ]);
    const byType = Object.fromEntries([...res.body.triggers, ...res.body.nodes].map((e: CatalogEntry) => [e.type, e])) as Record<string, CatalogEntry>;
    expect(byType['message.received']?.config).toContainEqual({
      name: 'channel', type: 'enum', required: true, description: expect.any(String), options: ['whatsapp', 'sms', 'instagram', 'rcs', 'any'],
    });
    expect(byType['instagram.reply']).toMatchObject({ integration: 'instagram', config: [{ name: 'message', required: true }] });
    expect(byType['sms.send']?.integration).toBeNull();
    expect([byType['contact.created']?.integration, byType['shopify.order.created']?.integration, byType['shopify.order.fulfilled']?.integration]).toEqual([null, 'shopify', 'shopify']);
    expect(byType['shopify.order.fulfilled']?.config).toEqual([]);
    expect(byType.wait?.config.map((f) => f.name)).toEqual(['seconds', 'minutes', 'hours']);
  });
});

describe('create and read', () => {
  it('creates paused whatever active says, keeping steps as given (ids made where none), with 201', async () => {
    const res = await api('POST', '/v1/automations', { ...WELCOME, active: true, description: '  new contacts  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^aut_/), name: 'Welcome', description: 'new contacts', status: 'paused', active: false,
      trigger: { type: 'contact.created', config: {} },
      steps: [{ id: 'step_1', type: 'contact.add_tag', config: { tag: 'new' } }, { id: 'hello', type: 'sms.send', config: { senderId: 'ACMEIN', message: 'Hi' } }],
      executionCount: 0, lastExecutedAt: null, activatedAt: null, createdAt: '2026-01-15T09:00:00.000Z', updatedAt: '2026-01-15T09:00:00.000Z',
    });
    expect((await api('GET', `/v1/automations/${res.body.id}`)).body).toEqual(res.body);
  });

  it('saves a step of an unknown type or with a wrong config without error (the catalog is for checking first)', async () => {
    const res = await api('POST', '/v1/automations', {
      name: 'Sloppy', trigger: { type: 'contact.created' },
      steps: [{ type: 'send_fax', config: { to: 'x' } }, { type: 'wait', config: { days: 'two' } }, { type: 'sms.send' }],
    });
    expect(res.status).toBe(201);
    expect(res.body.steps).toEqual([
      { id: 'step_1', type: 'send_fax', config: { to: 'x' } }, { id: 'step_2', type: 'wait', config: { days: 'two' } }, { id: 'step_3', type: 'sms.send', config: {} },
    ]);
  });

  it('refuses a bad shape with 400 in the envelope, naming the field: steps, duplicate ids, trigger type and config', async () => {
    const bad: Array<[unknown, RegExp]> = [
      [{ ...WELCOME, name: '' }, /name/],
      [{ ...WELCOME, steps: { type: 'wait' } }, /steps/],
      [{ ...WELCOME, steps: [{ config: {} }] }, /steps\.0\.type/],
      [{ ...WELCOME, steps: [{ type: 'wait', config: 'soon' }] }, /steps\.0\.config/],
      [{ ...WELCOME, steps: [{ type: 'wait', delay: 5 }] }, /unknown field "steps\.0\.delay"/],
      [{ ...WELCOME, steps: [{ id: 'a', type: 'wait' }, { id: 'a', type: 'wait' }] }, /steps\.1\.id.*unique/],
      // The shared words of a list too long (it said `steps: at most 50 steps`).
      [{ ...WELCOME, steps: Array.from({ length: 51 }, () => ({ type: 'wait' })) }, /^Invalid body: steps: holds at most 50 items$/],
      [{ ...WELCOME, trigger: { type: 'order.created' } }, /trigger\.type.*unknown trigger type "order\.created"/],
      [{ ...WELCOME, trigger: { type: 'message.received', config: {} } }, /trigger\.config\.channel/],
      [{ ...WELCOME, trigger: { type: 'message.received', config: { channel: 'fax' } } }, /trigger\.config\.channel/],
      [{ ...WELCOME, trigger: { type: 'message.received', config: { channel: 'sms', keyword: 'a', contains: 'b' } } }, /keyword or contains, not both/],
      [{ ...WELCOME, trigger: { type: 'contact.created', config: { channel: 'sms' } } }, /^Invalid body: trigger\.config: unknown field "channel" \(contact\.created takes source\)$/],
      [{ ...WELCOME, trigger: { type: 'shopify.order.created', config: { status: 'paid', x: 1 } } },
        /^Invalid body: trigger\.config: unknown fields "status", "x" \(shopify\.order\.created takes no config\)$/],
      [{ trigger: WELCOME.trigger }, /name/],
    ];
    for (const [body, message] of bad) {
      const res = await api('POST', '/v1/automations', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
  });

  it('refuses an empty or blank step id with one message, saving nothing (leave it out and one is made)', async () => {
    const before = (await api('GET', '/v1/automations?limit=1')).body.meta.total as number;
    for (const id of ['', '   ']) {
      for (const [method, path] of [['POST', '/v1/automations'], ['PATCH', `/v1/automations/${(await api('POST', '/v1/automations', WELCOME)).body.id}`]] as const) {
        const res = await api(method, path, { ...WELCOME, steps: [{ id, type: 'wait', config: { minutes: 1 } }] });
        expect([res.status, res.body.message], `${method} ${JSON.stringify(id)}`).toEqual([400, 'Invalid body: steps.0.id: must not be empty']);
      }
    }
    const after = await api('GET', '/v1/automations?limit=100');
    expect(after.body.meta.total).toBe(before + 2);
    expect(after.body.data.slice(0, 2).map((a: { steps: Array<{ id: string }> }) => a.steps.map((step) => step.id))).toEqual([['step_1', 'hello'], ['step_1', 'hello']]);
  });

  it('refuses a step or trigger config over 16 KiB as JSON (every list answers it whole), saving nothing', async () => {
    const before = (await api('GET', '/v1/automations?limit=1')).body.meta.total as number;
    const big = 'x'.repeat(16_384);
    const step = await api('POST', '/v1/automations', { ...WELCOME, steps: [{ type: 'send_sms', config: { message: big } }] });
    expect([step.status, step.body.message]).toEqual([400, 'Invalid body: steps.0.config: must be at most 16 KiB as JSON']);
    const trigger = await api('POST', '/v1/automations', { ...WELCOME, trigger: { type: 'contact.created', config: { note: big } } });
    // Only its size: the config over it, or a type over 100 characters, is not also looked up and quoted back whole.
    expect([trigger.status, trigger.body.message]).toEqual([400, 'Invalid body: trigger.config: must be at most 16 KiB as JSON']);
    const key = await api('POST', '/v1/automations', { ...WELCOME, trigger: { type: 'contact.created', config: { ['k'.repeat(200_000)]: 1 } } });
    expect([key.status, key.body.message]).toEqual([400, 'Invalid body: trigger.config: must be at most 16 KiB as JSON']);
    const type = await api('POST', '/v1/automations', { ...WELCOME, trigger: { type: 't'.repeat(200_000) } });
    expect([type.status, type.body.message]).toEqual([400, 'Invalid body: trigger.type: must be at most 100 characters']);
    const created = (await api('POST', '/v1/automations', WELCOME)).body;
    const patched = await api('PATCH', `/v1/automations/${created.id}`, { steps: [{ type: 'wait', config: { minutes: 1, note: big } }] });
    expect([patched.status, patched.body.message]).toEqual([400, 'Invalid body: steps.0.config: must be at most 16 KiB as JSON']);
    expect((await api('GET', `/v1/automations/${created.id}`)).body.steps).toEqual(created.steps);
    expect((await api('GET', '/v1/automations?limit=1')).body.meta.total).toBe(before + 1);
    // Just under the cap is taken.
    const fits = await api('POST', '/v1/automations', { ...WELCOME, steps: [{ type: 'wait', config: { note: 'x'.repeat(16_000) } }] });
    expect(fits.status).toBe(201);
  });

  it('lists newest first, paged, filtered by status', async () => {
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Lister' })).body.id as string;
    const own = (await t.createKey({ organizationId: org })).key;
    const ids: string[] = [];
    for (const name of ['one', 'two', 'three']) {
      ids.push((await api('POST', '/v1/automations', { ...WELCOME, name }, own)).body.id);
      await t.advance(1);
    }
    expect((await api('POST', `/v1/automations/${ids[0]}/activate`, undefined, own)).status).toBe(200);
    const page = await api('GET', '/v1/automations?limit=2', undefined, own);
    expect(page.body.meta).toEqual({ total: 3, page: 1, limit: 2, totalPages: 2 });
    expect(page.body.data.map((a: { name: string }) => a.name)).toEqual(['three', 'two']);
    expect((await api('GET', '/v1/automations?page=2&limit=2', undefined, own)).body.data.map((a: { name: string }) => a.name)).toEqual(['one']);
    const active = await api('GET', '/v1/automations?status=active', undefined, own);
    expect(active.body.data.map((a: { id: string }) => a.id)).toEqual([ids[0]]);
    expect((await api('GET', '/v1/automations?status=on', undefined, own)).status).toBe(400);
    expect((await api('GET', '/v1/automations?limit=500', undefined, own)).body.meta.limit).toBe(100);
  });
});

describe('update, activate, pause, delete', () => {
  it('PATCH refuses more than 50 steps in the shared words of a list too long', async () => {
    const { id } = (await api('POST', '/v1/automations', WELCOME)).body;
    const res = await api('PATCH', `/v1/automations/${id}`, { steps: Array.from({ length: 51 }, () => ({ type: 'wait' })) });
    expect([res.status, res.body.message]).toEqual([400, 'Invalid body: steps: holds at most 50 items']);
  });

  it('PATCH changes what it names; active is refused there (the activate and pause routes do it)', async () => {
    const id = (await api('POST', '/v1/automations', WELCOME)).body.id as string;
    await t.advance(5);
    const res = await api('PATCH', `/v1/automations/${id}`, { name: 'Welcome 2', description: 'x', steps: [{ type: 'wait', config: { minutes: 1 } }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Welcome 2', description: 'x', steps: [{ id: 'step_1', type: 'wait', config: { minutes: 1 } }], updatedAt: '2026-01-15T09:00:08.000Z' });
    expect((await api('PATCH', `/v1/automations/${id}`, { description: null })).body).toMatchObject({ name: 'Welcome 2', description: null });
    // A blank description is none, as null is.
    expect((await api('PATCH', `/v1/automations/${id}`, { description: '  ' })).body.description).toBeNull();
    const active = await api('PATCH', `/v1/automations/${id}`, { active: true });
    expect([active.status, active.body.message]).toEqual([400, expect.stringMatching(/active: .*POST \/automations\/\{id\}\/activate/)]);
    expect((await api('PATCH', `/v1/automations/${id}`, {})).status).toBe(400);
    expect((await api('GET', `/v1/automations/${id}`)).body.status).toBe('paused');
  });

  it('activates and pauses, each idempotent', async () => {
    const id = (await api('POST', '/v1/automations', WELCOME)).body.id as string;
    const on = await api('POST', `/v1/automations/${id}/activate`);
    expect(on.body).toMatchObject({ status: 'active', active: true, activatedAt: expect.any(String) });
    expect((await api('POST', `/v1/automations/${id}/activate`)).body).toEqual(on.body);
    const off = await api('POST', `/v1/automations/${id}/pause`);
    expect([off.status, off.body.status, off.body.active]).toEqual([200, 'paused', false]);
    expect((await api('POST', `/v1/automations/${id}/pause`)).body.status).toBe('paused');
  });

  it('refuses activation with 409 while a step needs an integration that is not connected, naming the step', async () => {
    const id = (await api('POST', '/v1/automations', IG_REPLY)).body.id as string;
    const refused = await api('POST', `/v1/automations/${id}/activate`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      statusCode: 409, error: 'Conflict', code: 'INTEGRATION_NOT_CONNECTED', integration: 'instagram',
      steps: [{ stepId: 'reply', type: 'instagram.reply', integration: 'instagram' }],
    });
    expect(refused.body.message).toBe('Cannot activate this automation: step reply (instagram.reply) needs the Instagram integration, which is not connected for this organization: connect it in the dashboard first');
    expect((await api('GET', `/v1/automations/${id}`)).body.status).toBe('paused');
    // An active automation cannot gain such a step either.
    const other = (await api('POST', '/v1/automations', WELCOME)).body.id as string;
    await api('POST', `/v1/automations/${other}/activate`);
    expect((await api('PATCH', `/v1/automations/${other}`, { steps: IG_REPLY.steps })).status).toBe(409);
    // Once connected, it activates.
    expect((await t.dashboard('POST', '/dashboard/instagram/connection', { username: 'shop' })).status).toBe(201);
    expect((await api('POST', `/v1/automations/${id}/activate`)).body.status).toBe('active');
    await t.dashboard('DELETE', '/dashboard/instagram/connection');
  });

  it('DELETE answers 204; the automation and its executions are gone (404)', async () => {
    const id = (await api('POST', '/v1/automations', WELCOME)).body.id as string;
    const res = await api('DELETE', `/v1/automations/${id}`);
    expect(res.status).toBe(204);
    expect((await api('GET', `/v1/automations/${id}`)).status).toBe(404);
    expect((await api('GET', `/v1/automations/${id}/executions`)).status).toBe(404);
    expect((await api('DELETE', `/v1/automations/${id}`)).status).toBe(404);
  });
});

describe('ids and scopes', () => {
  it("answers 404 for an unknown id and for another organization's automation on every route", async () => {
    const id = (await api('POST', '/v1/automations', WELCOME)).body.id as string;
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Other' })).body.id as string;
    const other = (await t.createKey({ organizationId: org })).key;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/v1/automations/${id}`], ['PATCH', `/v1/automations/${id}`, { name: 'x' }], ['POST', `/v1/automations/${id}/activate`],
      ['POST', `/v1/automations/${id}/pause`], ['DELETE', `/v1/automations/${id}`], ['GET', `/v1/automations/${id}/executions`],
      ['POST', `/v1/automations/${id}/executions/aex_unknown/rerun`],
    ];
    for (const [method, path, body] of routes) {
      const res = await api(method, path, body, other);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body, `${method} ${path}`).toMatchObject({ statusCode: 404, error: 'Not Found', message: `Automation ${id} not found` });
      expect((await api(method, path.replace(id, 'aut_unknown'), body)).status).toBe(404);
    }
    expect((await api('GET', '/v1/automations', undefined, other)).body.meta.total).toBe(0);
    expect((await api('POST', `/v1/automations/${id}/executions/aex_unknown/rerun`)).body.message).toBe('Execution aex_unknown not found');
  });

  it('each route needs its scope: read, write, executions:read (403 naming it)', async () => {
    const id = (await api('POST', '/v1/automations', WELCOME)).body.id as string;
    const without = async (scope: Scope) => (await t.createKey({ scopes: SCOPES.filter((s) => s !== scope) })).key;
    const cases: Array<[Scope, string, string, unknown?]> = [
      ['automations:read', 'GET', '/v1/automations'], ['automations:read', 'GET', `/v1/automations/${id}`],
      ['automations:read', 'GET', '/v1/automations/node-catalog'], ['automations:write', 'POST', '/v1/automations', WELCOME],
      ['automations:write', 'PATCH', `/v1/automations/${id}`, { name: 'x' }], ['automations:write', 'POST', `/v1/automations/${id}/activate`],
      ['automations:write', 'POST', `/v1/automations/${id}/pause`], ['automations:write', 'DELETE', `/v1/automations/${id}`],
      ['automations:write', 'POST', `/v1/automations/${id}/executions/aex_x/rerun`],
      ['automations:executions:read', 'GET', `/v1/automations/${id}/executions`],
    ];
    for (const [scope, method, path, body] of cases) {
      const res = await api(method, path, body, await without(scope));
      expect([res.status, res.body.message], `${method} ${path}`).toEqual([403, `Insufficient scope. Required: ${scope}`]);
    }
    const readOnly = (await t.createKey({ scopes: ['automations:read'] })).key;
    expect((await api('GET', `/v1/automations/${id}`, undefined, readOnly)).status).toBe(200);
    expect((await api('GET', `/v1/automations/${id}/executions`, undefined, readOnly)).status).toBe(403);
  });
});
