// The shared send path against the simulated world: billing, receipts on the clock, blocked contacts,
// failures with refunds, and customers writing in through /sim/inbound.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';
import type { ChannelProvider, ProviderOutcome } from './provider.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
  t.server.services.wallet.topUp(t.organizationId, { amountPaise: 10_000, emailCredits: 5 });
});
afterAll(async () => {
  await t.close();
});
const send = (to: string, channel: 'whatsapp' | 'sms' = 'whatsapp') =>
  t.server.services.messaging.send({ orgId: t.organizationId, channel, to, sender: 'Acme', type: 'text', text: `hello ${to}`, source: 'API' });

describe('messaging over the simulated world', () => {
  it('sends, charges, lands on the handset, and becomes delivered at +2 s and read at +10 s', async () => {
    const message = await send('+14155550123');
    expect(message).toMatchObject({ status: 'sent', channel: 'whatsapp', billingAmountPaise: 80, externalId: expect.stringMatching(/^wamid_/) });
    expect(t.server.services.wallet.get(t.organizationId).balancePaise).toBe(10_000 - 80);
    const handset = await t.dashboard('GET', '/sim/handsets/+14155550123/messages');
    expect(handset.body.data).toEqual([expect.objectContaining({ channel: 'whatsapp', from: 'Acme', text: 'hello +14155550123', messageId: message.id })]);
    await t.advance(2);
    expect(t.server.services.messaging.get(t.organizationId, message.id).status).toBe('delivered');
    await t.advance(8);
    const read = t.server.services.messaging.get(t.organizationId, message.id);
    expect(read).toMatchObject({ status: 'read', deliveredAt: expect.any(String), readAt: expect.any(String) });
    await t.server.bus.flush();
    const events = t.server.bus.recent(t.organizationId, 100)
      .filter((e) => e.type === 'whatsapp.message.status' && e.data.includes(message.id))
      .map((e) => JSON.parse(e.data) as { status: string; message: Record<string, unknown> })
      .reverse();
    expect(events.map((e) => e.status)).toEqual(['sent', 'delivered', 'read']);
    // Each event carries the message exactly as stored at that moment.
    expect(events[0]?.message).toEqual(message);
    expect(events[1]?.message).toEqual({ ...read, status: 'delivered', readAt: null });
    expect(events[2]?.message).toEqual(read);
  });

  it('a failing handset fails the send and refunds the charge', async () => {
    const failed = await send('+15005550002');
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'SIM_WHATSAPP_UNAVAILABLE', billingAmountPaise: 0 });
    const lines = t.server.services.wallet.linesFor(t.organizationId, { type: 'message', id: failed.id });
    expect(lines.map((l) => [l.kind, l.amountPaise])).toEqual([['charge', -80], ['refund', 80]]);
    // The refund's line names the channel, the recipient and the failure in a few words (as a campaign's do), not the
    // provider's whole error text; it keeps the message as its reference.
    const ledger = await t.dashboard('GET', '/dashboard/wallet/ledger?limit=1');
    expect(ledger.body.data[0]).toMatchObject({
      kind: 'refund', referenceType: 'message', referenceId: failed.id, description: 'WhatsApp message to +15005550002 not sent · no WhatsApp account',
    });
    expect((await send('+15005550002', 'sms')).status).toBe('sent');
    expect(t.server.services.wallet.audit(t.organizationId).balanced).toBe(true);
  });

  it('a blocked contact is refused with CONTACT_BLOCKED and nothing is charged or sent', async () => {
    const contact = t.server.services.contacts.resolveAddress(t.organizationId, 'whatsapp', '+14155550999');
    t.server.services.contacts.block(t.organizationId, contact.id, 'Asked us to stop');
    const before = t.server.services.wallet.get(t.organizationId).balancePaise;
    await expect(send('+14155550999')).rejects.toMatchObject({ code: 'CONTACT_BLOCKED', statusCode: 409, extra: { reason: 'Asked us to stop' } });
    expect(t.server.services.wallet.get(t.organizationId).balancePaise).toBe(before);
    expect((await t.dashboard('GET', '/sim/handsets/+14155550999/messages')).body.data).toEqual([]);
  });

  it('sends grouped in one commit: a refused one leaves the others, each sent, charged and announced once', async () => {
    const balance = t.server.services.wallet.get(t.organizationId).balancePaise;
    // Sent together, the three share one group commit; the blocked contact's refusal is met mid-group.
    const answers = await Promise.allSettled([send('+14155550701'), send('+14155550999'), send('+14155550702')]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(answers[1]).toMatchObject({ reason: { code: 'CONTACT_BLOCKED' } });
    const sent = answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    expect(t.server.services.wallet.get(t.organizationId).balancePaise).toBe(balance - 2 * 80);
    for (const message of sent) {
      expect(t.server.services.wallet.linesFor(t.organizationId, { type: 'message', id: message.id }).map((l) => l.kind)).toEqual(['charge']);
      expect((await t.dashboard('GET', `/sim/handsets/${message.address}/messages`)).body.data).toHaveLength(1);
    }
    await t.server.bus.flush();
    const events = t.server.bus.recent(t.organizationId, 50).map((e) => ({ type: e.type, data: e.data }));
    for (const address of ['+14155550701', '+14155550702']) {
      expect(events.filter((e) => e.type === 'contact.created' && e.data.includes(address))).toHaveLength(1);
      expect(events.filter((e) => e.type === 'whatsapp.message.status' && e.data.includes(address))).toHaveLength(1);
    }
    expect(events.filter((e) => e.data.includes('+14155550999') && e.type !== 'contact.created' && e.type !== 'contact.updated')).toEqual([]);
    expect(t.server.services.wallet.audit(t.organizationId).balanced).toBe(true);
  });

  it('a message left queued (a stop before the provider answered) is resumed by its id with the text it recorded, charged once', async () => {
    const messaging = t.server.services.messaging;
    const heard: string[] = [];
    const silent: ChannelProvider = { send: () => new Promise<ProviderOutcome>(() => undefined) };
    const answering: ChannelProvider = { send: async (m) => { heard.push(m.text); return { ok: true, externalId: `ext_${m.messageId}` }; } };
    const input = { orgId: t.organizationId, channel: 'sms' as const, to: '+14155550777', sender: 'Acme', type: 'text', source: 'SYSTEM' as const, messageId: 'msg_resumedAfterAStop000001' };
    const before = t.server.services.wallet.get(t.organizationId).balancePaise;
    void messaging.send({ ...input, text: '111111 is your code', provider: silent });
    await new Promise((resolve) => setImmediate(resolve));
    expect(messaging.get(t.organizationId, input.messageId).status).toBe('queued');
    // Run again (an OTP re-run makes a new code): the provider gets the code recorded, which is the one stored.
    const resumed = await messaging.send({ ...input, text: '222222 is your code', provider: answering });
    expect([resumed.status, resumed.text, heard]).toEqual(['sent', '111111 is your code', ['111111 is your code']]);
    expect(before - t.server.services.wallet.get(t.organizationId).balancePaise).toBe(resumed.billingAmountPaise);
  });

  it('a keyed message left queued is found by its request run again and handed over first, as recorded, through the provider it names', async () => {
    const messaging = t.server.services.messaging;
    const heard: Array<[string, unknown]> = [];
    const silent: ChannelProvider = { send: () => new Promise<ProviderOutcome>(() => undefined) };
    const answering: ChannelProvider = { send: async (m) => { heard.push([m.text, m.payload]); return { ok: true, externalId: `ext_${m.messageId}` }; } };
    const origin = { source: 'API' as const, messageId: (part: string) => `msg_keyedAndQueued0000${part}` };
    const before = t.server.services.wallet.get(t.organizationId).balancePaise;
    void messaging.send({
      orgId: t.organizationId, channel: 'sms', to: '+14155550778', sender: 'Acme', type: 'text', source: 'API', text: 'Your order shipped',
      payload: { route: 'transactional' }, provider: silent, messageId: origin.messageId('sms0'),
    });
    await new Promise((resolve) => setImmediate(resolve));
    const kept = () => t.server.db.sql.prepare(`SELECT COUNT(*) AS n FROM queued_sends`).get();
    expect(kept()).toEqual({ n: 1 });
    expect(await messaging.keyedAnswer(origin, 'none')).toBeNull();
    const answered = await messaging.keyedAnswer(origin, 'sms0', () => ({ provider: answering }));
    expect([answered?.status, answered?.externalId, heard]).toEqual(['sent', 'ext_msg_keyedAndQueued0000sms0', [['Your order shipped', { route: 'transactional' }]]]);
    expect(before - t.server.services.wallet.get(t.organizationId).balancePaise).toBe(answered?.billingAmountPaise);
    // Settled now: asked again, it answers without handing anything over.
    expect((await messaging.keyedAnswer(origin, 'sms0', () => ({ provider: answering })))?.status).toBe('sent');
    expect(heard).toHaveLength(1);
    // What was kept of the hand-over goes once the outcome is recorded.
    expect(kept()).toEqual({ n: 0 });
  });

  it('keeps the hand-over of every message a provider answers outside the send\'s transaction, keyed or not; the simulated world\'s, none', async () => {
    const messaging = t.server.services.messaging;
    const kept = (id: string) => t.server.db.sql.prepare(`SELECT payload FROM queued_sends WHERE message_id = ?`).pluck().get(id);
    let release: (outcome: ProviderOutcome) => void = () => undefined;
    const later: ChannelProvider = { send: () => new Promise<ProviderOutcome>((resolve) => (release = resolve)) };
    const unkeyed = messaging.send({ orgId: t.organizationId, channel: 'sms', to: '+14155550781', sender: 'Acme', type: 'text', text: 'Later', source: 'API', payload: { route: 'promo' }, provider: later });
    await new Promise((resolve) => setImmediate(resolve));
    const queued = messaging.recentMessages(messaging.conversation(t.organizationId, 'sms', '+14155550781')?.id as string, 1)[0];
    expect([queued?.status, kept(queued?.id as string)]).toEqual(['queued', '{"route":"promo"}']);
    release({ ok: true, externalId: 'ext_later' });
    expect((await unkeyed).status).toBe('sent');
    expect(kept(queued?.id as string)).toBeUndefined();
    const simulated = await send('+14155550782', 'sms');
    expect(kept(simulated.id)).toBeUndefined();
  });

  it('the start\'s recovery leaves alone a message a request of this process is handing over, and forgets a hand-over kept past its message', async () => {
    const messaging = t.server.services.messaging;
    const silent: ChannelProvider = { send: () => new Promise<ProviderOutcome>(() => undefined) };
    const input = { orgId: t.organizationId, channel: 'sms' as const, sender: 'Acme', type: 'text', text: 'Held', source: 'API' as const, provider: silent };
    void messaging.send({ ...input, to: '+14155550783', messageId: 'msg_handedOverHereNow000001' });
    await new Promise((resolve) => setImmediate(resolve));
    // A hand-over whose message is settled (as if its row had outlived it), and one whose message is gone.
    const settled = await send('+14155550784', 'sms');
    t.server.db.sql.prepare(`INSERT INTO queued_sends (message_id, payload) VALUES (?, '{}'), ('msg_noSuchMessage0000000001', '{}')`).run(settled.id);
    const atStart = messaging.queuedAtStart();
    expect(atStart).toEqual(expect.arrayContaining(['msg_handedOverHereNow000001', settled.id, 'msg_noSuchMessage0000000001']));
    expect(await messaging.recoverQueued(atStart, {})).toEqual({ handedOver: 0, interrupted: 0 });
    expect([messaging.get(t.organizationId, 'msg_handedOverHereNow000001').status, messaging.get(t.organizationId, settled.id).status]).toEqual(['queued', 'sent']);
    expect(messaging.queuedAtStart()).toEqual(['msg_handedOverHereNow000001']);
  });

  it('an empty wallet refuses the send with 400 INSUFFICIENT_BALANCE and writes nothing', async () => {
    const org = t.server.services.orgs.create('Broke').id;
    await expect(t.server.services.messaging.send({ orgId: org, channel: 'sms', to: '+14155550100', sender: 'X', type: 'text', text: 'hi', source: 'API' }))
      .rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE', statusCode: 400 });
    expect(t.server.services.messaging.conversation(org, 'sms', '+14155550100')).toBeUndefined();
  });

  it('a customer writes in: contact, conversation with unread count, log and event', async () => {
    const res = await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '919812345678', text: 'Is my order shipped?' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ direction: 'inbound', status: 'received', source: 'INBOUND', address: '+919812345678', text: 'Is my order shipped?' });
    await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+91 98123 45678', text: 'Hello?' });
    for (const [channel, from, problem] of [['whatsapp', 'not-a-phone', 'phone number'], ['sms', '+12', 'phone number'], ['sms', '0044 7700 900123', 'the country code, then the number'], ['instagram', 'maya.designs', 'is an Instagram username']]) {
      const refused = await t.dashboard('POST', '/sim/inbound', { channel, from, text: 'Hi' });
      expect([refused.status, refused.body.message]).toEqual([400, expect.stringContaining(`from: `)]);
      expect(refused.body.message).toContain(problem);
    }
    const conversation = t.server.services.messaging.conversation(t.organizationId, 'whatsapp', '+919812345678');
    expect(conversation).toMatchObject({ unread_count: 2, last_message: 'Hello?' });
    const contacts = await t.dashboard('GET', '/dashboard/contacts?search=9812345678');
    expect(contacts.body.data).toHaveLength(1);
    expect(contacts.body.data[0]).toMatchObject({ phone: '+919812345678', source: 'whatsapp' });
    await t.server.bus.flush();
    const types = t.server.bus.recent(t.organizationId, 20).map((e) => e.type);
    expect(types).toContain('whatsapp.message.received');
    expect(types).toContain('contact.created');
    expect((await t.dashboard('POST', '/sim/inbound', { channel: 'fax', from: 'x', text: 'y' })).status).toBe(400);
  });

  it('a customer writing in may carry their profile name: a new contact gets it, a named one keeps theirs', async () => {
    const named = async (phone: string) => (await t.dashboard('GET', `/dashboard/contacts?search=${phone}`)).body.data[0]?.name as string | null;
    expect((await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+919812340001', text: 'Do you ship to Pune?', name: ' Neha Kapoor ' })).status).toBe(201);
    expect(await named('9812340001')).toBe('Neha Kapoor');
    expect(t.server.services.messaging.conversation(t.organizationId, 'whatsapp', '+919812340001')).toMatchObject({ last_message: 'Do you ship to Pune?' });
    await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+919812340001', text: 'Hello?', name: 'Someone Else' });
    expect(await named('9812340001')).toBe('Neha Kapoor');
    // Without a name, as before: the contact is known by the number.
    await t.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+919812340002', text: 'Hi' });
    expect(await named('9812340002')).toBeNull();
    const refused = await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+919812340003', text: 'Hi', name: 'x'.repeat(101) });
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringContaining('name')]);
  });
});
