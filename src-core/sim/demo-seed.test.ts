// The demo seed fills the default organization with the fixtures of INTERFACES.md, once; a new
// organization has none of it. On a new database on real time it plays its story over the last two
// hours, ending at now; on a manual clock (or an existing database) everything happens now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentCall, AgentCallListItem, ApiKey, AppCall, RequestLogEntry, WebhookDelivery, WebhookDeliveryDetail, WebhookEndpoint } from '../contract/index.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { DEMO_SNOOZE_MS } from './demo/instagram.ts';
import { DEMO_CRM_EVENTS, DEMO_CRM_URL } from './demo/webhooks.ts';
import { bucketOf, inReplyRun, MAGIC, repliesTo, replyTextOf } from './fixtures.ts';

describe.each([
  { mode: 'now (manual clock)', clock: undefined },
  { mode: 'a story on real time', clock: { kind: 'real' as const } },
])('demo seed, $mode', ({ clock }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ seed: 'demo', ...(clock ? { clock } : {}) });
  });
  afterAll(async () => {
    await t.close();
  });
  it.runIf(clock)('spreads the conversations over the last two hours and leaves the clock at real time', async () => {
    // The story ends at now: the clock started two hours back and is back at real time (give or take the
    // moment the last advance took).
    expect(Math.abs(t.server.clock.offset())).toBeLessThan(60_000);
    const now = t.server.clock.now();
    // In whole milliseconds: minutes as floats would make exact gaps compare unequal.
    const msBefore = (iso: string) => now - Date.parse(iso);
    const MIN = 60_000;
    const inbox = (await t.dashboard('GET', '/dashboard/conversations?channel=whatsapp&limit=4')).body.data as Array<{ customerName: string; lastMessageAt: string }>;
    expect(inbox.slice(0, 3).map((c) => c.customerName)).toEqual(['Oliver Brown', 'Kiran Mehta', 'Alice Johnson']);
    const [oliver, kiran, alice, vip] = inbox.map((c) => msBefore(c.lastMessageAt)) as [number, number, number, number];
    expect(oliver).toBeGreaterThanOrEqual(2 * MIN);
    expect(kiran).toBeGreaterThanOrEqual(oliver + 3 * MIN);
    expect(alice).toBeGreaterThanOrEqual(kiran + 6 * MIN);
    // The campaign went out at the start of the story; its recipients' threads come after the customers'.
    const [campaign] = (await t.dashboard('GET', '/dashboard/whatsapp/campaigns')).body.data as Array<{ createdAt: string }>;
    expect(msBefore(campaign?.createdAt as string)).toBeGreaterThanOrEqual(120 * MIN);
    expect(vip).toBeGreaterThanOrEqual(alice + 60 * MIN);
    const instagram = (await t.dashboard('GET', '/dashboard/conversations?channel=instagram')).body.data as Array<{ lastMessageAt: string }>;
    const times = instagram.map((c) => Date.parse(c.lastMessageAt));
    expect(new Set(times).size).toBe(times.length);
  });

  it('funds the wallet and gives email credits', async () => {
    const wallet = await t.dashboard('GET', '/dashboard/wallet');
    expect(wallet.body.balancePaise).toBeGreaterThan(100_000);
    expect(wallet.body.emailCredits).toBeGreaterThan(0);
  });
  it('names the organization after the demo business, the sender its customers\' phones show', async () => {
    const { data, defaultOrganizationId } = (await t.dashboard('GET', '/dashboard/organizations')).body as { data: Array<{ id: string; name: string }>; defaultOrganizationId: string };
    expect(data.find((org) => org.id === defaultOrganizationId)?.name).toBe('Example Store');
    const whatsapp = (await t.handset('14155550101')).filter((message: { channel: string }) => message.channel === 'whatsapp');
    expect(whatsapp.length).toBeGreaterThan(0);
    expect(new Set(whatsapp.map((message: { from: string }) => message.from))).toEqual(new Set(['Example Store']));
  });
  it('has the festive-offer popup with two sign-ups: a new contact whose source is the form, and Alice, unchanged', async () => {
    const forms = (await t.dashboard('GET', '/dashboard/forms')).body.data as Array<{ id: string; name: string; kind: string; submissionsCount: number }>;
    expect(forms.map((f) => [f.name, f.kind, f.submissionsCount])).toEqual([['Festive offer sign-up', 'popup', 2]]);
    const submissions = (await t.dashboard('GET', `/dashboard/forms/${forms[0]?.id}/submissions`)).body.data as Array<{ fields: Record<string, string> }>;
    expect(submissions.map((s) => s.fields.email).sort()).toEqual(['alice@example.com', 'sana.kapoor@example.net']);
    expect((await t.dashboard('GET', '/dashboard/contacts?search=sana.kapoor@example.net')).body.data[0]).toMatchObject({ name: 'Sana Kapoor', source: 'Festive offer sign-up' });
    expect((await t.dashboard('GET', '/dashboard/contacts?search=alice@example.com')).body.data[0]).toMatchObject({ source: 'shopify' });
  });
  it('has Alice and a blocked contact with a reason', async () => {
    const alice = await t.dashboard('GET', '/dashboard/contacts?search=alice@example.com');
    expect(alice.body.data[0]).toMatchObject({ phone: '+14155550101', name: 'Alice Johnson' });
    const blocked = (await t.dashboard('GET', '/dashboard/contacts?limit=100')).body.data.filter((c: { isBlocked: boolean }) => c.isBlocked);
    expect(blocked.length).toBeGreaterThan(0);
    expect(blocked[0].blockedReason).toEqual(expect.any(String));
  });
  it('tags its contacts without repeating a tag on one contact, with 17 VIPs', async () => {
    const contacts = (await t.dashboard('GET', '/dashboard/contacts?limit=100')).body.data as Array<{ name: string; tags: string[] }>;
    expect(contacts.filter((c) => new Set(c.tags).size !== c.tags.length).map((c) => [c.name, c.tags])).toEqual([]);
    expect(contacts.filter((c) => c.tags.includes('vip'))).toHaveLength(17);
  });
  it('puts its contacts in lifecycle stages: Alice a customer, every default stage in use, the blocked spammer in none', async () => {
    const stages = (await t.dashboard('GET', '/dashboard/lifecycle-stages')).body.data as Array<{ id: string; name: string; contacts: number }>;
    expect(stages.map((s) => [s.name, s.contacts])).toEqual([['Subscriber', 8], ['Lead', 4], ['Qualified', 12], ['Customer', 21], ['Churned', 4]]);
    const contacts = (await t.dashboard('GET', '/dashboard/contacts?limit=100')).body.data as Array<{ name: string; lifecycleStageId: string | null }>;
    const stageOf = (name: string) => stages.find((s) => s.id === contacts.find((c) => c.name === name)?.lifecycleStageId)?.name;
    expect([stageOf('Alice Johnson'), stageOf('Promo Blaster')]).toEqual(['Customer', undefined]);
  });
  it('has WhatsApp templates in each status and category, and conversations', async () => {
    const templates = (await t.dashboard('GET', '/dashboard/whatsapp/templates?limit=100')).body.data as Array<{ status: string; category: string }>;
    expect(new Set(templates.map((x) => x.status))).toEqual(new Set(['APPROVED', 'PENDING', 'REJECTED']));
    expect(new Set(templates.map((x) => x.category))).toEqual(new Set(['MARKETING', 'UTILITY', 'AUTHENTICATION']));
    const alice = await t.dashboard('GET', '/dashboard/whatsapp/conversations/by-phone?phone=14155550101');
    expect(alice.body.data.map((m: { direction: string }) => m.direction)).toEqual(['outbound', 'inbound']);
  });
  it('has an approved SMS sender and template, a pending one, and an SMS conversation', async () => {
    const templates = (await t.dashboard('GET', '/dashboard/sms/templates')).body.data as Array<{ status: string }>;
    expect(templates.map((x) => x.status).sort()).toEqual(['APPROVED', 'PENDING']);
    expect((await t.dashboard('GET', '/dashboard/sms/senders')).body.data[0]).toMatchObject({ senderId: 'EXMPLE', status: 'APPROVED' });
    // Alice's and Rohan's shipping texts, Grace's STOP, Mateo's order card gone out as SMS (his handset has no RCS), and the
    // sign-in code of a shopper who never wrote (awaiting a reply under Resolved, out of Open).
    expect((await t.dashboard('GET', '/dashboard/conversations?channel=sms')).body.meta.total).toBe(5);
    const open = (await t.dashboard('GET', '/dashboard/conversations?channel=sms&state=open')).body.data as Array<{ address: string }>;
    expect(open.map((c) => c.address)).not.toContain('+919810004417');
  });
  it('has two answered Instagram conversations read and resolved by the console, so Resolved lists them; the two waiting stay open and unread', async () => {
    type Row = { customerName: string; state: string; resolvedAt: string | null; resolvedBy: string | null; unreadCount: number; lastMessageAt: string };
    const list = async (state: string) => (await t.dashboard('GET', `/dashboard/conversations?channel=instagram&state=${state}`)).body.data as Row[];
    const resolved = await list('resolved');
    expect(resolved.map((c) => [c.customerName, c.state, c.resolvedBy, c.unreadCount])).toEqual([['Jonas Weber', 'resolved', 'console', 0], ['Maya Fernandes', 'resolved', 'console', 0]]);
    // Resolved after their last message: an agent was done with them (a minute later, on the story's clock).
    for (const c of resolved) expect(Date.parse(c.resolvedAt as string)).toBeGreaterThanOrEqual(Date.parse(c.lastMessageAt) + (clock ? 60_000 : 0));
    expect((await list('open')).map((c) => [c.customerName, c.unreadCount > 0])).toEqual([['Leo Martins', true], ['Priya Menon', true]]);
    expect((await t.dashboard('GET', '/dashboard/conversations/unread-counts')).body.instagram).toBe(2);
  });
  it('keeps conversations only the business wrote in out of Open: its campaigns\' unanswered ones await a reply under Resolved', async () => {
    type Row = { customerName: string; resolvedBy: string | null };
    const list = async (channel: string, state: string) => (await t.dashboard('GET', `/dashboard/conversations?channel=${channel}&state=${state}&limit=100`)).body.data as Row[];
    const whatsapp = await list('whatsapp', 'resolved');
    expect(whatsapp.length).toBeGreaterThanOrEqual(11); // 11 on the story's clock (some customers answer), more without one
    expect(new Set(whatsapp.map((c) => c.resolvedBy))).toEqual(new Set(['system']));
    // Those a customer answered (Oliver, Alice after the campaign) or wrote first (Kiran) wait for the team.
    expect((await list('whatsapp', 'open')).map((c) => c.customerName)).toEqual(expect.arrayContaining(['Oliver Brown', 'Kiran Mehta', 'Alice Johnson']));
    // Customers do not write in on RCS or email here: what was sent there stays open, the place to follow it up.
    for (const channel of ['rcs', 'email']) expect((await list(channel, 'resolved')).length, channel).toBe(0);
  });
  it('has an answered Instagram conversation snoozed by the console until two days on (on the hour), so Snoozed lists it, read', async () => {
    type Row = { id: string; customerName: string; state: string; snoozedUntil: string | null; unreadCount: number; lastMessageAt: string };
    const list = async (state: string) => (await t.dashboard('GET', `/dashboard/conversations?channel=instagram&state=${state}`)).body.data as Row[];
    const [sara, ...others] = await list('snoozed');
    expect(others).toEqual([]);
    expect(sara).toMatchObject({ customerName: 'Sara Lindqvist', state: 'snoozed', unreadCount: 0 });
    const ahead = Date.parse(sara?.snoozedUntil as string) - t.server.clock.now();
    // Snoozed 95 minutes into the story's two hours (on real time), now at once (manual clock); then up to the next hour.
    expect(ahead).toBeGreaterThan(DEMO_SNOOZE_MS - 2 * 3_600_000);
    expect(ahead).toBeLessThanOrEqual(DEMO_SNOOZE_MS + 3_600_000);
    // No other channel has a snoozed conversation: the inbox's WhatsApp, SMS, RCS and email lists are as they were.
    for (const channel of ['whatsapp', 'sms', 'rcs', 'email']) {
      expect((await t.dashboard('GET', `/dashboard/conversations?channel=${channel}&state=snoozed`)).body.meta.total, channel).toBe(0);
    }
  });
  it('has a customer who opted out by writing STOP on SMS: blocked through the keyword, her thread ending with it', async () => {
    const grace = (await t.dashboard('GET', '/dashboard/contacts?search=Grace%20Lee')).body.data[0];
    expect(grace).toMatchObject({ phone: '+14155550163', isBlocked: true, blockedReason: 'Opted out by sending STOP on SMS (writing START opts them back in)' });
    const [conversation] = (await t.dashboard('GET', `/dashboard/conversations?contactId=${grace.id}`)).body.data as Array<{ id: string; channel: string; lastMessage: string; contactBlocked: boolean }>;
    expect(conversation).toMatchObject({ channel: 'sms', lastMessage: 'STOP', contactBlocked: true });
    const thread = (await t.dashboard('GET', `/dashboard/conversations/${conversation?.id}/messages`)).body.data as Array<{ direction: string; text: string }>;
    expect(thread.map((m) => [m.direction, m.text])).toEqual([['outbound', expect.stringContaining('Hi Grace, your order #1004 has shipped')], ['inbound', 'STOP']]);
    // The opt-out came through the real path: a contact.updated event says she was blocked, as any STOP would.
    await t.server.bus.flush();
    const blockedEvents = t.server.bus.recent(t.organizationId, 2000)
      .filter((e) => e.type === 'contact.updated' && e.data.includes(grace.id) && e.data.includes('Opted out by sending STOP'));
    expect(blockedEvents).toHaveLength(1);
  });
  it('has an active voice agent (and a paused one), which can place a call', async () => {
    const agents = (await t.dashboard('GET', '/dashboard/voice/agents')).body.data as Array<{ id: string; name: string; isActive: boolean }>;
    expect(agents.map((a) => [a.name, a.isActive]).sort()).toEqual([['Feedback Survey', false], ['Order Confirmation', true]]);
    const active = agents.find((a) => a.isActive) as { id: string };
    expect((await t.dashboard('POST', '/dashboard/voice/calls/outbound', { agentId: active.id, toNumber: '+14155550188' })).status).toBe(201);
  });
  it('has a morning of calls: the agent\'s three (Alice confirms her order, a busy line, no answer) and a booking call the pro took', async () => {
    // On the manual clock they were placed now and run their course as it moves; the story played them already.
    await t.advance(200);
    const calls = (await t.dashboard('GET', '/dashboard/voice/calls?limit=100')).body.data as AgentCallListItem[];
    const to = (number: string) => calls.find((call) => call.calledNumber === number);
    expect(to('+14155550101')).toMatchObject({ status: 'COMPLETED', sentiment: 'POSITIVE', wasConfirmed: true, billedAmountPaise: 400 });
    expect([to('+15005550005')?.status, to('+15005550004')?.status]).toEqual(['BUSY', 'NO_ANSWER']);
    const alice = (await t.dashboard('GET', `/dashboard/voice/calls/${to('+14155550101')?.id}`)).body as AgentCall;
    expect(alice.transcription[0]).toMatchObject({ role: 'agent', content: expect.stringContaining('Hello Alice, this is Asha from Example Store, calling about your order 1001') });
    // The summary names her as the contacts do (her contact's whole name, over the call context's "Alice").
    expect(alice.summary).toBe('Order Confirmation spoke with Alice Johnson: they confirmed and a booking was made.');
    const appCalls = (await t.dashboard('GET', '/dashboard/voice/app/calls')).body.data as AppCall[];
    const booking = appCalls.find((call) => call.sessionRef === 'booking_1042');
    expect(booking).toMatchObject({ from: 'cust_1042', to: 'pro_7', status: 'COMPLETED', endReason: 'completed' });
    // Played on the clock, the pro and the customer talked for nearly two minutes (charged); placed now, a moment.
    // (108 s on the story's clock, plus the real moments the story took between the two steps.)
    if (clock) expect([booking?.durationSeconds ?? 0, booking?.costPaise ?? 0]).toEqual([expect.toBeOneOf([108, 109, 110]), expect.any(Number)]);
    if (clock) expect(booking?.costPaise).toBeGreaterThan(0);
  });
  it('has a reachable pro and customer of the voice app, each with a device, and an active booking between them', async () => {
    const identities = (await t.dashboard('GET', '/dashboard/voice/app/identities')).body.data as Array<Record<string, unknown>>;
    expect(identities.map((i) => [i.externalId, i.role, i.deviceCount, i.reachable]).sort()).toEqual([['cust_1042', 'CUSTOMER', 1, true], ['pro_7', 'PRO', 1, true]]);
    const sessions = (await t.dashboard('GET', '/dashboard/voice/app/sessions')).body.data as Array<Record<string, unknown>>;
    expect(sessions).toEqual([expect.objectContaining({ externalRef: 'booking_1042', proExternalId: 'pro_7', customerExternalId: 'cust_1042', status: 'active' })]);
    expect(t.server.services.voiceIdentities.activeSession(t.organizationId, 'booking_1042')?.metadata).toMatchObject({ bookingNumber: '1042' });
  });
  it('has a business number routed to the app with phone calling on, which a phone can dial and the backend can call from', async () => {
    expect((await t.dashboard('GET', '/dashboard/voice/app/numbers')).body.data).toEqual([{ number: '+18005550142', routeTo: 'app', createdAt: expect.any(String) }]);
    expect((await t.dashboard('GET', '/dashboard/voice/app/settings')).body).toMatchObject({ pstnEnabled: true, history: [{ pstnEnabled: true, changedVia: 'dashboard' }] });
    expect((await t.dashboard('POST', '/sim/voice/inbound-call', { from: '+14155550189' })).status).toBe(201);
    const placed = await t.dashboard('POST', '/dashboard/voice/app/calls', { type: 'phone', from: 'cust_demo', to: '+14155550190' });
    expect([placed.status, placed.body.status]).toEqual([201, 'RINGING']);
  });
  it('has the Example Store Login OTP widget with one verified and one pending request', async () => {
    const widgets = (await t.dashboard('GET', '/dashboard/otp-widgets')).body.data as Array<{ id: string; name: string; channels: string[] }>;
    expect(widgets[0]).toMatchObject({ name: 'Example Store Login', channels: ['sms', 'whatsapp'] });
    const logs = (await t.dashboard('GET', '/dashboard/otp/logs')).body.data as Array<{ status: string; widgetId: string }>;
    expect(logs.map((l) => l.status).sort()).toEqual(['sent', 'verified']);
    expect((await t.dashboard('GET', '/sim/handsets/919810004417/messages')).body.data.at(-1).text).toMatch(/^\d{6} is your verification code for Example Store Login/);
    // Not to Rohan, whose SMS thread ends with his question, waiting for an answer, not with a code.
    const rohan = (await t.dashboard('GET', '/dashboard/conversations?channel=sms&search=Rohan')).body.data[0];
    expect([rohan.customerName, rohan.lastMessage, rohan.state]).toEqual(['Rohan Iyer', 'When will it arrive?', 'open']);
  });
  it('has the verified domain example.com, email templates with HTML, an RCS bot and approved template, and two cards sent', async () => {
    expect((await t.dashboard('GET', '/dashboard/email/domains')).body.data[0]).toMatchObject({ domain: 'example.com', status: 'VERIFIED' });
    const templates = (await t.dashboard('GET', '/dashboard/email/templates')).body.data as Array<{ id: string }>;
    expect(templates.length).toBeGreaterThanOrEqual(2);
    expect((await t.dashboard('GET', `/dashboard/email/templates/${templates[0]?.id}`)).body.html).toContain('<p>');
    expect((await t.dashboard('GET', '/dashboard/rcs/bots')).body.data).toHaveLength(1);
    expect((await t.dashboard('GET', '/dashboard/rcs/templates')).body.data[0].status).toBe('APPROVED');
    const rcs = (await t.dashboard('GET', '/dashboard/rcs/logs')).body.data as Array<{ phone: string; text: string }>;
    expect(rcs.map((log) => [log.phone, log.text])).toEqual([
      ['+919810015838', expect.stringContaining('Hi Rohan, your parcel arrives on Friday.')], ['+919810007919', expect.stringContaining('Hi Priya')],
    ]);
  });
  it('has a WhatsApp campaign to the VIPs (not Alice) that sends at start and whose funnel fills in as the clock runs', async () => {
    const list = async () => (await t.dashboard('GET', '/dashboard/whatsapp/campaigns')).body.data as Array<{ id: string; status: string; name: string; totalRecipients: number }>;
    for (let i = 0; i < 100 && (await list())[0]?.status !== 'COMPLETED'; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const [campaign] = await list();
    expect(campaign).toMatchObject({ name: 'Festive sale for VIPs', status: 'COMPLETED', totalRecipients: 16 });
    // The first seeded customer, Aarav Sharma (+91 98100 00000), is a VIP: the message greets him by his first name, as a
    // marketer writes ("Hi Aarav Sharma, …" read as a mail merge).
    const received = await t.handset('919810000000');
    expect(received.at(-1)?.text).toContain('Hi Aarav, our festive sale is on');
    const alice = await t.dashboard('GET', '/dashboard/whatsapp/conversations/by-phone?phone=14155550101');
    expect(alice.body.data).toHaveLength(2);
    await t.advance(300);
    const analytics = (await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${campaign?.id}/analytics`)).body;
    // Two VIPs' phones are simulated handsets the campaign cannot reach (demo-seed-failures.test.ts).
    expect(analytics).toMatchObject({ sent: 14, delivered: 14, read: 14, failed: 2 });
    expect(analytics.clicked + analytics.replied + analytics.converted).toBeGreaterThan(0);
    // Who replies is drawn per campaign (by its name, so the demo's answers are the same on every database), and the VIPs'
    // numbers it reaches leave no run of replying buckets empty, so the story's campaign is answered into the inbox whatever the draw.
    const unreachable: string[] = [MAGIC.allChannelsFail, MAGIC.whatsappFails];
    const phones = t.server.services.contacts.audiencePhones(t.organizationId, { tags: ['vip'] }).filter((p) => p !== '+14155550101' && !unreachable.includes(p));
    expect(phones).toHaveLength(14);
    expect(Array.from({ length: 100 }, (_, start) => phones.some((p) => inReplyRun(bucketOf(p), start))).every(Boolean)).toBe(true);
    const repliers = phones.filter((p) => repliesTo(p, campaign?.name as string));
    expect(analytics.replied).toBe(repliers.length);
    expect(analytics.replied).toBeGreaterThan(0);
    for (const phone of repliers) {
      const thread = (await t.dashboard('GET', `/dashboard/whatsapp/conversations/by-phone?phone=${phone.replace(/^\+/, '')}`)).body.data as Array<{ direction: string; content: { text: string } }>;
      expect(thread.filter((m) => m.direction === 'inbound').map((m) => m.content.text)).toContain(replyTextOf(phone, campaign?.name as string));
    }
  });
  it('has the demo CRM\'s webhook endpoint with the story\'s deliveries; played on the clock, the calls\' failed while it was down and got through on a retry', async () => {
    const endpoints = (await t.dashboard('GET', '/dashboard/webhooks')).body.data as WebhookEndpoint[];
    expect(endpoints).toEqual([expect.objectContaining({ url: DEMO_CRM_URL, events: DEMO_CRM_EVENTS, isActive: true, consecutiveFailures: 0 })]);
    // Placed now, they go out once the clock moves (the calls end within it); played on the clock, they went out as the story went.
    if (!clock) await t.advance(200);
    const deliveries = (await t.dashboard('GET', '/dashboard/webhook-deliveries?limit=500')).body.data as WebhookDelivery[];
    expect(new Set(deliveries.map((d) => d.status))).toEqual(new Set(['SUCCEEDED']));
    expect(new Set(deliveries.map((d) => d.eventType))).toEqual(new Set([
      'contact.created', 'contact.updated', 'whatsapp.message.received', 'sms.message.received', 'instagram.message.received', 'voice.call.completed',
    ]));
    const retried = deliveries.filter((d) => d.attempts > 1);
    if (!clock) {
      expect(retried).toEqual([]);
      return;
    }
    // The agent's three calls ended during the outage: each delivery failed (503) until a retry after it got a 200.
    expect(retried.map((d) => d.eventType)).toEqual(['voice.call.completed', 'voice.call.completed', 'voice.call.completed']);
    for (const { id } of retried) {
      const { attemptLog } = (await t.dashboard('GET', `/dashboard/webhooks/deliveries/${id}`)).body as WebhookDeliveryDetail;
      expect(attemptLog.map((a) => a.responseStatus)).toEqual([...Array.from({ length: attemptLog.length - 1 }, () => 503), 200]);
    }
    expect(endpoints[0]?.lastFailureAt).not.toBeNull();
  });
  it('has the integrations\' API keys: the storefront\'s and the CRM\'s in use, the storefront\'s old one revoked', async () => {
    const keys = (await t.dashboard('GET', '/dashboard/api-keys')).body.data as ApiKey[];
    const byName = (name: string) => keys.find((key) => key.name === name);
    expect(keys.map((key) => [key.name, key.environment, key.prefix.slice(0, 8), key.revokedAt === null ? 'active' : 'revoked']).sort()).toEqual([
      ['CRM sync (demo)', 'test', 'sk_test_', 'active'],
      ['Storefront (demo)', 'test', 'sk_test_', 'active'],
      ['Storefront, old key (demo)', 'test', 'sk_test_', 'revoked'],
    ]);
    expect(byName('Storefront (demo)')?.scopes).toEqual(['sms:send', 'whatsapp:send', 'otp:send', 'otp:verify']);
    expect(byName('CRM sync (demo)')?.scopes).toEqual(['contacts:read', 'contacts:notes:read', 'webhooks:read']);
    // Used by the requests below: the keys table says when.
    expect(byName('Storefront (demo)')?.lastUsedAt).not.toBeNull();
    expect(byName('CRM sync (demo)')?.lastUsedAt).not.toBeNull();
  });
  it('has the request log the server wrote for the integrations\' calls: their keys, addresses and answers', async () => {
    const keys = (await t.dashboard('GET', '/dashboard/api-keys')).body.data as ApiKey[];
    const nameOf = (id: string | null) => keys.find((key) => key.id === id)?.name ?? null;
    const entries = ((await t.dashboard('GET', '/dashboard/request-log?limit=200')).body.data as RequestLogEntry[]).slice().reverse();
    expect(entries.map((e) => [nameOf(e.keyId), e.sourceIp, e.method, e.endpoint.replace(/cnt_\w+/, ':id'), e.statusCode, e.errorCode])).toEqual([
      ['CRM sync (demo)', '198.51.100.24', 'GET', '/v1/contacts', 200, null],
      ['CRM sync (demo)', '198.51.100.24', 'GET', '/v1/contacts', 200, null],
      ['CRM sync (demo)', '198.51.100.24', 'GET', '/v1/contacts/:id/notes', 200, null],
      ['CRM sync (demo)', '198.51.100.24', 'POST', '/v1/contacts/:id/notes', 403, 'INSUFFICIENT_SCOPE'],
      // The revoked key names no organization's key: its 401 is logged without one.
      [null, '203.0.113.7', 'POST', '/v1/sms/send', 401, 'UNAUTHORIZED'],
      ['Storefront (demo)', '203.0.113.10', 'POST', '/v1/sms/send', 200, null],
      ['Storefront (demo)', '203.0.113.10', 'POST', '/v1/sms/send', 200, null],
      ['Storefront (demo)', '203.0.113.10', 'POST', '/v1/sms/send', 200, null],
      ['Storefront (demo)', '203.0.113.10', 'POST', '/v1/otp/send', 200, null],
      ['Storefront (demo)', '203.0.113.10', 'POST', '/v1/otp/verify', 400, 'VALIDATION_FAILED'],
      ['Storefront (demo)', '203.0.113.10', 'POST', '/v1/otp/verify', 200, null],
      ['Storefront (demo)', '203.0.113.10', 'POST', '/v1/otp/send', 200, null],
    ]);
    expect(entries.find((e) => e.statusCode === 401)?.errorMessage).toBe('This API key has been revoked');
    expect(entries.find((e) => e.statusCode === 403)?.errorMessage).toBe('Insufficient scope. Required: contacts:notes:write');
    // On the story's clock, minutes before its end (the last code, asked for then): the CRM synced 105 minutes before,
    // the shipping texts went out 50 and 45, Alice signed in 30; without a story to play, all at once.
    const end = Date.parse(entries.at(-1)?.at ?? '');
    const minutesBefore = entries.map((e) => Math.round((end - Date.parse(e.at)) / 60_000));
    expect(minutesBefore).toEqual(clock ? [105, 105, 105, 105, 50, 50, 45, 45, 30, 30, 30, 0] : entries.map(() => 0));
    // Seeded once: a second run makes neither keys nor requests.
    expect(await t.server.seedDemo()).toBe(false);
    expect((await t.dashboard('GET', '/dashboard/api-keys')).body.data).toHaveLength(3);
    expect((await t.dashboard('GET', '/dashboard/request-log?limit=1')).body.meta.total).toBe(entries.length);
  });
  it('runs once, and a new organization has none of it', async () => {
    expect(await t.server.seedDemo()).toBe(false);
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Fresh' })).body.id;
    const contacts = await t.request('GET', `/dashboard/contacts?organizationId=${org}`, { token: t.dashboardToken });
    expect(contacts.body.meta.total).toBe(0);
    const wallet = await t.request('GET', `/dashboard/wallet?organizationId=${org}`, { token: t.dashboardToken });
    expect(wallet.body).toMatchObject({ balancePaise: 0, emailCredits: 0 });
    const templates = await t.request('GET', `/dashboard/whatsapp/templates?organizationId=${org}`, { token: t.dashboardToken });
    expect(templates.body.meta.total).toBe(0);
    expect((await t.request('GET', `/dashboard/shopify/connection?organizationId=${org}`, { token: t.dashboardToken })).body.connected).toBe(false);
    // Seeded once: the demo shop has its five orders, not ten.
    expect((await t.dashboard('GET', '/dashboard/shopify/connection')).body.connection.counts.orders).toBe(5);
  });
});

describe('demo seed into a renamed organization', () => {
  it('keeps the name someone gave it', async () => {
    const t = await createTestServer();
    try {
      const orgs = (await t.dashboard('GET', '/dashboard/organizations')).body as { defaultOrganizationId: string };
      expect((await t.dashboard('PATCH', `/dashboard/organizations/${orgs.defaultOrganizationId}`, { name: 'Bakery Bros' })).status).toBe(200);
      expect(await t.server.seedDemo()).toBe(true);
      const listed = (await t.dashboard('GET', '/dashboard/organizations')).body.data as Array<{ id: string; name: string }>;
      expect(listed.find((org) => org.id === orgs.defaultOrganizationId)?.name).toBe('Bakery Bros');
    } finally {
      await t.close();
    }
  });
});
