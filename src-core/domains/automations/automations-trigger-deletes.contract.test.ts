// A form or a lifecycle stage an automation (active or paused) triggers on is not deleted: 409 CONFLICT naming the
// automations (the first 3, then "and N more"), as a stage with contacts in it is refused. Once no automation names it
// (its trigger changed, or it deleted), the delete goes through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });
const TAG = { type: 'contact.add_tag', config: { tag: 'x' } };
const automation = async (name: string, trigger: Record<string, unknown>, active = false): Promise<string> => {
  const created = await api('POST', '/v1/automations', { name, trigger, steps: [TAG], active });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
};
const newForm = async (name: string) => (await t.dashboard('POST', '/dashboard/forms', { name, fields: { name: 'optional', email: 'optional', phone: 'required' } })).body.id as string;
const newStage = async (name: string) => (await t.dashboard('POST', '/dashboard/lifecycle-stages', { name })).body.id as string;

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
});
afterAll(async () => {
  await t.close();
});

describe('deleting what an automation triggers on', () => {
  it('refuses a form an active or paused automation triggers on (409 naming them), then deletes it once none does', async () => {
    const form = await newForm('Festive offer');
    const other = await newForm('Callback');
    const active = await automation('Welcome sign-ups', { type: 'form.submitted', config: { formId: form } }, true);
    const paused = await automation('Tag sign-ups', { type: 'form.submitted', config: { formId: form } });
    await automation('Any form', { type: 'form.submitted', config: {} }, true);
    await automation('Callbacks', { type: 'form.submitted', config: { formId: other } });
    const refused = await t.dashboard('DELETE', `/dashboard/forms/${form}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      statusCode: 409, error: 'Conflict',
      message: 'Form Festive offer cannot be deleted: the automations "Welcome sign-ups", "Tag sign-ups" trigger on it; change their triggers or delete them first',
      automations: [{ id: active, name: 'Welcome sign-ups' }, { id: paused, name: 'Tag sign-ups' }],
    });
    expect((await t.dashboard('GET', `/dashboard/forms/${form}`)).status).toBe(200);
    // One moved to another form, the other deleted: nothing names it, and it goes.
    expect((await api('PATCH', `/v1/automations/${active}`, { trigger: { type: 'form.submitted', config: { formId: other } } })).status).toBe(200);
    const one = await t.dashboard('DELETE', `/dashboard/forms/${form}`);
    expect(one.body.message).toBe('Form Festive offer cannot be deleted: the automation "Tag sign-ups" triggers on it; change its trigger or delete it first');
    expect((await api('DELETE', `/v1/automations/${paused}`)).status).toBe(204);
    expect((await t.dashboard('DELETE', `/dashboard/forms/${form}`)).status).toBe(204);
  });

  it('refuses a lifecycle stage an automation moves into, naming the first 3 and how many more; another stage is deleted', async () => {
    const stage = await newStage('Champion');
    const free = await newStage('Dormant');
    const ids = [];
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) ids.push(await automation(name, { type: 'contact.lifecycle_changed', config: { stageId: stage } }, name === 'Two'));
    await automation('Every move', { type: 'contact.lifecycle_changed', config: {} }, true);
    const refused = await t.dashboard('DELETE', `/dashboard/lifecycle-stages/${stage}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: 'Conflict',
      message: 'Lifecycle stage Champion cannot be deleted: the automations "One", "Two", "Three" and 2 more trigger on it; change their triggers or delete them first',
    });
    expect((refused.body.automations as Array<{ id: string }>).map((a) => a.id)).toEqual(ids);
    expect((await t.dashboard('DELETE', `/dashboard/lifecycle-stages/${free}`)).body).toEqual({ success: true, id: free });
    for (const id of ids) expect((await api('DELETE', `/v1/automations/${id}`)).status).toBe(204);
    expect((await t.dashboard('DELETE', `/dashboard/lifecycle-stages/${stage}`)).body).toEqual({ success: true, id: stage });
  });
});
