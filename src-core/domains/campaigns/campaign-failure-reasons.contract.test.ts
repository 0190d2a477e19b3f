// Why a campaign's recipients failed, over real HTTP: the console's answers (the dashboard token) count the failed
// recipients by the code their refusal or their message's failure left (`failureReasons`, each with its label, most
// first), the blocked and opted-out contacts left out (they are `blocked`, counted once); `/v1` answers as the seed does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';
import { addRcsWeekend } from '../../testing/sale-fixtures.ts';

let t: TestServer;
let key: string;
let waTemplateId: string;
let emailTemplateId: string;
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });
const reasonsOf = async (channel: string, id: string) => {
  const [detail, analytics] = await Promise.all([t.dashboard('GET', `/dashboard/${channel}/campaigns/${id}`), t.dashboard('GET', `/dashboard/${channel}/campaigns/${id}/analytics`)]);
  // The detail and the analytics say the same.
  expect(analytics.body.failureReasons).toEqual(detail.body.failureReasons);
  return detail.body.failureReasons as Array<{ code: string | null; label: string; count: number }>;
};
const emailCampaign = (name: string, recipients: string[]) => t.dashboard('POST', '/dashboard/email/campaigns/create-and-launch', {
  name, templateId: emailTemplateId, fromName: 'Acme', fromEmail: 'news@acme.test', variables: { first_name: 'there' }, audience: 'list', recipients,
});

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 1_000_000, emailCredits: 20 });
  waTemplateId = (await t.dashboard('POST', '/dashboard/whatsapp/templates', {
    name: 'flash_sale', category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'Flash sale: 20% off today only!' }],
  })).body.id;
  await t.dashboard('POST', '/dashboard/email/domains', { domain: 'acme.test' });
  emailTemplateId = (await api('POST', '/v1/email/templates', { name: 'News', subject: 'Hi {{first_name}}', html: '<p>Hi {{first_name}}</p>' })).body.id;
  await t.advance(60);
  const blocked = await t.dashboard('POST', '/dashboard/contacts', { name: 'Bea Blocked', phone: '+919810090002' });
  expect((await t.dashboard('POST', `/dashboard/contacts/${blocked.body.id}/block`, { reason: 'Asked to stop' })).status).toBe(200);
  // Named contacts fill an RCS template's {{name}}.
  for (const [name, phone] of [['Una', '+15005550001'], ['Noor', '+15005550003'], ['Ria', '+919810092001']]) {
    expect((await t.dashboard('POST', '/dashboard/contacts', { name, phone })).status).toBe(201);
  }
  // Opted out by a keyword: a block too, counted with the blocked.
  expect((await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+919810090003', text: 'STOP' })).status).toBe(201);
});
afterAll(async () => {
  await t.close();
});

describe('failed campaign recipients by reason', () => {
  it('counts a WhatsApp campaign\'s failures by the code each carries, the blocked and opted-out apart, and leaves /v1 as it is', async () => {
    const created = await api('POST', '/v1/whatsapp/campaigns', {
      templateId: waTemplateId, phones: ['919810090001', '15005550002', '15005550001', '919810090002', '919810090003'],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await api('POST', `/v1/whatsapp/campaigns/${id}/launch`)).status).toBe(202);
    await t.advance(5);

    const detail = (await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${id}`)).body;
    expect([detail.status, detail.counts.sent, detail.counts.failed, detail.counts.blocked]).toEqual(['COMPLETED', 1, 4, 2]);
    // No WhatsApp account and unreachable, from their messages' failures; the two blocked ones only under `blocked`.
    expect(await reasonsOf('whatsapp', id)).toEqual([
      { code: 'SIM_UNREACHABLE', label: 'Unreachable', count: 1 },
      { code: 'SIM_WHATSAPP_UNAVAILABLE', label: 'No WhatsApp account', count: 1 },
    ]);
    // Each failed recipient with its code, so the table can say why in the same words.
    const failures = (await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${id}/failures`)).body.data.map((f: { address: string; code: string | null }) => [f.address, f.code]);
    expect(failures).toEqual([['+15005550002', 'SIM_WHATSAPP_UNAVAILABLE'], ['+15005550001', 'SIM_UNREACHABLE'], ['+919810090002', 'CONTACT_BLOCKED'], ['+919810090003', 'CONTACT_BLOCKED']]);
    // /v1 answers keep the seed's fields.
    expect(Object.keys((await api('GET', `/v1/whatsapp/campaigns/${id}`)).body)).not.toContain('failureReasons');
    expect(Object.keys((await api('GET', `/v1/whatsapp/campaigns/${id}/analytics`)).body)).not.toContain('failureReasons');
  });

  it('counts recipients refused because the template was rejected after the launch under the template, most first', async () => {
    const created = await api('POST', '/v1/whatsapp/campaigns', {
      templateId: waTemplateId, phones: ['919810091001', '919810091002', '15005550002'], scheduledAt: new Date(Date.parse((await t.dashboard('GET', '/sim/clock')).body.now) + 3_600_000).toISOString(),
    });
    const id = created.body.id as string;
    expect((await api('POST', `/v1/whatsapp/campaigns/${id}/launch`)).body.status).toBe('scheduled');
    t.server.db.sql.prepare(`UPDATE whatsapp_templates SET status = 'REJECTED', rejected_reason = 'Reviewed again' WHERE id = ?`).run(waTemplateId);
    try {
      await t.advance(3_600 + 5);
      expect((await api('GET', `/v1/whatsapp/campaigns/${id}`)).body).toMatchObject({ status: 'COMPLETED', counts: { sent: 0, failed: 3 } });
      expect(await reasonsOf('whatsapp', id)).toEqual([{ code: 'TEMPLATE_UNAVAILABLE', label: 'Template deleted or not approved', count: 3 }]);
    } finally {
      t.server.db.sql.prepare(`UPDATE whatsapp_templates SET status = 'APPROVED', rejected_reason = NULL WHERE id = ?`).run(waTemplateId);
    }
  });

  it('counts an RCS campaign\'s handsets without RCS, unreachable ones and recipients no value fills a variable for', async () => {
    const { botId, templateId } = await addRcsWeekend(t, 'Hi {{name}}, 20% off this weekend.');
    await t.advance(60);
    // The unreachable number twice (repeats kept), and one with no contact to fill {{name}} from.
    const created = await api('POST', '/v1/rcs/campaigns', {
      botId, templateId, campaignName: 'Weekend reasons', removeDuplicate: false, numbers: ['+15005550001', '+15005550001', '+15005550003', '+919810092001', '+919810092009'],
    });
    expect(created.status).toBe(202);
    await t.advance(5);
    expect(await reasonsOf('rcs', created.body.id)).toEqual([
      { code: 'SIM_UNREACHABLE', label: 'Unreachable', count: 2 },
      { code: 'RCS_NOT_SUPPORTED', label: 'No RCS on the handset', count: 1 },
      { code: 'VARIABLE_UNFILLED', label: 'No value for a template variable', count: 1 },
    ]);
  });

  it('counts an email campaign\'s bounces, and a later one\'s suppressed addresses', async () => {
    const first = await emailCampaign('First news', ['maya@example.com', 'bounce@sim.test', 'complaint@sim.test']);
    expect(first.status).toBe(202);
    await t.advance(15);
    expect(await reasonsOf('email', first.body.id)).toEqual([{ code: 'EMAIL_BOUNCED', label: 'Bounced', count: 1 }]);
    // The bounce and the spam complaint put both addresses on the suppression list: refused the next time.
    const second = await emailCampaign('Second news', ['bounce@sim.test', 'complaint@sim.test', 'maya@example.com']);
    expect(second.status).toBe(202);
    await t.advance(5);
    expect(await reasonsOf('email', second.body.id)).toEqual([{ code: 'EMAIL_SUPPRESSED', label: 'Suppressed address', count: 2 }]);
  });
});
