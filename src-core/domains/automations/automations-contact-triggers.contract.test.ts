// Automations on forms and lifecycle stages over real HTTP: a visitor's submission (POST /forms/{id}/submissions)
// runs a `form.submitted` automation for the contact it made, and a stage change (PUT /dashboard/contacts/{id}/
// lifecycle-stage) runs a `contact.lifecycle_changed` one only when the contact moves into its stage; a form or stage
// the organization does not have is refused at save.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });
const WELCOME = { type: 'whatsapp.send_template', config: { templateName: 'welcome', languageCode: 'en', bodyParameters: ['friend'] } };
const TAG = (tag: string) => ({ type: 'contact.add_tag', config: { tag } });

async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await t.server.bus.flush();
    await t.server.jobs.runDue();
  }
}
/** An active automation of `trigger`, with `steps`. */
async function automation(name: string, trigger: Record<string, unknown>, steps: unknown[]): Promise<string> {
  const created = await api('POST', '/v1/automations', { name, trigger, steps });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await api('POST', `/v1/automations/${created.body.id}/activate`)).status).toBe(200);
  return created.body.id as string;
}
const executions = async (id: string) => (await api('GET', `/v1/automations/${id}/executions`)).body.data as Array<Record<string, unknown> & { trigger: Record<string, unknown> }>;
const newForm = async (name: string) => {
  const created = await t.dashboard('POST', '/dashboard/forms', { name, fields: { name: 'optional', email: 'optional', phone: 'required' } });
  expect(created.status).toBe(201);
  return created.body.id as string;
};
const submit = (formId: string, body: Record<string, string>) => t.request('POST', `/forms/${formId}/submissions`, { body });
/** One of the stages every organization starts with. */
const stageNamed = async (name: string) => ((await t.dashboard('GET', '/dashboard/lifecycle-stages')).body.data as Array<{ id: string; name: string }>)
  .find((stage) => stage.name === name)?.id as string;

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  t.server.services.wallet.topUp(t.organizationId, { amountPaise: 100_000 });
  const template = { name: 'welcome', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Welcome {{1}}, thanks for signing up.' }] };
  expect((await api('POST', '/v1/whatsapp/templates', template)).status).toBe(201);
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

describe('form.submitted', () => {
  it("a submission of the configured form runs it for the submission's contact: the template reaches their phone; another form's does not", async () => {
    const offer = await newForm('Offer sign-up');
    const other = await newForm('Callback');
    const id = await automation('Welcome sign-ups', { type: 'form.submitted', config: { formId: offer } }, [WELCOME, TAG('signed-up')]);
    const anyForm = await automation('Every form', { type: 'form.submitted', config: {} }, [TAG('any-form')]);
    const submission = await submit(offer, { name: 'Nisha', phone: '+14155550141' });
    expect(submission.status).toBe(201);
    expect((await submit(other, { phone: '+14155550142' })).status).toBe(201);
    await settle();

    const runs = await executions(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'completed',
      trigger: { type: 'form.submitted', contactId: submission.body.contactId, formId: offer, submissionId: submission.body.id, channel: null, address: null },
      steps: [{ type: 'whatsapp.send_template', status: 'done', detail: 'WhatsApp template welcome sent to +14155550141' }, { type: 'contact.add_tag', status: 'done' }],
    });
    expect((await t.handset('+14155550141')).map((m: { text: string }) => m.text)).toContain('Welcome friend, thanks for signing up.');
    expect(await t.handset('+14155550142')).toEqual([]);
    expect((await t.dashboard('GET', `/dashboard/contacts/${submission.body.contactId}`)).body.tags).toEqual(expect.arrayContaining(['signed-up', 'any-form']));
    expect((await executions(anyForm)).map((run) => run.trigger.formId).sort()).toEqual([offer, other].sort());
  });

  it('refuses a form the organization does not have, at create and at update (400 naming the field); the catalog lists the trigger', async () => {
    const created = await api('POST', '/v1/automations', { name: 'X', trigger: { type: 'form.submitted', config: { formId: 'form_nope' } }, steps: [] });
    expect([created.status, created.body.code, created.body.message]).toEqual([400, 'VALIDATION_FAILED',
      'Invalid body: trigger.config.formId: form form_nope not found in this organization (see GET /dashboard/forms)']);
    const elsewhere = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Elsewhere' })).body.id as string;
    const foreign = (await t.dashboard('POST', '/dashboard/forms', { organizationId: elsewhere, name: 'Theirs' })).body.id as string;
    const ok = await api('POST', '/v1/automations', { name: 'Y', trigger: { type: 'form.submitted', config: {} }, steps: [] });
    const changed = await api('PATCH', `/v1/automations/${ok.body.id}`, { trigger: { type: 'form.submitted', config: { formId: foreign } } });
    expect([changed.status, changed.body.message]).toEqual([400, expect.stringContaining(`trigger.config.formId: form ${foreign} not found`)]);
    const catalog = (await api('GET', '/v1/automations/node-catalog')).body;
    expect(catalog.triggers.find((e: { type: string }) => e.type === 'form.submitted')).toMatchObject({
      integration: null, config: [{ name: 'formId', type: 'string', required: false, references: 'form' }],
    });
  });
});

describe('contact.lifecycle_changed', () => {
  it('runs when the contact moves into the configured stage, not into another stage', async () => {
    const lead = await stageNamed('Lead');
    const customer = await stageNamed('Customer');
    const id = await automation('Welcome customers', { type: 'contact.lifecycle_changed', config: { stageId: customer } }, [WELCOME]);
    const anyChange = await automation('Every change', { type: 'contact.lifecycle_changed', config: {} }, [TAG('stage-changed')]);
    const contact = (await t.dashboard('POST', '/dashboard/contacts', { name: 'Omar', phone: '+14155550143' })).body.id as string;
    const move = (stageId: string | null) => t.dashboard('PUT', `/dashboard/contacts/${contact}/lifecycle-stage`, { stageId });

    expect((await move(lead)).status).toBe(200);
    await settle();
    expect(await executions(id)).toEqual([]);
    expect(await t.handset('+14155550143')).toEqual([]);

    expect((await move(customer)).status).toBe(200);
    await settle();
    const runs = await executions(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'completed', trigger: { type: 'contact.lifecycle_changed', contactId: contact, stageId: customer, previousStageId: lead },
      steps: [{ type: 'whatsapp.send_template', status: 'done' }],
    });
    expect((await t.handset('+14155550143')).map((m: { text: string }) => m.text)).toEqual(['Welcome friend, thanks for signing up.']);
    expect((await executions(anyChange)).map((run) => run.trigger.stageId)).toEqual([customer, lead]);
  });

  it('refuses a stage the organization does not have (400 naming the field); the catalog lists the trigger', async () => {
    const created = await api('POST', '/v1/automations', { name: 'X', trigger: { type: 'contact.lifecycle_changed', config: { stageId: 'stage_nope' } }, steps: [] });
    expect([created.status, created.body.message]).toEqual([400,
      'Invalid body: trigger.config.stageId: lifecycle stage stage_nope not found in this organization (see GET /dashboard/lifecycle-stages)']);
    const catalog = (await api('GET', '/v1/automations/node-catalog')).body;
    expect(catalog.triggers.find((e: { type: string }) => e.type === 'contact.lifecycle_changed')).toMatchObject({
      integration: null, config: [{ name: 'stageId', type: 'string', required: false, references: 'lifecycle_stage' }],
    });
  });
});
