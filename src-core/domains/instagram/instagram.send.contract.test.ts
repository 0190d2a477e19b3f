// Instagram direct messages over real HTTP: IGSID and text rules, the 24-hour window on the virtual clock,
// blocked contacts, billing, receipts, idempotency, the service's send function and the insights formula.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const CUSTOMER = '6234817790112233';
const send = (body: unknown, headers?: Record<string, string>) => t.request('POST', '/v1/instagram/messages', { token: key, body, headers });
const inbound = (from: string, text: string, organizationId?: string) =>
  t.dashboard('POST', '/sim/inbound', { channel: 'instagram', from, text, ...(organizationId ? { organizationId } : {}) });
const handset = async (igsid: string) => (await t.dashboard('GET', `/sim/handsets/${igsid}/messages`)).body.data as Array<{ text: string; from: string }>;
const balance = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 1_000 });
  await t.dashboard('PUT', '/dashboard/wallet/prices', { prices: { instagram: 15 } });
  await t.dashboard('POST', '/dashboard/instagram/connection', { username: 'examplestore', followersCount: 500 });
  await inbound(CUSTOMER, 'Hi! Is the tote in stock?');
});
afterAll(async () => {
  await t.close();
});

describe('POST /v1/instagram/messages', () => {
  it('sends a reply: {messageId, status}, charged at the instagram price, delivered to the user, receipts on the clock', async () => {
    const res = await send({ recipientIgsid: CUSTOMER, message: 'Yes, it is!' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ messageId: expect.stringMatching(/^igm_/), status: 'sent', errorCode: null, error: null });
    expect(await balance()).toBe(1_000 - 15);
    expect(await handset(CUSTOMER)).toEqual([expect.objectContaining({ from: 'examplestore', text: 'Yes, it is!' })]);
    const message = t.server.services.messaging.byExternalId(t.organizationId, 'instagram', res.body.messageId);
    expect(message).toMatchObject({ direction: 'outbound', address: CUSTOMER, source: 'API', billingAmountPaise: 15, sender: 'examplestore' });
    await t.advance(10);
    expect(t.server.services.messaging.get(t.organizationId, message.id).status).toBe('read');
    const conversation = (await t.request('GET', '/v1/instagram/conversations', { token: key })).body.data[0];
    expect(conversation).toMatchObject({ senderId: CUSTOMER, lastMessage: 'Yes, it is!' });
  });

  it('refuses a username (and anything not an IGSID) with 400 naming it, before charging', async () => {
    const before = await balance();
    for (const recipientIgsid of ['maya.designs', '@maya', 'the_urban_runner']) {
      const res = await send({ recipientIgsid, message: 'hi' });
      expect(res.status, recipientIgsid).toBe(400);
      expect(res.body.message).toMatch(/recipientIgsid: .*is an Instagram username, not a page-scoped user id/);
    }
    for (const recipientIgsid of ['12 34', '', 'x'.repeat(40)]) expect((await send({ recipientIgsid, message: 'hi' })).status, recipientIgsid).toBe(400);
    expect((await send({ recipientIgsid: Number(CUSTOMER), message: 'hi' })).status).toBe(400);
    expect(await balance()).toBe(before);
  });

  it('requires both fields; message is 1 to 1000 characters', async () => {
    expect((await send({ message: 'hi' })).body.message).toMatch(/recipientIgsid/);
    expect((await send({ recipientIgsid: CUSTOMER })).body.message).toMatch(/message/);
    expect((await send({ recipientIgsid: CUSTOMER, message: '   ' })).status).toBe(400);
    const tooLong = await send({ recipientIgsid: CUSTOMER, message: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/at most 1000/);
    expect((await send({ recipientIgsid: CUSTOMER, message: 'x'.repeat(1000) })).status).toBe(200);
  });

  it('refuses a user who never wrote in with 400 OUTSIDE_MESSAGING_WINDOW', async () => {
    const res = await send({ recipientIgsid: '1111222233334444', message: 'Hello stranger' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'OUTSIDE_MESSAGING_WINDOW', recipientIgsid: '1111222233334444', lastMessageAt: null });
    expect(res.body.message).toMatch(/never messaged @examplestore.*24 hours/);
    expect(await handset('1111222233334444')).toEqual([]);
  });

  it('allows replies until 24 hours after the user\'s last message; a new message reopens the window', async () => {
    const igsid = '7109923456781234';
    await inbound(igsid, 'Do you ship to Berlin?');
    const wroteAt = t.server.clock.now();
    await t.advance(24 * 3600 - 1);
    expect((await send({ recipientIgsid: igsid, message: 'Yes, we do.' })).status).toBe(200);
    await t.advance(1);
    const closed = await send({ recipientIgsid: igsid, message: 'Still there?' });
    expect(closed.status).toBe(400);
    expect(closed.body).toMatchObject({
      code: 'OUTSIDE_MESSAGING_WINDOW', lastMessageAt: new Date(wroteAt).toISOString(), windowClosedAt: new Date(wroteAt + 86_400_000).toISOString(),
    });
    expect(closed.body.message).toMatch(/window .* closed at/);
    await inbound(igsid, 'Sorry, I was away');
    expect((await send({ recipientIgsid: igsid, message: 'No problem!' })).status).toBe(200);
  });

  it('refuses a blocked contact with 409 CONTACT_BLOCKED and its reason, nothing charged or delivered', async () => {
    const igsid = '5587120934412290';
    const contactId = (await inbound(igsid, 'buy followers now')).body.contactId as string;
    await t.request('POST', `/v1/contacts/${contactId}/block`, { token: key, body: { reason: 'Spam account' } });
    const before = await balance();
    const res = await send({ recipientIgsid: igsid, message: 'no thanks' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONTACT_BLOCKED', reason: 'Spam account' });
    expect(await balance()).toBe(before);
    expect(await handset(igsid)).toEqual([]);
    await t.advance(2 * 86_400);
    expect((await send({ recipientIgsid: igsid, message: 'no thanks' })).status, 'blocked wins over a closed window').toBe(409);
  });

  it('an empty wallet refuses with 400 INSUFFICIENT_BALANCE', async () => {
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Broke' })).body.id as string;
    const broke = (await t.createKey({ organizationId: org })).key;
    await t.dashboard('POST', '/dashboard/instagram/connection', { organizationId: org, username: 'brokeshop' });
    await t.dashboard('PUT', '/dashboard/wallet/prices', { organizationId: org, prices: { instagram: 15 } });
    await inbound(CUSTOMER, 'hi', org);
    const res = await t.request('POST', '/v1/instagram/messages', { token: broke, body: { recipientIgsid: CUSTOMER, message: 'hello' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INSUFFICIENT_BALANCE');
  });

  it('at the default price of 0 a send is free and writes no ledger line; priced, each send writes one naming its recipient', async () => {
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Free DMs' })).body.id as string;
    const token = (await t.createKey({ organizationId: org })).key;
    await t.dashboard('POST', '/dashboard/instagram/connection', { organizationId: org, username: 'freeshop' });
    await t.dashboard('POST', '/dashboard/wallet/top-up', { organizationId: org, amountPaise: 100 });
    await inbound(CUSTOMER, 'hi', org);
    const ledger = async () => (await t.request('GET', `/dashboard/wallet/ledger?organizationId=${org}`, { token: t.dashboardToken })).body.data
      .map((line: { kind: string; amountPaise: number; description: string }) => [line.kind, line.amountPaise, line.description]);
    const free = await t.request('POST', '/v1/instagram/messages', { token, body: { recipientIgsid: CUSTOMER, message: 'free' } });
    expect([free.status, free.body.status]).toEqual([200, 'sent']);
    expect(t.server.services.messaging.byExternalId(org, 'instagram', free.body.messageId)).toMatchObject({ billingAmountPaise: 0 });
    expect(await ledger()).toEqual([['top_up', 100, 'Top-up of ₹1.00']]);
    await t.dashboard('PUT', '/dashboard/wallet/prices', { organizationId: org, prices: { instagram: 15 } });
    expect((await t.request('POST', '/v1/instagram/messages', { token, body: { recipientIgsid: CUSTOMER, message: 'priced' } })).status).toBe(200);
    expect(await ledger()).toEqual([['charge', -15, `Instagram message to ${CUSTOMER}`], ['top_up', 100, 'Top-up of ₹1.00']]);
  });

  it('honours Idempotency-Key: a repeat answers the first answer and sends nothing', async () => {
    await inbound(CUSTOMER, 'One more question');
    const body = { recipientIgsid: CUSTOMER, message: 'Ask away!' };
    const first = await send(body, { 'Idempotency-Key': 'ig-reply-1' });
    const again = await send(body, { 'Idempotency-Key': 'ig-reply-1' });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await handset(CUSTOMER)).filter((m) => m.text === 'Ask away!')).toHaveLength(1);
  });

  it('the console twin sends as MANUAL', async () => {
    const res = await t.dashboard('POST', '/dashboard/instagram/messages', { recipientIgsid: CUSTOMER, message: 'From the console' });
    expect(res.status).toBe(200);
    expect(t.server.services.messaging.byExternalId(t.organizationId, 'instagram', res.body.messageId).source).toBe('MANUAL');
  });
});

describe('a reply its provider fails', () => {
  it('answers status failed with why, errorCode and error as the message keeps them; a keyed repeat answers the same', async () => {
    // The simulated world has no Instagram user that fails: the provider port is given one that refuses every message.
    const refusing = await createTestServer({
      providers: (simulated) => ({ ...simulated, instagram: { send: async () => ({ ok: false, code: 'USER_UNAVAILABLE', message: "This person isn't available right now" }) } }),
    });
    try {
      const refusingKey = (await refusing.createKey({ rateLimitPerMinute: 10_000 })).key;
      await refusing.dashboard('POST', '/dashboard/instagram/connection', { username: 'examplestore' });
      await refusing.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: CUSTOMER, text: 'Hello?' });
      const reply = (headers?: Record<string, string>) =>
        refusing.request('POST', '/v1/instagram/messages', { token: refusingKey, body: { recipientIgsid: CUSTOMER, message: 'Hi!' }, headers });
      const res = await reply();
      expect([res.status, res.body]).toEqual([200, {
        messageId: expect.stringMatching(/^msg_/), status: 'failed', errorCode: 'USER_UNAVAILABLE', error: "This person isn't available right now",
      }]);
      expect(refusing.server.services.messaging.get(refusing.organizationId, res.body.messageId)).toMatchObject({
        status: 'failed', errorCode: res.body.errorCode, errorMessage: res.body.error,
      });
      const first = await reply({ 'Idempotency-Key': 'ig-failed-once' });
      const again = await reply({ 'Idempotency-Key': 'ig-failed-once' });
      expect([first.body.errorCode, again.headers.get('idempotent-replayed')]).toEqual(['USER_UNAVAILABLE', 'true']);
      expect(again.body).toEqual(first.body);
    } finally {
      await refusing.close();
    }
  });
});

describe('the send function for the unified send', () => {
  it('goes through the same rules, billing and log as the endpoint', async () => {
    const instagram = t.server.services.instagram;
    const origin = { source: 'API' as const, sourceName: 'key_x' };
    const before = await balance();
    const result = await instagram.sendMessage(t.organizationId, { recipientIgsid: CUSTOMER, message: 'Via unified send' }, origin);
    expect(result).toMatchObject({ messageId: expect.stringMatching(/^igm_/), status: 'sent', message: { channel: 'instagram', billingAmountPaise: 15 } });
    expect(await balance()).toBe(before - 15);
    await expect(instagram.sendMessage(t.organizationId, { recipientIgsid: 'maya.designs', message: 'x' }, origin)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400 });
    await expect(instagram.sendMessage(t.organizationId, { recipientIgsid: CUSTOMER, message: 'x'.repeat(1001) }, origin)).rejects.toMatchObject({ statusCode: 400 });
    // Characters, as the route's schema counts them: 1000 emoji fit (2000 UTF-16 units); 1001 do not.
    await expect(instagram.sendMessage(t.organizationId, { recipientIgsid: CUSTOMER, message: '😀'.repeat(1000) }, origin)).resolves.toMatchObject({ status: 'sent' });
    await expect(instagram.sendMessage(t.organizationId, { recipientIgsid: CUSTOMER, message: '😀'.repeat(1001) }, origin)).rejects.toMatchObject({ statusCode: 400 });
    await expect(instagram.sendMessage(t.organizationId, { recipientIgsid: '42', message: 'x' }, origin)).rejects.toMatchObject({ code: 'OUTSIDE_MESSAGING_WINDOW' });
    const other = t.server.services.orgs.create('Unconnected').id;
    await expect(instagram.sendMessage(other, { recipientIgsid: CUSTOMER, message: 'x' }, origin)).rejects.toMatchObject({ code: 'INTEGRATION_NOT_CONNECTED', statusCode: 404 });
  });
});

describe('GET /v1/instagram/insights', () => {
  it('derives the numbers from the profile and the last 28 days of messages', async () => {
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Insights' })).body.id as string;
    const token = (await t.createKey({ organizationId: org })).key;
    const insights = async () => (await t.request('GET', '/v1/instagram/insights', { token })).body;
    await t.dashboard('POST', '/dashboard/instagram/connection', {
      organizationId: org, username: 'insightful', followersCount: 1000, mediaCount: 10, website: 'https://insightful.example.com',
    });
    expect(await insights()).toEqual({
      followerCount: 1000, followsDelta: 20, reach: 450, profileViews: 80, impressions: 1050, websiteClicks: 8,
      period: 'last_28_days', updatedAt: t.server.clock.nowIso(),
    });
    await inbound('3000000000000001', 'hi', org);
    await inbound('3000000000000001', 'are you open?', org);
    await inbound('3000000000000002', 'hello', org);
    await t.request('POST', '/v1/instagram/messages', { token, body: { recipientIgsid: '3000000000000001', message: 'Yes!' } });
    expect(await insights()).toMatchObject({ followerCount: 1000, followsDelta: 21, reach: 490, profileViews: 89, impressions: 1130, websiteClicks: 8 });
    await t.advance(29 * 86_400);
    expect(await insights()).toMatchObject({ reach: 450, profileViews: 80, updatedAt: t.server.clock.nowIso() });
    await t.dashboard('POST', '/dashboard/instagram/connection', { organizationId: org, username: 'insightful', followersCount: 1000, mediaCount: 10 });
    expect((await insights()).websiteClicks).toBe(0);
  });
});
