// RCS over real HTTP: bots, templates reviewed on the clock, sends with variables, SMS fallback for a
// handset without RCS, logs, stats, and unified send with RCS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
let templateId: string;
let protoTemplateId: string;
const send = (body: unknown) => t.request('POST', '/v1/rcs/send', { token: key, body });

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 10_000 });
  const bot = await t.dashboard('POST', '/dashboard/rcs/bots', { name: 'Acme' });
  expect(bot.body).toMatchObject({ id: expect.stringMatching(/^bot_/), status: 'ACTIVE' });
  const template = await t.dashboard('POST', '/dashboard/rcs/templates', {
    botId: bot.body.id, name: 'Shipped', type: 'rich_card', title: 'Order {{order}}', text: 'Hi {{name}}, it ships today.',
    suggestions: [{ type: 'reply', text: 'Thanks' }],
  });
  expect(template.status).toBe(201);
  templateId = template.body.id;
  // Variables named like Object's own members: only values given count.
  protoTemplateId = (await t.dashboard('POST', '/dashboard/rcs/templates', { botId: bot.body.id, name: 'Proto', text: 'Hi {{constructor}} {{toString}}' })).body.id;
  await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' });
  await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Fallback', dltTemplateId: '1207160000000000001', body: 'Order {#var#} ships today - ACME' });
});
afterAll(async () => {
  await t.close();
});

describe('RCS', () => {
  it('lists bots and templates; a template is approved 60 s after creation', async () => {
    expect((await t.request('GET', '/v1/rcs/bots', { token: key })).body.data).toHaveLength(1);
    expect((await send({ to: '+14155550601', templateId, rcsVariables: { order: '#1', name: 'A' } })).body.message).toContain('PENDING');
    await t.advance(60);
    const templates = await t.request('GET', '/v1/rcs/templates', { token: key });
    expect(templates.body.data.find((x: { name: string }) => x.name === 'Shipped')).toMatchObject({ status: 'APPROVED', variables: ['order', 'name'], type: 'rich_card' });
    expect(templates.body.meta.limit).toBe(20);
  });
  it("takes a card's image and a suggestion's link only as http or https URLs of at most 2,000 characters (400 naming the field), as WhatsApp's buttons", async () => {
    const botId = (await t.request('GET', '/v1/rcs/bots', { token: key })).body.data[0].id;
    const card = (extra: Record<string, unknown>) => t.dashboard('POST', '/dashboard/rcs/templates', { botId, name: 'Links', type: 'rich_card', title: 'T', text: 'x', ...extra });
    const link = (url: string) => ({ suggestions: [{ type: 'url', text: 'Open', url }] });
    const long = `https://shop.example.com/${'a'.repeat(2000)}`;
    const before = (await t.request('GET', '/v1/rcs/templates?limit=100', { token: key })).body.meta.total;
    // The words of every http(s) link the core takes (httpLinkSchema): a contact's profilePic, an Instagram website, a WhatsApp button.
    const SCHEME = 'must be an http or https URL';
    const LENGTH = 'must be at most 2000 characters';
    for (const [extra, refusal] of [
      [{ imageUrl: 'javascript:alert(1)' }, `imageUrl: ${SCHEME}`], [{ imageUrl: 'file:///etc/passwd' }, `imageUrl: ${SCHEME}`], [{ imageUrl: long }, `imageUrl: ${LENGTH}`],
      [link('javascript:alert(1)'), `suggestions.0.url: ${SCHEME}`], [link('data:text/html,<b>x</b>'), `suggestions.0.url: ${SCHEME}`], [link(long), `suggestions.0.url: ${LENGTH}`],
    ] as const) {
      const res = await card(extra);
      expect([res.status, res.body.message], JSON.stringify(extra).slice(0, 60)).toEqual([400, `Invalid body: ${refusal}`]);
    }
    expect((await t.request('GET', '/v1/rcs/templates?limit=100', { token: key })).body.meta.total).toBe(before);
    const fine = await card({ imageUrl: 'http://cdn.example.com/card.png', ...link('https://shop.example.com/t/1') });
    expect([fine.status, fine.body.imageUrl, fine.body.suggestions]).toEqual([201, 'http://cdn.example.com/card.png', [{ type: 'url', text: 'Open', url: 'https://shop.example.com/t/1' }]]);
  });
  it('sends with variables filled, billed at the RCS price, delivered with the clock', async () => {
    const res = await send({ to: '+14155550601', templateId, rcsVariables: { order: '#1001', name: 'Alice' }, ttl: '3600s' });
    expect(res.body).toEqual({ messageId: expect.stringMatching(/^rcs_/), status: 'sent', channelUsed: 'rcs', fallbackReason: null, errorCode: null, error: null });
    const handset = await t.dashboard('GET', '/sim/handsets/+14155550601/messages');
    expect(handset.body.data[0]).toMatchObject({ channel: 'rcs', from: 'Acme', text: 'Order #1001\nHi Alice, it ships today.' });
    // The card reaches the handset in its parts, as the simulator's viewer draws it.
    expect(handset.body.data[0].payload).toEqual({ title: 'Order #1001', text: 'Hi Alice, it ships today.', imageUrl: null, suggestions: [{ type: 'reply', text: 'Thanks' }] });
    await t.advance(10);
    expect((await t.request('GET', '/v1/rcs/logs', { token: key })).body.data[0]).toMatchObject({ status: 'read', templateName: 'Shipped', phone: '+14155550601' });
    expect((await t.request('GET', '/v1/rcs/stats', { token: key })).body.totals).toMatchObject({ sent: 1, delivered: 1, failed: 0, deliveryRate: 100 });
    // A point for every UTC day of the range, zeros on the days without traffic.
    const today = ((await t.dashboard('GET', '/sim/clock')).body.now as string).slice(0, 10);
    const dayBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const days = await t.request('GET', `/v1/rcs/stats?start=${dayBefore(2)}&end=${today}`, { token: key });
    expect(days.body.dataPoints).toEqual([
      { date: dayBefore(2), sent: 0, delivered: 0, failed: 0 }, { date: dayBefore(1), sent: 0, delivered: 0, failed: 0 }, { date: today, sent: 1, delivered: 1, failed: 0 },
    ]);
  });
  it("previews a card's title and body apart in its conversation's row ('Order #1001 · Hi Alice…'); the message keeps its text", async () => {
    const rows = (await t.dashboard('GET', '/dashboard/conversations?channel=rcs')).body.data as Array<{ address: string; lastMessage: string }>;
    expect(rows.find((c) => c.address === '+14155550601')?.lastMessage).toBe('Order #1001 · Hi Alice, it ships today.');
    const found = await t.dashboard('GET', '/dashboard/conversations?channel=rcs&search=Alice');
    expect(found.body.data.map((c: { address: string }) => c.address)).toEqual(['+14155550601']);
    expect((await t.request('GET', '/v1/rcs/logs', { token: key })).body.data[0].text).toBe('Order #1001\nHi Alice, it ships today.');
  });
  it("quotes a card in an inbox search's snippet as its row reads it ('Order #1001 · Hi Alice…'), the term marked where it stands", async () => {
    const shown = async (term: string) => {
      const rows = (await t.dashboard('GET', `/dashboard/conversations?channel=rcs&search=${encodeURIComponent(term)}`)).body.data as
        Array<{ searchMatch: { snippet: string; highlight: { start: number; length: number } } | null }>;
      const match = rows[0]?.searchMatch;
      return match && `${match.snippet.slice(0, match.highlight.start)}[${match.snippet.slice(match.highlight.start, match.highlight.start + match.highlight.length)}]${match.snippet.slice(match.highlight.start + match.highlight.length)}`;
    };
    expect(await shown('hi alice')).toBe('Order #1001 · [Hi Alice], it ships today.');
    expect(await shown('#1001')).toBe('Order [#1001] · Hi Alice, it ships today.');
    // Cut before a term further in, it starts at a word, not at the separator.
    expect(await shown('ships today')).toBe('…Hi Alice, it [ships today].');
  });
  it('falls back to SMS for a handset without RCS, through the SMS path', async () => {
    const res = await send({ to: '+15005550003', templateId, rcsVariables: { order: '#7', name: 'B' }, smsFallback: { sender: 'ACMEIN', message: 'Order #7 ships today - ACME' } });
    expect(res.body).toMatchObject({ status: 'sent', channelUsed: 'sms', fallbackReason: 'RCS_NOT_SUPPORTED', messageId: expect.stringMatching(/^sms_/) });
    expect((await t.dashboard('GET', '/sim/handsets/+15005550003/messages')).body.data[0]).toMatchObject({ channel: 'sms', text: 'Order #7 ships today - ACME' });
    const without = await send({ to: '+15005550003', templateId, rcsVariables: { order: '#7', name: 'B' } });
    expect(without.body).toMatchObject({ status: 'failed', channelUsed: 'rcs' });
  });
  it('a send its provider failed says why in its answer, as the log of the channel used keeps it: errorCode and error (null when sent)', async () => {
    const fallback = { sender: 'ACMEIN', message: 'Order #9 ships today - ACME' };
    const vars = { order: '#9', name: 'E' };
    // No RCS on the handset and no fallback: the RCS message fails.
    const noRcs = await send({ to: '+15005550003', templateId, rcsVariables: vars });
    expect(noRcs.body).toEqual({
      messageId: expect.stringMatching(/^msg_/), status: 'failed', channelUsed: 'rcs', fallbackReason: null,
      errorCode: 'RCS_NOT_SUPPORTED', error: 'The simulated handset +15005550003 does not support RCS',
    });
    const rcsLog = (await t.request('GET', '/v1/rcs/logs', { token: key })).body.data as Array<{ id: string; errorCode: string; errorMessage: string }>;
    expect(rcsLog.find((row) => row.id === noRcs.body.messageId)).toMatchObject({ errorCode: noRcs.body.errorCode, errorMessage: noRcs.body.error });
    // +15005550001 has no RCS either, so the fallback goes, and fails: the SMS message's reason, beside why RCS was not used.
    const both = await send({ to: '+15005550001', templateId, rcsVariables: vars, smsFallback: fallback });
    expect(both.body).toEqual({
      messageId: expect.stringMatching(/^msg_/), status: 'failed', channelUsed: 'sms', fallbackReason: 'RCS_NOT_SUPPORTED',
      errorCode: 'SIM_UNREACHABLE', error: 'The simulated handset +15005550001 is unreachable on every channel',
    });
    const smsLog = (await t.request('GET', '/v1/sms/logs?status=failed', { token: key })).body.data as Array<{ id: string; errorCode: string; errorMessage: string }>;
    expect(smsLog.find((row) => row.id === both.body.messageId)).toMatchObject({ errorCode: both.body.errorCode, errorMessage: both.body.error });
    // A fallback that went is null, as a sent RCS message is.
    const sent = await send({ to: '+15005550003', templateId, rcsVariables: vars, smsFallback: fallback });
    expect(sent.body).toMatchObject({ status: 'sent', channelUsed: 'sms', errorCode: null, error: null });
    // A keyed repeat answers the same, reason and all.
    const headers = { 'idempotency-key': 'rcs-failed-once' };
    const first = await t.request('POST', '/v1/rcs/send', { token: key, body: { to: '+15005550001', templateId, rcsVariables: vars, smsFallback: fallback }, headers });
    const again = await t.request('POST', '/v1/rcs/send', { token: key, body: { to: '+15005550001', templateId, rcsVariables: vars, smsFallback: fallback }, headers });
    expect([first.body.errorCode, again.headers.get('idempotent-replayed')]).toEqual(['SIM_UNREACHABLE', 'true']);
    expect(again.body).toEqual(first.body);
  });
  it('checks smsFallback as /sms/send checks it, whether or not the handset needs it: the same 400 on every number, nothing charged or stored', async () => {
    const balance = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;
    const [before, logged] = [await balance(), (await t.request('GET', '/v1/rcs/logs', { token: key })).body.meta.total];
    const vars = { order: '#8', name: 'D' };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ sender: 'NOPEAA', message: 'Order #8 ships today - ACME' }, 400, 'Sender id NOPEAA is not registered for this organization'],
      [{ sender: 'ACMEIN', message: 'nope' }, 400, 'message does not match any approved transactional DLT template of this organization'],
      [{ sender: 'ACMEIN', message: 'Order {#var#} ships today - ACME' }, 400, 'message still holds a {#var#} placeholder: replace each {#var#} with its value'],
      [{ sender: 'ACMEIN', message: 'Order #8 ships today - ACME', templateId: 'smt_nope' }, 400, 'SMS template smt_nope not found'],
      ...['x'.repeat(100_000), '', 'ab', 'abc123'].map((sender): [Record<string, unknown>, number, string] => [
        { sender, message: 'Order #8 ships today - ACME' }, 400, 'Invalid body: smsFallback.sender: must be a sender id: 6 capital letters (a DLT header), e.g. ACMEIN',
      ]),
    ];
    for (const [smsFallback, status, message] of cases) {
      for (const to of ['+14155550604', '+15005550003']) {
        const res = await send({ to, templateId, rcsVariables: vars, smsFallback });
        expect([res.status, res.body.message], `${to} ${JSON.stringify(smsFallback).slice(0, 80)}`).toEqual([status, message]);
      }
      // What /sms/send answers for the same settings, where they are its own fields (not the schema's words).
      if (!message.startsWith('Invalid body')) {
        const direct = await t.request('POST', '/v1/sms/send', { token: key, body: { senderId: smsFallback.sender, to: ['+14155550604'], message: smsFallback.message, templateId: smsFallback.templateId } });
        expect([direct.status, direct.body.message]).toEqual([status, message]);
      }
    }
    expect(await balance()).toBe(before);
    expect((await t.request('GET', '/v1/rcs/logs', { token: key })).body.meta.total).toBe(logged);
    expect((await t.dashboard('GET', '/sim/handsets/+14155550604/messages')).body.data).toEqual([]);
    // A good fallback on a number with RCS is checked and not used.
    const rcs = await send({ to: '+14155550604', templateId, rcsVariables: vars, smsFallback: { sender: 'ACMEIN', message: 'Order #8 ships today - ACME' } });
    expect(rcs.body).toMatchObject({ status: 'sent', channelUsed: 'rcs', fallbackReason: null });
  });
  it('refuses missing variables, a bad ttl, an unknown template', async () => {
    expect((await send({ to: '+14155550602', templateId, rcsVariables: { order: '#1' } })).body.message).toContain('name');
    // A blank value is refused as a missing one, nothing sent or charged: the customer would read "Hi , …".
    const wallet = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;
    const before = await wallet();
    for (const blank of [{ name: '', order: '#1' }, { name: '  ', order: '\t' }]) {
      const res = await send({ to: '+14155550603', templateId, rcsVariables: blank });
      expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(/^rcsVariables (name is|order, name are) blank for template Shipped: give each a value$/)]);
    }
    expect([await wallet(), await t.handset('+14155550603')]).toEqual([before, []]);
    const proto = await send({ to: '+14155550602', templateId: protoTemplateId });
    expect([proto.status, proto.body.message]).toEqual([400, 'rcsVariables is missing constructor, toString for template Proto']);
    for (const ttl of ['1h', '0s', 0, '3600']) expect((await send({ to: '+14155550602', templateId, rcsVariables: { order: '1', name: 'x' }, ttl })).status, String(ttl)).toBe(400);
    // The campaign's forms of ttl, on the send too: "3600s" or 3600.
    expect((await send({ to: '+14155550602', templateId, rcsVariables: { order: '1', name: 'x' }, ttl: 3600 })).status).toBe(200);
    expect((await send({ to: '+14155550602', templateId: 'rct_nope' })).status).toBe(400);
    expect((await t.dashboard('POST', '/dashboard/rcs/templates', { botId: 'bot_nope', name: 'x', text: 'y' })).status).toBe(404);
  });
  it('joins unified send: RCS, then SMS as the fallback channel', async () => {
    const res = await t.request('POST', '/v1/messages/send', {
      token: key,
      body: { to: '+15005550003', channel: 'rcs', fallbackChannels: ['sms'], template: { id: templateId, variables: { order: '#9', name: 'C' } },
        message: 'Order #9 ships today - ACME', sms: { senderId: 'ACMEIN' } },
    });
    expect(res.body).toMatchObject({ status: 'sent', channelUsed: 'sms', attempts: [{ channel: 'rcs', status: 'failed' }, { channel: 'sms', status: 'sent' }] });
    expect((await t.request('POST', '/v1/messages/send', { token: key, body: { to: '+14155550603', channel: 'rcs' } })).body).toEqual({ message: 'Missing required fields: rcs: template.id' });
    // Its variables are the unified send's template.variables: a missing or blank one is named by that field, not rcsVariables.
    for (const [variables, why] of [
      [{ order: '#9' }, 'template.variables is missing name for template Shipped'],
      [{ order: '#9', name: ' ' }, 'template.variables name is blank for template Shipped: give each a value'],
    ] as const) {
      const res = await t.request('POST', '/v1/messages/send', { token: key, body: { to: '+14155550603', channel: 'rcs', template: { id: templateId, variables } } });
      expect([res.status, res.body.message]).toEqual([502, `All channels failed: rcs (${why})`]);
    }
  });
});
