// A keyed request cut short after its commit, run again once the world has changed (a template rejected, a
// contact blocked, a sender no longer approved, the care window closed): what its first run sent answers first,
// so the retry is 200 with the same ids, and nothing is checked, sent or charged again for it.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer;
let key: string;
const keyed = (path: string, body: unknown, idempotencyKey: string) => t.request('POST', path, { token: key, body, headers: { 'idempotency-key': idempotencyKey } });
/** As if the server had stopped after the request's commit and before its answer was kept. */
const cutShort = (idempotencyKey: string) => t.server.db.sql
  .prepare(`UPDATE idempotency_keys SET state = 'running', status_code = NULL, response = NULL WHERE idem_key = ?`).run(idempotencyKey);
/** A change to the world from outside the server (another connection: the server's caches see it, as they would an operator's). */
let outside: Database.Database;
const sql = (statement: string, ...args: unknown[]) => outside.prepare(statement).run(...args);
const balance = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;
const received = async (address: string) => (await t.handset(address)).length;
/** Blocks the contact at `phone` (made first if the send has not made it). */
async function block(phone: string): Promise<void> {
  const found = await t.request('GET', `/v1/contacts?search=${encodeURIComponent(phone)}`, { token: key });
  const id = found.body.data[0]?.id ?? (await t.dashboard('POST', '/dashboard/contacts', { name: 'Later blocked', phone })).body.id;
  expect((await t.request('POST', `/v1/contacts/${id}/block`, { token: key, body: { reason: 'Asked us to stop' } })).status).toBe(200);
}
const SMS_TEXT = 'Your order #1001 has shipped - ACME';

type Rerun = {
  /** Puts the world back once the re-run has answered. */
  undo?: () => unknown;
  /** What must be the same in both answers (all of it, unless a campaign has moved on since). */
  same?: (body: Record<string, unknown>) => unknown;
};
/**
 * Runs `body` on `path` under a key, cuts it short, lets `change` happen, and runs it again: the first
 * answer's status and body, and the wallet and the handsets at `addresses` as the first run left them.
 */
async function rerunAfter(path: string, body: unknown, idempotencyKey: string, addresses: string[], change: () => unknown, { undo, same = (b) => b }: Rerun = {}) {
  const first = await keyed(path, body, idempotencyKey);
  expect(first.status).toBeLessThan(300);
  const before = [await balance(), ...(await Promise.all(addresses.map(received)))];
  cutShort(idempotencyKey);
  await change();
  try {
    const again = await keyed(path, body, idempotencyKey);
    expect([again.status, again.headers.get('idempotent-replayed'), same(again.body)]).toEqual([first.status, null, same(first.body)]);
    expect([await balance(), ...(await Promise.all(addresses.map(received)))]).toEqual(before);
  } finally {
    undo?.();
  }
  return first.body;
}

beforeAll(async () => {
  t = await createTestServer();
  outside = new Database(t.dataFile);
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  for (const name of ['hello', 'soon_rejected', 'chain_rejected', 'late_approved', 'campaign_rejected']) {
    await t.request('POST', '/v1/whatsapp/templates', { token: key, body: { name, category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello there' }] } });
  }
  await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' });
  await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Shipped', dltTemplateId: '1207160000000000001', body: 'Your order {#var#} has shipped - ACME' });
  const bot = await t.dashboard('POST', '/dashboard/rcs/bots', { name: 'Acme' });
  await t.dashboard('POST', '/dashboard/rcs/templates', { botId: bot.body.id, name: 'Plain', text: 'Your order ships today' });
  await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 10 });
  await t.dashboard('POST', '/dashboard/email/domains', { domain: 'acme.test' });
  await t.dashboard('POST', '/dashboard/instagram/connection', { username: 'examplestore' });
  await t.advance(60);
});
afterAll(async () => {
  outside.close();
  await t.close();
});

describe('a keyed request run again after a stop answers what it had sent before checking again', () => {
  it('WhatsApp send-template: the template rejected, or the contact blocked, since', async () => {
    await rerunAfter('/v1/whatsapp/send-template', { to: '14155550911', templateName: 'soon_rejected', languageCode: 'en' }, 'wa-rejected', ['+14155550911'],
      () => sql(`UPDATE whatsapp_templates SET status = 'REJECTED', rejected_reason = 'Reviewed again' WHERE name = 'soon_rejected'`));
    await rerunAfter('/v1/whatsapp/send-template', { to: '14155550912', templateName: 'hello', languageCode: 'en' }, 'wa-blocked', ['+14155550912'],
      () => block('+14155550912'));
    // The changes hold for a new request.
    const fresh = await keyed('/v1/whatsapp/send-template', { to: '14155550913', templateName: 'soon_rejected', languageCode: 'en' }, 'wa-new');
    expect([fresh.status, fresh.body.message]).toEqual([400, expect.stringContaining('is REJECTED')]);
    expect((await keyed('/v1/whatsapp/send-template', { to: '14155550912', templateName: 'hello', languageCode: 'en' }, 'wa-new-blocked')).status).toBe(409);
  });

  it('SMS to many: a recipient blocked, and the sender id no longer approved, after the first run sent to all', async () => {
    const body = { senderId: 'ACMEIN', to: ['+14155550921', '+14155550922'], message: SMS_TEXT };
    const first = await rerunAfter('/v1/sms/send', body, 'sms-blocked', body.to, async () => {
      await block('+14155550922');
      sql(`UPDATE sms_senders SET status = 'REJECTED' WHERE sender_id = 'ACMEIN'`);
    }, { undo: () => sql(`UPDATE sms_senders SET status = 'APPROVED' WHERE sender_id = 'ACMEIN'`) });
    expect(first).toMatchObject({ status: 'sent', recipients: 2 });
    // A new request to the blocked recipient is refused, whole.
    expect((await keyed('/v1/sms/send', { ...body, to: ['+14155550923', '+14155550922'] }, 'sms-new')).status).toBe(409);
  });

  it('unified send: the WhatsApp message sent, then the contact blocked or the template rejected: answered, SMS not tried', async () => {
    const chain = (to: string, template: string) => ({
      to, channel: 'whatsapp', fallbackChannels: ['sms'], template: { name: template, languageCode: 'en' }, message: SMS_TEXT, sms: { senderId: 'ACMEIN' },
    });
    const blocked = await rerunAfter('/v1/messages/send', chain('+14155550931', 'hello'), 'unified-blocked', ['+14155550931'], () => block('+14155550931'));
    expect(blocked).toMatchObject({ status: 'sent', channelUsed: 'whatsapp' });
    const rejected = await rerunAfter('/v1/messages/send', chain('+14155550932', 'chain_rejected'), 'unified-rejected', ['+14155550932'],
      () => sql(`UPDATE whatsapp_templates SET status = 'REJECTED' WHERE name = 'chain_rejected'`));
    expect(rejected).toMatchObject({ status: 'sent', channelUsed: 'whatsapp', attempts: [{ channel: 'whatsapp', status: 'sent' }] });
    // Sent, then failed by a receipt: the first run got through on WhatsApp, and so does the re-run.
    const undelivered = await rerunAfter('/v1/messages/send', chain('+14155550933', 'hello'), 'unified-receipt', ['+14155550933'],
      () => sql(`UPDATE messages SET status = 'failed', failed_at = sent_at WHERE address = '+14155550933' AND channel = 'whatsapp'`));
    expect(undelivered).toMatchObject({ status: 'sent', channelUsed: 'whatsapp' });
  });

  it('unified send: WhatsApp refused and SMS sent on the first run; WhatsApp sendable since: the SMS answers, WhatsApp is not tried, its refusal as the first run gave it', async () => {
    sql(`UPDATE whatsapp_templates SET status = 'PENDING' WHERE name = 'late_approved'`);
    const body = { to: '+14155550941', channel: 'whatsapp', fallbackChannels: ['sms'], template: { name: 'late_approved', languageCode: 'en' }, message: SMS_TEXT, sms: { senderId: 'ACMEIN' } };
    const first = await keyed('/v1/messages/send', body, 'unified-late');
    expect(first.body).toMatchObject({ status: 'sent', channelUsed: 'sms', attempts: [{ channel: 'whatsapp', status: 'failed' }, { channel: 'sms', status: 'sent' }] });
    const before = [await balance(), await received('+14155550941')];
    cutShort('unified-late');
    sql(`UPDATE whatsapp_templates SET status = 'APPROVED' WHERE name = 'late_approved'`);
    const again = await keyed('/v1/messages/send', body, 'unified-late');
    expect([again.status, again.body]).toEqual([200, first.body]);
    // The refusal's code as noted with the key: the re-run answers it without trying WhatsApp again.
    expect(again.body.attempts[0]).toMatchObject({ error: 'Template late_approved is PENDING; only APPROVED templates can be sent', code: 'VALIDATION_FAILED', errorCode: null });
    expect([await balance(), await received('+14155550941')]).toEqual(before);
  });

  it('RCS, and campaign creation: the template rejected since', async () => {
    const rcsTemplate = (await t.request('GET', '/v1/rcs/templates', { token: key })).body.data[0];
    const rejectRcs = () => sql(`UPDATE rcs_templates SET status = 'REJECTED' WHERE id = ?`, rcsTemplate.id);
    const approveRcs = () => sql(`UPDATE rcs_templates SET status = 'APPROVED' WHERE id = ?`, rcsTemplate.id);
    await rerunAfter('/v1/rcs/send', { to: '+14155550951', templateId: rcsTemplate.id }, 'rcs-rejected', ['+14155550951'], rejectRcs, { undo: approveRcs });
    // The campaign is answered as it is now (it has run since): the same campaign, launched then, charged once.
    await rerunAfter('/v1/rcs/campaigns', { botId: rcsTemplate.botId, templateId: rcsTemplate.id, numbers: ['+14155550952'] }, 'rcs-campaign-rejected', [],
      rejectRcs, { undo: approveRcs, same: ({ id, dispatch }) => ({ id, dispatch }) });
    const waTemplate = (await t.request('GET', '/v1/whatsapp/templates?limit=100', { token: key })).body.data.find((x: { name: string }) => x.name === 'campaign_rejected');
    await rerunAfter('/v1/whatsapp/campaigns', { templateId: waTemplate.id, phones: ['919810012345'], name: 'Once' }, 'wa-campaign-rejected', [],
      () => sql(`UPDATE whatsapp_templates SET status = 'REJECTED' WHERE id = ?`, waTemplate.id));
    expect((await t.request('GET', '/v1/whatsapp/campaigns', { token: key })).body.meta.total).toBe(1);
    expect((await t.request('GET', '/v1/rcs/campaigns', { token: key })).body.meta.total).toBe(1);
  });

  it('email: the sending domain no longer verified since; Instagram: the 24-hour window closed since', async () => {
    const template = await t.request('POST', '/v1/email/templates', { token: key, body: { name: 'Hi', subject: 'Hello', html: '<p>Hello</p>' } });
    const email = { templateId: template.body.id, recipient: { to: 'ana@customer.io' }, fromName: 'Acme', fromEmail: 'hello@acme.test' };
    const credits = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.emailCredits as number;
    const left = await credits();
    await rerunAfter('/v1/email/send', email, 'email-unverified', ['ana@customer.io'], () => sql(`UPDATE email_domains SET status = 'PENDING' WHERE domain = 'acme.test'`));
    expect(await credits()).toBe(left - 1);

    const igsid = '6234817790112233';
    await t.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: igsid, text: 'Is the tote in stock?' });
    // Answered 12 hours later; the window closes 12 hours after that, while the key (24 hours) still holds.
    await t.advance(12 * 3600);
    await rerunAfter('/v1/instagram/messages', { recipientIgsid: igsid, message: 'Yes, it is!' }, 'instagram-window', [igsid], () => t.advance(12 * 3600 + 1));
    expect((await keyed('/v1/instagram/messages', { recipientIgsid: igsid, message: 'Anything else?' }, 'instagram-new')).status).toBe(400);
  });
});
