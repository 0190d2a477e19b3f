// A "Send WhatsApp template" step is checked against its template when the automation is saved (POST and PATCH with
// steps): a template missing in that language, not approved, a body value short, or a media header without its link is
// 400 naming the step, in words (no raw components JSON); a run whose send is refused says why in the same words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });
const TRIGGER = { type: 'message.received', config: { channel: 'whatsapp', keyword: 'offer' } };
const TAG = { type: 'contact.add_tag', config: { tag: 'x' } };
const IMAGE = { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/welcome.png' } }] };
const BODY = { type: 'body', parameters: [{ type: 'text', text: 'friend' }] };
const step = (config: Record<string, unknown>) => ({ type: 'whatsapp.send_template', config: { templateName: 'welcome_offer', languageCode: 'en_US', ...config } });
const create = (steps: unknown[]) => api('POST', '/v1/automations', { name: 'Welcome offer', trigger: TRIGGER, steps });

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  t.server.services.wallet.topUp(t.organizationId, { amountPaise: 100_000 });
  const welcome = { name: 'welcome_offer', category: 'MARKETING', language: 'en_US', components: [{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Welcome, {{1}}!' }] };
  expect((await api('POST', '/v1/whatsapp/templates', welcome)).status).toBe(201);
  expect((await api('POST', '/v1/whatsapp/templates', { name: 'reject_sale', category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'Sale!' }] })).status).toBe(201);
  await t.advance(60);
  expect((await api('POST', '/v1/whatsapp/templates', { name: 'autumn', category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'Autumn is here.' }] })).status).toBe(201);
});
afterAll(async () => {
  await t.close();
});

describe('saving a WhatsApp template step', () => {
  it('refuses a media header without its link, naming the step, in words: no JSON', async () => {
    const refused = await create([TAG, step({ bodyParameters: ['friend'] })]);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED',
      message: 'Invalid body: steps.1 (step step_2, Send WhatsApp template): template welcome_offer has an image header: give a link to the header image',
    });
    const badLink = await create([step({ components: [{ type: 'header', parameters: [{ type: 'image', image: { link: 'cdn/welcome.png' } }] }, BODY] })]);
    expect(badLink.body.message).toBe('Invalid body: steps.0 (step step_1, Send WhatsApp template): template welcome_offer has an image header: its link must be an http(s) web address, not "cdn/welcome.png"');
    expect((await api('GET', '/v1/automations')).body.data).toEqual([]);
  });

  it('refuses a template not found in that language (saying which it exists in), or not approved', async () => {
    const language = await create([step({ languageCode: 'en', components: [IMAGE, BODY] })]);
    expect(language.status).toBe(400);
    expect(language.body.message).toBe('Invalid body: steps.0 (step step_1, Send WhatsApp template): template welcome_offer (en) not found in this organization: it exists in en_US; choose that language');
    const unknown = await create([step({ templateName: 'nope', languageCode: 'en' })]);
    expect(unknown.body.message).toBe('Invalid body: steps.0 (step step_1, Send WhatsApp template): template nope (en) not found in this organization');
    const rejected = await create([step({ templateName: 'reject_sale', languageCode: 'en' }), step({ templateName: 'autumn', languageCode: 'en' })]);
    expect(rejected.status).toBe(400);
    expect(rejected.body.message).toBe('Invalid body: steps.0 (step step_1, Send WhatsApp template): template reject_sale (en) is REJECTED; only APPROVED templates can be sent; '
      + 'steps.1 (step step_2, Send WhatsApp template): template autumn (en) is PENDING; only APPROVED templates can be sent');
  });

  it('refuses a body value count that is not the placeholders\'', async () => {
    const none = await create([step({ components: [IMAGE] })]);
    expect(none.body.message).toBe('Invalid body: steps.0 (step step_1, Send WhatsApp template): template welcome_offer body expects 1 value, got 0');
    const two = await create([step({ components: [IMAGE, { type: 'body', parameters: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }] })]);
    expect(two.status).toBe(400);
    expect(two.body.message).toContain('body expects 1 value, got 2');
  });

  it('saves a step its template takes; PATCH checks the steps it sends, and a rename alone goes through', async () => {
    const created = await create([step({ components: [IMAGE, BODY] })]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const patched = await api('PATCH', `/v1/automations/${id}`, { steps: [step({ bodyParameters: ['friend'] })] });
    expect(patched.status).toBe(400);
    expect(patched.body.message).toBe('Invalid body: steps.0 (step step_1, Send WhatsApp template): template welcome_offer has an image header: give a link to the header image');
    expect((await api('PATCH', `/v1/automations/${id}`, { name: 'Renamed' })).status).toBe(200);
    // A config its type does not take is still saved without error (seed 000), and skipped at run time.
    expect((await create([{ type: 'whatsapp.send_template', config: { templateName: 'welcome_offer' } }])).status).toBe(201);
  });

  it('a run whose send is refused says why in words (a step stored before the check, or its template changed since)', async () => {
    const id = (await create([step({ components: [IMAGE, BODY] })])).body.id as string;
    // As stored before this check existed: body values only.
    t.server.db.sql.prepare('UPDATE automations SET steps = ? WHERE id = ?').run(JSON.stringify([{ id: 'send', ...step({ bodyParameters: ['friend'] }) }]), id);
    expect((await api('POST', `/v1/automations/${id}/activate`)).status).toBe(200);
    expect((await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550177', text: 'offer' })).status).toBe(201);
    await t.server.bus.flush();
    await t.server.jobs.runDue();
    const [run] = (await api('GET', `/v1/automations/${id}/executions`)).body.data;
    expect(run).toMatchObject({ status: 'failed', error: 'step send (whatsapp.send_template) failed: template welcome_offer has an image header: give a link to the header image' });
    expect(run.steps[0]).toMatchObject({ status: 'failed', errorCode: 'VALIDATION_FAILED' });
  });
});
