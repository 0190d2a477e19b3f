// Automations running over real HTTP: a customer writing in (POST /sim/inbound) sets an active automation off; its
// sends reach the simulated handset with source AUTOMATION, charged as the dedicated routes charge; waits move with
// POST /sim/clock/advance and survive a restart; blocked contacts, unknown steps, conditions, pause, rerun and paging.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSmsSale } from '../../testing/sale-fixtures.ts';
import { createTestServer, stoppedCopy, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const api = (method: string, path: string, body?: unknown, server = t) => server.request(method, path, { token: key, body });
const inbound = (channel: string, from: string, text: string) => t.dashboard('POST', '/sim/inbound', { channel, from, text });
const balance = async (): Promise<number> => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;
const THANKS = { type: 'whatsapp.send_template', config: { templateName: 'thanks', languageCode: 'en', bodyParameters: ['there'] } };

/** Lets the events committed so far set their executions off, and the runs due now go as far as they go. */
async function settle(server = t): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await server.server.bus.flush();
    await server.server.jobs.runDue();
  }
}
/** An active automation on WhatsApp messages that are exactly `keyword`. */
async function automation(keyword: string, steps: unknown[], channel = 'whatsapp'): Promise<string> {
  const created = await api('POST', '/v1/automations', { name: `On ${keyword}`, trigger: { type: 'message.received', config: { channel, keyword } }, steps });
  expect(created.status).toBe(201);
  expect((await api('POST', `/v1/automations/${created.body.id}/activate`)).status).toBe(200);
  return created.body.id as string;
}
const executions = async (id: string, query = '', server = t) => (await api('GET', `/v1/automations/${id}/executions${query}`, undefined, server)).body;

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  t.server.services.wallet.topUp(t.organizationId, { amountPaise: 100_000 });
  const template = { name: 'thanks', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Thanks {{1}}, we got your message.' }] };
  expect((await api('POST', '/v1/whatsapp/templates', template)).status).toBe(201);
  await addSmsSale(t);
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

describe('a customer writing in', () => {
  it('runs the active automation: the template reaches the handset, logged with source AUTOMATION and charged as a dedicated send', async () => {
    const id = await automation('price', [THANKS, { type: 'contact.add_tag', config: { tag: 'asked-price' } }]);
    const before = await balance();
    expect((await inbound('whatsapp', '+14155550111', '  PRICE ')).status).toBe(201);
    await settle();
    const { data, meta } = await executions(id);
    expect(meta.total).toBe(1);
    expect(data[0]).toMatchObject({
      id: expect.stringMatching(/^aex_/), automationId: id, status: 'completed', error: null, rerunOf: null, waitingUntil: null,
      trigger: { type: 'message.received', eventId: expect.stringMatching(/^evt_/), channel: 'whatsapp', address: '+14155550111', text: '  PRICE ' },
      steps: [
        { stepId: 'step_1', type: 'whatsapp.send_template', status: 'done', messageId: expect.any(String), errorCode: null },
        { stepId: 'step_2', type: 'contact.add_tag', status: 'done', detail: 'added the tag asked-price' },
      ],
      startedAt: expect.any(String), finishedAt: expect.any(String),
    });
    expect((await t.handset('+14155550111')).map((m: { text: string }) => m.text)).toContain('Thanks there, we got your message.');
    const log = (await api('GET', '/v1/whatsapp/logs?direction=outbound')).body.data.find((m: { id: string }) => m.id === data[0].steps[0].messageId);
    expect(log).toMatchObject({ source: 'AUTOMATION', sourceName: 'On price', templateName: 'thanks', isBillable: true });
    expect(log.billingAmountPaise).toBeGreaterThan(0);
    expect(await balance()).toBe(before - log.billingAmountPaise);
    const contact = (await api('GET', '/v1/contacts?search=14155550111')).body.data[0];
    expect(contact.tags).toEqual(['asked-price']);
    expect((await api('GET', `/v1/automations/${id}`)).body).toMatchObject({ executionCount: 1, lastExecutedAt: data[0].startedAt });
  });

  it('runs only for its trigger: another keyword, another channel, a paused automation or another organization start nothing', async () => {
    const id = await automation('hours', [{ type: 'contact.add_tag', config: { tag: 'x' } }]);
    const paused = (await api('POST', '/v1/automations', { name: 'Paused', trigger: { type: 'message.received', config: { channel: 'any' } }, steps: [] })).body.id as string;
    await inbound('whatsapp', '+14155550112', 'what are your hours?');
    await inbound('sms', '+14155550112', 'hours');
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Elsewhere' })).body.id as string;
    await t.dashboard('POST', '/sim/inbound', { organizationId: org, channel: 'whatsapp', from: '+14155550112', text: 'hours' });
    await settle();
    expect((await executions(id)).meta.total).toBe(0);
    expect((await executions(paused)).meta.total).toBe(0);
    await inbound('whatsapp', '+14155550112', 'Hours');
    await settle();
    expect((await executions(id)).meta.total).toBe(1);
  });

  it('a contains trigger on any channel matches case-insensitively; contact.created fires for a new contact', async () => {
    const contains = (await api('POST', '/v1/automations', {
      name: 'Contains', trigger: { type: 'message.received', config: { channel: 'any', contains: 'Refund' } }, steps: [],
    })).body.id as string;
    const created = (await api('POST', '/v1/automations', { name: 'New', trigger: { type: 'contact.created', config: { source: 'sms' } }, steps: [] })).body.id as string;
    for (const id of [contains, created]) await api('POST', `/v1/automations/${id}/activate`);
    await inbound('sms', '+14155550113', 'I want a REFUND please');
    await settle();
    expect((await executions(contains)).data[0]).toMatchObject({ status: 'completed', trigger: { channel: 'sms', text: 'I want a REFUND please' }, steps: [] });
    expect((await executions(created)).data[0]).toMatchObject({ status: 'completed', trigger: { type: 'contact.created', channel: 'sms', text: null } });
    await inbound('sms', '+14155550113', 'refund again');
    await settle();
    expect((await executions(created)).meta.total).toBe(1);
    expect((await executions(contains)).meta.total).toBe(2);
    for (const id of [contains, created]) await api('POST', `/v1/automations/${id}/pause`);
  });
});

describe('steps', () => {
  it('an SMS step bills as POST /sms/send; a blocked contact fails its step with the stored reason, nothing charged', async () => {
    const sms = { type: 'sms.send', config: { senderId: 'ACMEIN', message: 'Big sale: 20% off today - ACME', route: 'promotional' } };
    const id = await automation('sale', [sms, { type: 'contact.add_tag', config: { tag: 'never' } }], 'sms');
    const wallet = (await t.dashboard('GET', '/dashboard/wallet')).body;
    await inbound('sms', '+14155550114', 'sale');
    await settle();
    expect(await balance()).toBe(wallet.balancePaise - wallet.prices.sms);
    const first = (await executions(id)).data[0];
    expect(first).toMatchObject({ status: 'completed', steps: [{ status: 'done', messageId: expect.any(String) }, { status: 'done' }] });
    expect((await t.handset('+14155550114')).map((m: { text: string }) => m.text)).toContain('Big sale: 20% off today - ACME');

    const contact = (await api('GET', '/v1/contacts?search=14155550114')).body.data[0];
    await api('POST', `/v1/contacts/${contact.id}/block`, { reason: 'asked us to stop' });
    const before = await balance();
    await inbound('sms', '+14155550114', 'sale');
    await settle();
    const blocked = (await executions(id)).data[0];
    expect(blocked).toMatchObject({
      status: 'failed', finishedAt: expect.any(String),
      steps: [{ stepId: 'step_1', type: 'sms.send', status: 'failed', errorCode: 'CONTACT_BLOCKED', messageId: null, detail: expect.stringContaining('asked us to stop') }],
      error: expect.stringMatching(/^step step_1 \(sms\.send\) failed: .*asked us to stop/),
    });
    expect(await balance()).toBe(before);
  });

  it('an Instagram reply answers the customer who wrote in, through the connected account', async () => {
    expect((await t.dashboard('POST', '/dashboard/instagram/connection', { username: 'examplestore' })).status).toBe(201);
    const id = await automation('hello', [{ type: 'instagram.reply', config: { message: 'Hi! We reply within the hour.' } }], 'instagram');
    await inbound('instagram', '6234817790112233', 'Hello');
    await settle();
    const run = (await executions(id)).data[0];
    expect(run).toMatchObject({ status: 'completed', trigger: { channel: 'instagram', address: '6234817790112233' }, steps: [{ status: 'done' }] });
    expect((await t.handset('6234817790112233')).map((m: { text: string }) => m.text)).toContain('Hi! We reply within the hour.');
    const thread = (await t.dashboard('GET', '/dashboard/instagram/conversations/6234817790112233/messages')).body.messages;
    expect(thread.find((m: { id: string }) => m.id === run.steps[0].messageId)).toMatchObject({ source: 'AUTOMATION', direction: 'outbound' });
    await api('POST', `/v1/automations/${id}/pause`);
  });

  it("an email step on a new contact sends the template to the contact's address for one credit", async () => {
    await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 2 });
    const template = (await api('POST', '/v1/email/templates', { name: 'Welcome', subject: 'Welcome aboard', html: '<p>Welcome!</p>' })).body.id as string;
    await t.dashboard('POST', '/dashboard/email/domains', { domain: 'acme.test' });
    await t.advance(60);
    const id = (await api('POST', '/v1/automations', {
      name: 'Welcome mail', trigger: { type: 'contact.created', config: { source: 'manual' } },
      steps: [{ type: 'email.send', config: { templateId: template, fromName: 'Acme', fromEmail: 'hello@acme.test' } }],
    })).body.id as string;
    await api('POST', `/v1/automations/${id}/activate`);
    const credits = (await t.dashboard('GET', '/dashboard/wallet')).body.emailCredits as number;
    expect((await t.dashboard('POST', '/dashboard/contacts', { name: 'Ann', email: 'ann@example.org' })).status).toBe(201);
    await settle();
    expect((await executions(id)).data[0]).toMatchObject({ status: 'completed', steps: [{ type: 'email.send', status: 'done' }] });
    expect((await t.handset('ann@example.org')).map((m: { text: string }) => m.text).join()).toContain('Welcome');
    expect((await t.dashboard('GET', '/dashboard/wallet')).body.emailCredits).toBe(credits - 1);
    await api('POST', `/v1/automations/${id}/pause`);
  });

  it('a step of an unknown type or a wrong config is skipped, doing nothing, and the run goes on', async () => {
    const id = await automation('skip', [
      { type: 'send_fax', config: {} }, { type: 'contact.add_tag', config: { label: 'x' } }, { id: 'tag', type: 'contact.add_tag', config: { tag: 'skipped-ok' } },
    ]);
    await inbound('whatsapp', '+14155550115', 'skip');
    await settle();
    const run = (await executions(id)).data[0];
    expect(run.status).toBe('completed');
    expect(run.steps.map((s: { status: string }) => s.status)).toEqual(['skipped', 'skipped', 'done']);
    expect(run.steps[0].detail).toBe('unknown step type "send_fax": it does nothing (see GET /automations/node-catalog)');
    expect(run.steps[1].detail).toMatch(/^config not valid for contact\.add_tag, so it does nothing: config\.tag: /);
    expect((await api('GET', '/v1/contacts?search=14155550115')).body.data[0].tags).toEqual(['skipped-ok']);
  });

  it('a condition that does not hold ends the run, completed, saying why', async () => {
    const id = await automation('vip', [
      { type: 'condition', config: { check: 'contact_has_tag', value: 'VIP' } }, { type: 'contact.add_tag', config: { tag: 'served' } },
    ]);
    await inbound('whatsapp', '+14155550116', 'vip');
    await settle();
    expect((await executions(id)).data[0]).toMatchObject({
      status: 'completed', steps: [{ type: 'condition', status: 'done', detail: 'contact_has_tag "VIP" does not hold: the run ends here' }],
    });
    const contact = (await api('GET', '/v1/contacts?search=14155550116')).body.data[0];
    await t.dashboard('PUT', `/dashboard/contacts/${contact.id}/tags`, { tags: ['vip'] });
    await inbound('whatsapp', '+14155550116', 'vip');
    await settle();
    expect((await executions(id)).data[0].steps.map((s: { status: string }) => s.status)).toEqual(['done', 'done']);
  });
});

describe('waits, pause, rerun', () => {
  it('a wait is moved on by POST /sim/clock/advance, and a restart resumes it', async () => {
    const id = await automation('later', [{ type: 'wait', config: { minutes: 5 } }, THANKS]);
    await inbound('whatsapp', '+14155550117', 'later');
    await settle();
    const waiting = (await executions(id)).data[0];
    expect(waiting).toMatchObject({ status: 'waiting', steps: [{ type: 'wait', status: 'done' }], finishedAt: null });
    const until = Date.parse(waiting.waitingUntil);
    expect(until - Date.parse(waiting.startedAt)).toBe(300_000);
    await t.advance(299);
    expect((await executions(id)).data[0].status).toBe('waiting');
    await t.advance(1);
    await settle();
    const done = (await executions(id)).data[0];
    expect(done).toMatchObject({ status: 'completed', waitingUntil: null, steps: [{ type: 'wait' }, { type: 'whatsapp.send_template', status: 'done' }] });
    expect(done.finishedAt).toBe(new Date(until).toISOString());

    // Stopped while waiting, started again on a copy of its database: the wait goes on there.
    await inbound('whatsapp', '+14155550117', 'later');
    await settle();
    const dir = mkdtempSync(join(tmpdir(), 'automations-restart-'));
    const copy = await stoppedCopy(t, join(dir, 'copy.db')).restart();
    try {
      expect((await executions(id, '?status=waiting', copy)).meta.total).toBe(1);
      await copy.advance(300);
      await settle(copy);
      expect((await executions(id, '', copy)).data[0]).toMatchObject({ status: 'completed', steps: [{ type: 'wait' }, { status: 'done' }] });
    } finally {
      await copy.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a run resumed after a stop between a send and its record finds the message it sent: nothing sent or charged twice', async () => {
    const id = await automation('once', [THANKS]);
    await inbound('whatsapp', '+14155550130', 'once');
    await settle();
    const first = (await executions(id)).data[0];
    expect(first.steps[0]).toMatchObject({ status: 'done', messageId: expect.any(String) });
    const before = await balance();
    // What a stop right after the send would leave: the step not recorded, the run's job to run again at the next start.
    t.server.db.sql.prepare(`UPDATE automation_executions SET status = 'running', outcomes = '[]', next_step = 0, finished_at = NULL WHERE id = ?`).run(first.id);
    t.server.db.tx(() => t.server.jobs.schedule({ type: 'automations.run', payload: { executionId: first.id } }));
    await settle();
    const again = (await executions(id)).data[0];
    expect(again).toMatchObject({ id: first.id, status: 'completed', steps: [{ status: 'done', messageId: first.steps[0].messageId }] });
    expect((await t.handset('+14155550130')).filter((m: { text: string }) => m.text.startsWith('Thanks'))).toHaveLength(1);
    expect(await balance()).toBe(before);
  });

  it('pausing stops the waiting executions: the wait ends without running the next step', async () => {
    const id = await automation('pause', [{ type: 'wait', config: { seconds: 30 } }, { type: 'contact.add_tag', config: { tag: 'after-wait' } }]);
    await inbound('whatsapp', '+14155550118', 'pause');
    await settle();
    expect((await api('POST', `/v1/automations/${id}/pause`)).body.status).toBe('paused');
    const stopped = (await executions(id)).data[0];
    expect(stopped).toMatchObject({ status: 'stopped', error: 'stopped: the automation was paused', waitingUntil: null, finishedAt: expect.any(String) });
    await api('POST', `/v1/automations/${id}/activate`);
    await t.advance(30);
    await settle();
    expect((await executions(id)).data[0]).toMatchObject({ status: 'stopped', steps: [{ type: 'wait' }] });
    expect((await api('GET', '/v1/contacts?search=14155550118')).body.data[0].tags).toEqual([]);
  });

  it('reruns an ended execution from its trigger with the steps as they are now; refuses one still waiting, or on a paused automation (409)', async () => {
    const id = await automation('again', [{ type: 'send_fax' }]);
    await inbound('whatsapp', '+14155550119', 'again');
    await settle();
    const original = (await executions(id)).data[0];
    expect(original.steps[0].status).toBe('skipped');
    await api('PATCH', `/v1/automations/${id}`, { steps: [{ type: 'contact.add_tag', config: { tag: 'fixed' } }] });
    const rerun = await api('POST', `/v1/automations/${id}/executions/${original.id}/rerun`);
    expect(rerun.status).toBe(201);
    expect(rerun.body).toMatchObject({ id: expect.not.stringMatching(original.id), rerunOf: original.id, status: 'running', trigger: original.trigger, steps: [] });
    await settle();
    const list = (await executions(id)).data;
    expect(list.map((e: { id: string }) => e.id)).toEqual([rerun.body.id, original.id]);
    expect(list[0]).toMatchObject({ status: 'completed', steps: [{ type: 'contact.add_tag', status: 'done', detail: 'added the tag fixed' }] });

    await api('PATCH', `/v1/automations/${id}`, { steps: [{ type: 'wait', config: { hours: 1 } }] });
    const waiting = (await api('POST', `/v1/automations/${id}/executions/${original.id}/rerun`)).body.id as string;
    await settle();
    const refused = await api('POST', `/v1/automations/${id}/executions/${waiting}/rerun`);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([409, 'CONFLICT', `Execution ${waiting} is still waiting: it can be rerun once it has ended`]);
    await api('POST', `/v1/automations/${id}/pause`);
    const paused = await api('POST', `/v1/automations/${id}/executions/${original.id}/rerun`);
    expect([paused.status, paused.body.message]).toEqual([409, `Automation ${id} is paused: activate it to rerun an execution`]);
  });

  it('lists executions newest first, paged, filtered by status', async () => {
    const id = await automation('page', [{ type: 'condition', config: { check: 'message_contains', value: 'x' } }]);
    for (let i = 0; i < 3; i++) {
      await inbound('whatsapp', `+1415555012${i}`, 'page');
      await settle();
      await t.advance(1);
    }
    const first = await executions(id, '?limit=2');
    expect(first.meta).toEqual({ total: 3, page: 1, limit: 2, totalPages: 2 });
    expect(first.data.map((e: { trigger: { address: string } }) => e.trigger.address)).toEqual(['+14155550122', '+14155550121']);
    expect((await executions(id, '?page=2&limit=2')).data.map((e: { trigger: { address: string } }) => e.trigger.address)).toEqual(['+14155550120']);
    expect((await executions(id, '?status=failed')).meta.total).toBe(0);
    expect((await api('GET', `/v1/automations/${id}/executions?status=done`)).status).toBe(400);
  });

  it('filters by a comma list of statuses, any of which matches, as the message logs do; names a status it does not take', async () => {
    const id = await automation('mixed', [THANKS, { type: 'wait', config: { seconds: 60 } }]);
    await inbound('whatsapp', '+14155550130', 'mixed');
    await settle();
    await t.advance(61);
    await settle();
    await inbound('whatsapp', '+15005550002', 'mixed'); // WhatsApp fails for this handset: the send step fails the run
    await inbound('whatsapp', '+14155550131', 'mixed');
    await settle();
    const statuses = async (query: string) => (await executions(id, query)).data.map((e: { status: string }) => e.status).sort();
    expect(await statuses('')).toEqual(['completed', 'failed', 'waiting']);
    expect(await statuses('?status=failed,waiting')).toEqual(['failed', 'waiting']);
    expect(await statuses('?status=completed%2C%20failed,completed')).toEqual(['completed', 'failed']);
    expect((await executions(id, '?status=waiting,stopped')).meta.total).toBe(1);
    const allowed = 'status: must be one of: running, waiting, completed, failed, stopped, or several of them separated by commas (status=failed,stopped)';
    for (const [query, which] of [['failed,done', '"done" is not'], ['failed,', '"" is not'], ['done,FAILED', '"done", "FAILED" are not']]) {
      const res = await api('GET', `/v1/automations/${id}/executions?status=${query}`);
      expect([res.status, res.body], query).toEqual([400, { statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED', message: `Invalid query: ${allowed}: ${which}` }]);
    }
    const repeated = await api('GET', `/v1/automations/${id}/executions?status=failed&status=waiting`);
    expect([repeated.status, repeated.body.message]).toEqual([400, `Invalid query: ${allowed}, not a repeated parameter`]);
  });
});
