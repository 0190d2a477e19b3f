// Email campaigns over real HTTP: created in the console, listed by `GET /v1/email/campaigns`, paid with
// email credits reserved at launch (one ledger line), merged per recipient, opened and clicked on the
// clock, and cancelled with the credits given back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
let templateId: string;
const credits = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.emailCredits as number;
const create = (body: Record<string, unknown>) => t.dashboard('POST', '/dashboard/email/campaigns', {
  // {{first_name}} has no fallback in the template: the campaign's value is what recipients without a name get.
  name: 'Spring news', templateId, fromName: 'Acme', fromEmail: 'news@acme.test', variables: { first_name: 'there' }, ...body,
});

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 10 });
  templateId = (await t.request('POST', '/v1/email/templates', {
    token: key, body: { name: 'News', subject: 'Spring is here, {{first_name}}', html: '<p>Hi {{first_name}}, <a href="https://acme.test/spring">see what is new</a>.</p>' },
  })).body.id;
  await t.dashboard('POST', '/dashboard/email/domains', { domain: 'acme.test' });
  await t.advance(60);
  await t.dashboard('POST', '/dashboard/contacts', { name: 'Maya Iyer', email: 'maya@example.com' });
  await t.request('POST', '/v1/email/contacts', { token: key, body: { email: 'sub1@example.com', firstName: 'Sub' } });
  await t.request('POST', '/v1/email/contacts', { token: key, body: { email: 'bounce@sim.test' } });
});
afterAll(async () => {
  await t.close();
});

describe('email campaigns', () => {
  it('send a merged email to each recipient for one credit each, reserved at launch in one line, and track opens and clicks', async () => {
    const created = await create({ recipients: ['maya@example.com', 'MAYA@example.com', 'lee@example.com'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'DRAFT', templateName: 'News', totalRecipients: 2, audience: 'list', fromEmail: 'news@acme.test' });
    const before = await credits();
    expect((await t.dashboard('POST', `/dashboard/email/campaigns/${created.body.id}/launch`)).body).toMatchObject({ status: 'queued' });
    expect(await credits()).toBe(before - 2);
    expect((await t.dashboard('GET', `/dashboard/email/campaigns/${created.body.id}`)).body.startedAt).toEqual(expect.any(String));
    await t.advance(1);
    const mailbox = (await t.dashboard('GET', '/sim/handsets/maya@example.com/messages')).body.data;
    expect(mailbox).toHaveLength(1);
    expect(mailbox[0].payload.subject).toBe('Spring is here, Maya');
    expect((await t.dashboard('GET', '/sim/handsets/lee@example.com/messages')).body.data[0].payload.subject).toBe('Spring is here, there');
    await t.advance(30);
    const analytics = (await t.dashboard('GET', `/dashboard/email/campaigns/${created.body.id}/analytics`)).body;
    expect(analytics).toMatchObject({ sent: 2, delivered: 2, read: 2, clicked: 2, failed: 0, clickRate: 100 });
    const list = await t.request('GET', '/v1/email/campaigns', { token: key });
    expect(list.body.meta).toMatchObject({ limit: 20, total: 1 });
    expect(list.body.data[0]).toEqual({
      id: created.body.id, name: 'Spring news', status: 'COMPLETED', templateId, templateName: 'News', subject: null, fromEmail: 'news@acme.test', audience: 'list',
      totalRecipients: 2, sentCount: 2, deliveredCount: 2, openedCount: 2, clickedCount: 2, complainedCount: 0, scheduledAt: null, createdAt: expect.any(String),
    });
    const reader = await t.createKey({ scopes: ['email:send'] });
    expect((await t.request('GET', '/v1/email/campaigns', { token: reader.key })).status).toBe(403);
    expect(t.server.services.wallet.audit(t.organizationId).balanced).toBe(true);
  });
  it('refuses a campaign that would send a merge tag blank: used without a fallback and given no value', async () => {
    const before = (await t.request('GET', '/v1/email/campaigns', { token: key })).body.meta.total;
    const res = await create({ name: 'Blank', recipients: ['zed@example.org'], variables: { first_name: '  ' } });
    expect([res.status, res.body.message]).toEqual([400, 'No value for {{first_name}}: used without a |fallback and not given in variables, so '
      + 'recipients without a name would get it blank. Give variables.first_name (what recipients without a name get), or write {{first_name|…}} in the template']);
    const order = await create({ name: 'Order', recipients: ['zed@example.org'], subject: 'Order {{order}} for {{first_name|you}}' });
    expect(order.body.message).toMatch(/^No value for \{\{order\}\}: .* so every recipient would get it blank\. Give variables\.order, or write/);
    // A subject that overrides the template's with a fallback still leaves the HTML's use.
    const subjectOnly = await create({ name: 'Subject', recipients: ['zed@example.org'], subject: 'Hi {{first_name|there}}', variables: {} });
    expect(subjectOnly.body.message).toMatch(/^No value for \{\{first_name\}\}/);
    expect((await t.request('GET', '/v1/email/campaigns', { token: key })).body.meta.total).toBe(before);
  });
  it('the subscribers audience is resolved at launch, skipping suppressed addresses', async () => {
    const bounced = await create({ name: 'Bounce first', recipients: ['bounce@sim.test'] });
    await t.dashboard('POST', `/dashboard/email/campaigns/${bounced.body.id}/launch`);
    await t.advance(3);
    // Accepted, then bounced: failed, with a reason the console lists, and no delivery rate of 100%.
    expect((await t.dashboard('GET', `/dashboard/email/campaigns/${bounced.body.id}/analytics`)).body).toMatchObject({ sent: 0, delivered: 0, failed: 1, deliveryRate: 0 });
    expect((await t.dashboard('GET', `/dashboard/email/campaigns/${bounced.body.id}/failures`)).body.data).toEqual([
      { address: 'bounce@sim.test', reason: 'Bounced', code: 'EMAIL_BOUNCED', messageId: expect.stringMatching(/./), contact: { id: expect.stringMatching(/^cnt_/), name: null } },
    ]);
    const subs = await create({ name: 'Subscribers', audience: 'subscribers' });
    expect(subs.body.totalRecipients).toBe(0);
    await t.dashboard('POST', `/dashboard/email/campaigns/${subs.body.id}/launch`);
    await t.advance(1);
    expect((await t.dashboard('GET', `/dashboard/email/campaigns/${subs.body.id}`)).body).toMatchObject({ status: 'COMPLETED', totalRecipients: 1, sentCount: 1 });
  });
  it('counts spam complaints per campaign, as a share of those delivered', async () => {
    const created = await create({ name: 'Spam test', recipients: ['complaint@sim.test', 'kept@example.com'] });
    await t.dashboard('POST', `/dashboard/email/campaigns/${created.body.id}/launch`);
    await t.advance(60);
    const analytics = (await t.dashboard('GET', `/dashboard/email/campaigns/${created.body.id}/analytics`)).body;
    expect(analytics).toMatchObject({ sent: 2, delivered: 2, failed: 0, complained: 1, complaintRate: 50 });
    const listed = (await t.request('GET', '/v1/email/campaigns?limit=100', { token: key })).body.data.find((c: { id: string }) => c.id === created.body.id);
    expect(listed.complainedCount).toBe(1);
    expect(t.server.services.campaigns.audit(t.organizationId, created.body.id).consistent).toBe(true);
  });
  it('creates once under one Idempotency-Key, as the other campaign routes do', async () => {
    const body = { name: 'Once', templateId, fromName: 'Acme', fromEmail: 'news@acme.test', recipients: ['once@example.com'], variables: { first_name: 'there' } };
    const send = () => t.request('POST', '/dashboard/email/campaigns', { token: t.dashboardToken, body, headers: { 'idempotency-key': 'email-campaign-once' } });
    const first = await send();
    const again = await send();
    expect([first.status, again.status, again.headers.get('idempotent-replayed'), again.body.id]).toEqual([201, 201, 'true', first.body.id]);
    const list = await t.request('GET', '/v1/email/campaigns?limit=100', { token: key });
    expect(list.body.data.filter((c: { name: string }) => c.name === 'Once')).toHaveLength(1);
  });
  it('refuses with 400 what cannot be sent, and a cancel gives the credits back', async () => {
    expect((await create({ recipients: [] })).body.message).toContain('at least one email address');
    expect((await create({ recipients: ['not-an-email'] })).status).toBe(400);
    expect((await create({ recipients: ['a@example.com'], fromEmail: 'x@other.test' })).body.message).toContain('verified sending domain');
    expect((await create({ recipients: ['a@example.com'], templateId: 'tpl_nope' })).body.message).toContain('not found');
    const many = await create({ recipients: Array.from({ length: 50 }, (_, i) => `p${i}@example.com`) });
    const refused = await t.dashboard('POST', `/dashboard/email/campaigns/${many.body.id}/launch`);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INSUFFICIENT_CREDITS');
    const later = await create({ recipients: ['a@example.com', 'b@example.com'], scheduledAt: '2026-02-01T14:30:00', scheduleTimezone: 'Asia/Kolkata' });
    const before = await credits();
    expect((await t.dashboard('POST', `/dashboard/email/campaigns/${later.body.id}/launch`)).body.status).toBe('scheduled');
    // The detail has the other channels' shape: the schedule's zone, and a price of 0 paise (credits pay for email).
    expect((await t.dashboard('GET', `/dashboard/email/campaigns/${later.body.id}`)).body).toMatchObject({
      status: 'SCHEDULED', scheduledAt: '2026-02-01T09:00:00.000Z', scheduleTimezone: 'Asia/Kolkata', pricePaise: 0, fromName: 'Acme',
    });
    expect(await credits()).toBe(before - 2);
    expect((await t.dashboard('POST', `/dashboard/email/campaigns/${later.body.id}/cancel`)).body).toEqual({ success: true, campaignId: later.body.id, refundedRecipients: 2 });
    expect(await credits()).toBe(before);
    expect(t.server.services.wallet.audit(t.organizationId).balanced).toBe(true);
  });
  it('console: create-and-launch is one transaction, so a refusal (no credits, no subscribers) leaves no DRAFT behind', async () => {
    const both = (body: Record<string, unknown>) => t.dashboard('POST', '/dashboard/email/campaigns/create-and-launch', {
      name: 'In one go', templateId, fromName: 'Acme', fromEmail: 'news@acme.test', variables: { first_name: 'there' }, ...body,
    });
    const total = async () => (await t.request('GET', '/v1/email/campaigns', { token: key })).body.meta.total as number;
    const before = await total();
    const poor = await both({ recipients: Array.from({ length: 50 }, (_, i) => `q${i}@example.com`) });
    expect([poor.status, poor.body.code]).toEqual([400, 'INSUFFICIENT_CREDITS']);
    expect((await both({ recipients: ['a@example.com'], fromEmail: 'x@other.test' })).status).toBe(400);
    expect(await total()).toBe(before);
    const sent = await both({ recipients: ['one@example.com'] });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ name: 'In one go', status: 'RUNNING', dispatch: 'queued', totalRecipients: 1, audience: 'list' });
    await t.advance(2);
    expect((await t.dashboard('GET', `/dashboard/email/campaigns/${sent.body.id}`)).body).toMatchObject({ status: 'COMPLETED', sentCount: 1 });
    expect(t.server.services.wallet.audit(t.organizationId).balanced).toBe(true);
  });
  it('simulated recipients convert by their whole address: a campaign to addresses without digits converts some, not all or none', async () => {
    await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 20 });
    const names = ['amara', 'bruno', 'chloe', 'dmitri', 'elena', 'farah', 'gustav', 'hana', 'ivan', 'jonas', 'kira', 'leon', 'mira', 'nadia', 'oscar', 'priya', 'quinn', 'rosa', 'sven', 'tara'];
    const created = await create({ name: 'Digitless', recipients: names.map((n) => `${n}@example.com`) });
    expect((await t.dashboard('POST', `/dashboard/email/campaigns/${created.body.id}/launch`)).status).toBeLessThan(300);
    await t.advance(300);
    // Buckets 0-14 convert (fixtures.test.ts): amara, bruno, farah and hana's addresses fall there; by digits, all 20 shared one, and none converted.
    const analytics = (await t.dashboard('GET', `/dashboard/email/campaigns/${created.body.id}/analytics`)).body;
    expect(analytics).toMatchObject({ sent: 20, delivered: 20, converted: 4 });
  });
});
