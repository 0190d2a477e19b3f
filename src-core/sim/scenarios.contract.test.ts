// The simulator's scenarios through real HTTP on the demo seed: the catalogue, each scenario played on the virtual clock
// with its real effects (conversations, messages, contacts, a call, email events and suppression), and a new
// organization (what `--seed none` gives) refused with 409 naming what it lacks, nothing played; an unknown id is 404.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarioRunSchema, scenarioSchema, type Scenario } from '../contract/sim.ts';
import { SCENARIOS } from './scenarios.catalogue.ts';
import { createTestServer, stoppedCopy, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ seed: 'demo' });
});
afterAll(async () => {
  await t.close();
});

const orgQuery = (orgId?: string) => (orgId ? `?organizationId=${orgId}` : '');
const catalogue = async (orgId?: string): Promise<Scenario[]> => {
  const res = await t.dashboard('GET', `/sim/scenarios${orgQuery(orgId)}`);
  expect(res.status).toBe(200);
  return res.body.data.map((s: unknown) => scenarioSchema.strict().parse(s));
};
const run = (id: string, orgId?: string) => t.dashboard('POST', `/sim/scenarios/${id}/run`, orgId ? { organizationId: orgId } : undefined);
/**
 * The messages of the organization's conversation on `channel` with `address`, oldest first (none without one); at one
 * instant (the demo seed's, on the manual clock) in the order they were made, which ids made one after another keep.
 */
async function thread(channel: string, address: string, orgId?: string): Promise<Array<{ id: string; direction: string; text: string; status: string; createdAt: string }>> {
  const list = await t.dashboard('GET', `/dashboard/conversations?channel=${channel}&limit=100${orgId ? `&organizationId=${orgId}` : ''}`);
  const conversation = (list.body.data as Array<{ id: string; address: string }>).find((c) => c.address === address);
  if (!conversation) return [];
  const messages = await t.dashboard('GET', `/dashboard/conversations/${conversation.id}/messages?limit=100${orgId ? `&organizationId=${orgId}` : ''}`);
  const key = (m: { createdAt: string; id: string }) => `${m.createdAt} ${m.id}`;
  return [...messages.body.data].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
const texts = async (channel: string, address: string, orgId?: string) => (await thread(channel, address, orgId)).filter((m) => m.direction === 'inbound').map((m) => m.text);
const events = async (type: string) => {
  await t.server.bus.flush();
  return t.server.bus.recent(t.organizationId, 1000).filter((e) => e.type === type).map((e) => JSON.parse(e.data) as { email?: string });
};
/** Lets the steps due now run (the runner picks them up at once; this waits for it), without moving the clock. */
const stepsDueNow = () => t.server.jobs.runDue();

describe('the scenario catalogue', () => {
  it('lists each scenario with its steps, duration and what it needs; on the demo seed every one is available', async () => {
    const scenarios = await catalogue();
    expect(scenarios.map((s) => s.id)).toEqual(['where-is-my-order', 'support-rush', 'phone-calls-business', 'email-bounce-complaint']);
    for (const scenario of scenarios) {
      expect(scenario, scenario.id).toMatchObject({ available: true });
      expect(scenario.unavailableReason).toBeUndefined();
      expect(scenario.steps[0]?.at).toBe(0);
      expect(scenario.durationSeconds).toBeGreaterThanOrEqual(scenario.steps.at(-1)?.at ?? 0);
    }
    expect(scenarios.find((s) => s.id === 'support-rush')?.description).toBe('Five new customers write in within a minute on WhatsApp, SMS and Instagram. Needs a connected Instagram account.');
  });

  it('answers 404 for an unknown scenario and 400 for a body it does not take; an API key is refused', async () => {
    const unknown = await run('no-such-scenario');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ statusCode: 404, error: 'Not Found', message: 'Scenario no-such-scenario not found' });
    expect((await t.dashboard('POST', '/sim/scenarios/support-rush/run', { speed: 2 })).status).toBe(400);
    const key = await t.createKey();
    expect((await t.request('GET', '/sim/scenarios', { token: key.key })).status).toBe(401);
  });
});

describe('scenarios played on the demo seed', () => {
  it('where-is-my-order: Alice writes on WhatsApp at once, and follows up 20 s later, not before', async () => {
    const before = await texts('whatsapp', '+14155550101');
    const res = await run('where-is-my-order');
    expect(res.status).toBe(202);
    expect(scenarioRunSchema.strict().parse(res.body)).toMatchObject({
      runId: expect.stringMatching(/^scn_/), scenarioId: 'where-is-my-order', startedAt: '2026-01-15T09:00:00.000Z', durationSeconds: 20,
      steps: [{ at: 0, what: expect.stringContaining('Alice Johnson writes on WhatsApp') }, { at: 20, what: expect.stringContaining('follows up') }],
    });
    await stepsDueNow();
    expect((await texts('whatsapp', '+14155550101')).slice(before.length)).toEqual(['Hi! Where is my order #1001? The tracking page has not changed since Monday.']);
    await t.advance(19);
    expect(await texts('whatsapp', '+14155550101')).toHaveLength(before.length + 1);
    await t.advance(1);
    const after = await thread('whatsapp', '+14155550101');
    expect(after.slice(-2).map((m) => [m.text, m.createdAt])).toEqual([
      [expect.stringContaining('Where is my order #1001?'), '2026-01-15T09:00:00.000Z'],
      ['Could you check with the courier please? I need it by Friday 🙏', '2026-01-15T09:00:20.000Z'],
    ]);
    // The demo's Alice, not a new contact.
    const contacts = await t.dashboard('GET', '/dashboard/contacts?search=%2B14155550101');
    expect(contacts.body.data.map((c: { name: string }) => c.name)).toEqual(['Alice Johnson']);
  });

  it('a run a stop cut off half-way goes on after the restart: each step once, at its time', async () => {
    const inboundTexts = async (server: TestServer) => {
      const list = await server.dashboard('GET', '/dashboard/conversations?channel=whatsapp&search=%2B14155550101');
      const id = (list.body.data as Array<{ id: string; address: string }>).find((c) => c.address === '+14155550101')?.id as string;
      const messages = (await server.dashboard('GET', `/dashboard/conversations/${id}/messages?limit=100`)).body.data as Array<{ direction: string; text: string }>;
      return messages.filter((m) => m.direction === 'inbound').map((m) => m.text);
    };
    expect((await run('where-is-my-order')).status).toBe(202);
    await stepsDueNow();
    await t.advance(5);
    const before = await inboundTexts(t);
    const dir = mkdtempSync(join(tmpdir(), 'sb-scenario-stop-'));
    const again = await stoppedCopy(t, join(dir, 'copy.db')).restart();
    try {
      expect(await inboundTexts(again)).toEqual(before);
      await again.advance(14);
      expect(await inboundTexts(again)).toHaveLength(before.length);
      await again.advance(1);
      const after = await inboundTexts(again);
      expect(after.slice(before.length)).toEqual(['Could you check with the courier please? I need it by Friday 🙏']);
      await again.advance(60);
      expect(await inboundTexts(again)).toHaveLength(before.length + 1);
    } finally {
      await again.close();
      rmSync(dir, { recursive: true, force: true });
    }
    // This server's own run goes on as well: its follow-up comes now, not in a later test's advance.
    await t.advance(15);
  });

  it('support-rush: five new customers write in within a minute on WhatsApp, SMS and Instagram, each a new contact and an unread conversation', async () => {
    expect((await run('support-rush')).status).toBe(202);
    await stepsDueNow();
    expect(await texts('whatsapp', '+919810000111')).toHaveLength(1);
    expect(await texts('sms', '+14155550144')).toEqual([]);
    await t.advance(55);
    expect(await texts('sms', '+14155550144')).toEqual(['Is the store open on Sunday?']);
    expect(await texts('instagram', '6234817790119001')).toEqual(['Do you have the linen tote in black?']);
    expect(await texts('whatsapp', '+447700900456')).toEqual(['My discount code WELCOME10 is not working at checkout']);
    expect(await texts('sms', '+919810000222')).toEqual(['I need to change the delivery address for #1003, please call me']);
    const sms = (await t.dashboard('GET', '/dashboard/conversations?channel=sms&limit=2')).body.data as Array<{ customerName: string; unreadCount: number }>;
    expect(sms.map((c) => [c.customerName, c.unreadCount])).toEqual([['Dev Malhotra', 1], ['Nora Quinn', 1]]);
    for (const name of ['Ishaan Kapoor', 'Nora Quinn', 'Maya Torres', 'Ella Hughes', 'Dev Malhotra']) {
      const found = await t.dashboard('GET', `/dashboard/contacts?search=${encodeURIComponent(name)}`);
      expect(found.body.data.map((c: { name: string }) => c.name), name).toContain(name);
    }
  });

  it('no scenario customer is named as one of the demo\'s voice app people (one name, one person)', async () => {
    const people = (await t.dashboard('GET', '/dashboard/voice/app/identities?limit=100')).body.data as Array<{ displayName: string | null; externalId: string }>;
    const named = new Map(people.filter((p) => p.displayName).map((p) => [p.displayName, p.externalId]));
    const customers = SCENARIOS.flatMap((s) => s.steps.map((step) => step.action)).flatMap((a) => ('name' in a && typeof a.name === 'string' ? [a.name] : []));
    expect(customers).toContain('Nora Quinn');
    // Alice Johnson is one person throughout the demo (the shop's customer, the voice app's cust_1042).
    for (const name of customers.filter((n) => n !== 'Alice Johnson')) expect(named.get(name), name).toBeUndefined();
  });

  it('phone-calls-business: Alice dials the business number, the team is rung 45 s and misses it, and a minute in she texts to be called back', async () => {
    const calls = async () => (await t.dashboard('GET', '/dashboard/voice/app/calls?limit=100')).body.data as Array<{ callId: string; status: string; direction: string; to: string; endReason: string | null }>;
    const known = new Set((await calls()).map((c) => c.callId));
    expect((await run('phone-calls-business')).status).toBe(202);
    await stepsDueNow();
    const [call, ...others] = (await calls()).filter((c) => !known.has(c.callId));
    expect(others).toEqual([]);
    expect(call).toMatchObject({ status: 'RINGING', direction: 'inbound' });
    const smsBefore = await texts('sms', '+14155550101');
    await t.advance(45);
    expect((await calls()).find((c) => c.callId === call?.callId)).toMatchObject({ status: 'MISSED', endReason: 'ring_timeout' });
    expect(await texts('sms', '+14155550101')).toEqual(smsBefore);
    await t.advance(15);
    expect((await texts('sms', '+14155550101')).slice(smsBefore.length)).toEqual(['I just tried to call about order #1001, could someone call me back?']);
  });

  it('email-bounce-complaint: one email bounces and one is marked as spam, both suppressed; run again, it is refused with 409 and sends nothing', async () => {
    const credits = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.emailCredits as number;
    const before = await credits();
    expect((await run('email-bounce-complaint')).status).toBe(202);
    await stepsDueNow();
    expect(await t.handset('bounce@sim.test')).toHaveLength(1);
    expect(await t.handset('complaint@sim.test')).toHaveLength(0);
    await t.advance(15);
    expect(await t.handset('complaint@sim.test')).toEqual([expect.objectContaining({ channel: 'email', from: 'hello@example.com' })]);
    expect((await events('email.message.bounced')).map((e) => e.email)).toEqual(['bounce@sim.test']);
    expect((await events('email.message.complained')).map((e) => e.email)).toEqual(['complaint@sim.test']);
    expect((await thread('email', 'bounce@sim.test')).map((m) => m.status)).toEqual(['failed']);
    // A bounce keeps its credit, as any email the provider took.
    expect(await credits()).toBe(before - 2);

    const scenario = (await catalogue()).find((s) => s.id === 'email-bounce-complaint');
    expect(scenario).toMatchObject({ available: false, unavailableReason: 'The suppression list already holds bounce@sim.test and complaint@sim.test (take them off it on the Channels page, Email)' });
    const again = await run('email-bounce-complaint');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusCode: 409, error: 'Conflict', message: expect.stringContaining('the suppression list already holds bounce@sim.test and complaint@sim.test') });
    await t.advance(15);
    expect(await t.handset('bounce@sim.test')).toHaveLength(1);
  });
});

describe('an organization without the demo (as --seed none leaves one)', () => {
  it('says what each scenario lacks; a run of one refused with 409 names it and plays nothing; the one that needs nothing plays', async () => {
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Empty' })).body.id as string;
    const byId = Object.fromEntries((await catalogue(org)).map((s) => [s.id, s]));
    expect(byId['where-is-my-order']).toMatchObject({ available: true });
    expect(byId['support-rush']).toMatchObject({ available: false, unavailableReason: 'Instagram is not connected (connect it on the Channels page, Instagram)' });
    expect(byId['phone-calls-business']).toMatchObject({ available: false, unavailableReason: 'No business number (add one on the Calls page, App calls tab)' });
    expect(byId['email-bounce-complaint']?.unavailableReason).toBe('No verified sending domain (add one on the Channels page, Email); no email template with HTML (make one on the Channels page, Email); 0 email credits where it spends 2 (top up on the Wallet page)');

    const jobs = t.server.jobs.pendingCount();
    for (const [id, missing] of [['support-rush', 'Instagram is not connected'], ['phone-calls-business', 'no business number'], ['email-bounce-complaint', 'no verified sending domain']]) {
      const refused = await run(id as string, org);
      expect([refused.status, refused.body.error, refused.body.message], id).toEqual([409, 'Conflict', expect.stringContaining(missing as string)]);
      expect(refused.body.message).toMatch(/^Scenario “.+” cannot run on this organization: /);
    }
    // Nothing half-played: no job scheduled, and the first step of the rush (WhatsApp, which needs nothing) never came.
    expect(t.server.jobs.pendingCount()).toBe(jobs);
    await t.advance(60);
    expect(await texts('whatsapp', '+919810000111', org)).toEqual([]);

    // A number without phone calling is named too.
    await t.dashboard('POST', '/dashboard/voice/app/numbers', { organizationId: org });
    expect((await catalogue(org)).find((s) => s.id === 'phone-calls-business')?.unavailableReason).toBe('Phone calling is off (turn it on from the Calls page, App calls tab)');

    expect((await run('where-is-my-order', org)).status).toBe(202);
    await t.advance(20);
    expect(await texts('whatsapp', '+14155550101', org)).toHaveLength(2);
    const contacts = await t.dashboard('GET', `/dashboard/contacts?search=%2B14155550101&organizationId=${org}`);
    expect(contacts.body.data.map((c: { name: string }) => c.name)).toEqual(['Alice Johnson']);
  });
});

describe('a step the organization can no longer take', () => {
  it('is skipped and said in the log, not retried; the run goes on (Instagram disconnected during a support rush)', async () => {
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Rush' })).body.id as string;
    expect((await t.dashboard('POST', '/dashboard/instagram/connection', { organizationId: org, username: 'rushstore' })).status).toBeLessThan(300);
    expect((await run('support-rush', org)).status).toBe(202);
    expect((await t.dashboard('DELETE', `/dashboard/instagram/connection?organizationId=${org}`)).status).toBeLessThan(300);
    const jobs = t.server.jobs.pendingCount();
    await t.advance(55);
    expect(await texts('whatsapp', '+447700900456', org)).toHaveLength(1);
    expect(await texts('sms', '+919810000222', org)).toHaveLength(1);
    expect(t.logs.filter((line) => line.includes('support-rush'))).toEqual([
      expect.stringMatching(/^scenario support-rush \(scn_\w+\): the step at 25 s was skipped: Instagram is not connected$/),
    ]);
    // Every step's job is done (the skipped one too): none left to retry.
    expect(t.server.jobs.pendingCount()).toBeLessThanOrEqual(jobs - 4);
  });
});
