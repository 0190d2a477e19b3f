// Unified send over real HTTP: the four rules of the seed (validation first, same paths, fallback, 502).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../contract/scopes.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const wa = { name: 'hello', languageCode: 'en', variables: { 1: 'Alice' } };
const unified = (body: unknown, token = key) => t.request('POST', '/v1/messages/send', { token, body });

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  t.server.services.wallet.topUp(t.organizationId, { amountPaise: 100_000 });
  await t.request('POST', '/v1/whatsapp/templates', {
    token: key, body: { name: 'hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}' }] },
  });
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

describe('POST /v1/messages/send', () => {
  it('sends on the primary channel through its own path, logs and billing', async () => {
    const res = await unified({ to: '+14155550444', channel: 'whatsapp', template: wa });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'sent', channelUsed: 'whatsapp', messageId: expect.stringMatching(/^wamid_/),
      attempts: [{ channel: 'whatsapp', status: 'sent', messageId: res.body.messageId }],
    });
    const entry = await t.request('GET', `/v1/whatsapp/messages/${res.body.messageId}`, { token: key });
    expect(entry.body).toMatchObject({ source: 'API', billingAmountPaise: 80, templateName: 'hello' });
    expect((await t.dashboard('GET', '/sim/handsets/+14155550444/messages')).body.data[0].text).toBe('Hello Alice');
  });
  it('ignores the blocks of channels outside the chain, and needs only the chain\'s scopes: one body can serve several chains', async () => {
    const waOnly = (await t.createKey({ scopes: ['whatsapp:send'] })).key;
    const res = await unified({
      to: '+14155550477', channel: 'whatsapp', template: { ...wa, id: 'tpl_for_email_or_rcs' }, message: 'for sms',
      sms: { senderId: 'ACMEIN' }, email: { fromName: 'Acme', fromEmail: 'hello@acme.test' },
    }, waOnly);
    expect([res.status, res.body.channelUsed, res.body.attempts.map((a: { channel: string }) => a.channel)]).toEqual([200, 'whatsapp', ['whatsapp']]);
  });
  it('checks the scope of every channel in the chain first: 403 naming it, as {message}', async () => {
    const narrow = (await t.createKey({ scopes: SCOPES.filter((s) => s !== 'sms:send') })).key;
    const res = await unified({ to: '+14155550444', channel: 'whatsapp', fallbackChannels: ['sms'], template: wa, message: 'x', sms: { senderId: 'ACMEIN' } }, narrow);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Insufficient scope. Required: sms:send' });
    expect((await t.dashboard('GET', '/sim/handsets/+14155550444/messages')).body.data).toHaveLength(1);
  });
  it('lists the missing fields per channel before anything is sent: 400 {message}', async () => {
    const res = await unified({ to: '+14155550445', channel: 'whatsapp', template: { languageCode: 'en' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Missing required fields: whatsapp: template.name' });
    const noTemplate = await unified({ to: '+14155550445', channel: 'whatsapp' });
    expect(noTemplate.body.message).toBe('Missing required fields: whatsapp: template.name, template.languageCode');
    expect((await unified({ to: 'ann@example.com', channel: 'email', fallbackChannels: ['sms'] })).body.message).toMatch(/cannot be combined with email/);
    expect((await unified({ to: '+14155550445', channel: 'fax' })).status).toBe(400);
    expect((await unified({ to: '+14155550445', channel: 'whatsapp', fallbackChannels: ['instagram'] })).status).toBe(400);
    expect((await t.dashboard('GET', '/sim/handsets/+14155550445/messages')).body.data).toEqual([]);
  });
  it('refuses with 400, not 502, a value no channel of the chain could take: a message over its limit, WhatsApp variables with a gap', async () => {
    const long = await unified({ to: '6234817790112233', channel: 'instagram', message: 'a'.repeat(1001) });
    expect([long.status, long.body]).toEqual([400, { message: 'Invalid body: message: must be at most 1000 characters for channel instagram' }]);
    const sms = await unified({ to: '+14155550446', channel: 'whatsapp', fallbackChannels: ['sms'], template: wa, message: 'a'.repeat(2001), sms: { senderId: 'ACMEIN' } });
    expect([sms.status, sms.body.message]).toEqual([400, 'Invalid body: message: must be at most 2000 characters for channel sms']);
    const gap = await unified({ to: '+14155550446', channel: 'whatsapp', template: { ...wa, variables: { 1: 'A', 3: 'C' } } });
    expect([gap.status, gap.body.message]).toEqual([400, 'Invalid body: template.variables: WhatsApp placeholders are numbered from 1 with no gaps: got 1, 3']);
    // Characters are counted as a reader counts them: 1000 emoji are 1000 characters (2000 UTF-16 units).
    const emoji = await unified({ to: '6234817790112233', channel: 'instagram', message: '😀'.repeat(1001) });
    expect(emoji.body.message).toContain('at most 1000 characters');
    // Blank text no channel sends; the email fields as /email/send takes them.
    const blank = await unified({ to: '6234817790112233', channel: 'instagram', message: '   ' });
    expect([blank.status, blank.body]).toEqual([400, { message: 'Invalid body: message: must not be empty' }]);
    const email = (fields: Record<string, unknown>) => unified({ to: 'ann@example.com', channel: 'email', template: { id: 'etpl_any' }, email: { fromName: 'Acme', fromEmail: 'hi@acme.test', ...fields } });
    for (const [fields, field] of [[{ fromName: '  ' }, 'email.fromName'], [{ subject: '' }, 'email.subject'], [{ firstName: 'a'.repeat(101) }, 'email.firstName']] as const) {
      const res = await email(fields);
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining(`Invalid body: ${field}`)]);
    }
    expect((await t.dashboard('GET', '/sim/handsets/+14155550446/messages')).body.data).toEqual([]);
    expect((await t.dashboard('GET', '/sim/handsets/ann@example.com/messages')).body.data).toEqual([]);
  });
  it('names a channel\'s refusal of a field by the request\'s own path: email.fromEmail, template.variables.1, template.components', async () => {
    const template = (await t.request('POST', '/v1/email/templates', { token: key, body: { name: 'Hi', subject: 'Hi', html: '<p>Hi</p>' } })).body.id as string;
    const res = await unified({ to: 'ann@example.com', channel: 'email', template: { id: template }, email: { fromName: 'Acme', fromEmail: 'hi@unverified.test' } });
    const why = 'hi@unverified.test is not at a verified sending domain, nor the address of a verified SMTP connection';
    expect([res.status, res.body.attempts]).toEqual([502, [{ channel: 'email', status: 'failed', error: `email.fromEmail ${why}`, code: 'VALIDATION_FAILED', errorCode: null }]]);
    // WhatsApp's: a value made a body parameter is named as the variable it came from, two body components as template.components.
    const attempt = async (template: unknown) => (await unified({ to: '+14155550451', channel: 'whatsapp', template })).body.attempts[0].error;
    expect(await attempt({ ...wa, variables: { 1: '  ' } })).toBe('template.variables.1 is empty: the messaging platform refuses an empty parameter');
    expect(await attempt({ ...wa, variables: { 1: 'two\nlines' } })).toMatch(/^template\.variables\.1 has a line break/);
    const body = { type: 'body', parameters: [{ type: 'text', text: 'A' }] };
    expect(await attempt({ ...wa, components: [body, body] })).toBe('template.components may contain one body component');
    expect(await attempt({ ...wa, components: [{ type: 'body', parameters: [{ type: 'text', text: '' }] }] })).toBe('body parameter 1 is empty: the messaging platform refuses an empty parameter');
    // Too few or too many body parameters: named by the field they came in.
    expect(await attempt({ ...wa, variables: { name: 'Alice' } })).toBe('template.variables: template.variables.1 is missing: template hello has 1 body placeholder, 0 given');
    expect(await attempt({ ...wa, variables: { 1: 'Alice', 2: 'Bob' } })).toBe('template.variables: template.variables.2 is one too many: template hello has 1 body placeholder, 2 given');
    expect(await attempt({ ...wa, components: [] })).toBe('template.components: body parameter 1 is missing: template hello has 1 body placeholder, 0 given');
    const fewer = await unified({ to: '+14155550451', channel: 'whatsapp', template: { ...wa, variables: {} } });
    expect([fewer.status, fewer.body.message]).toEqual([502, 'All channels failed: whatsapp (template.variables: template.variables.1 is missing: template hello has 1 body placeholder, 0 given)']);
    const own = await t.request('POST', '/v1/email/send', { token: key, body: { templateId: template, recipient: { to: 'ann@example.com' }, fromName: 'Acme', fromEmail: 'hi@unverified.test' } });
    expect([own.status, own.body.message]).toEqual([400, `fromEmail ${why}`]);
  });
  it('checks the form of sms.senderId up front, whatever the chain reaches, but not its approval', async () => {
    for (const senderId of [' ', 'acmein', 'ACME', 'x'.repeat(1000)]) {
      const res = await unified({ to: '+14155550450', channel: 'whatsapp', fallbackChannels: ['sms'], template: wa, message: 'x', sms: { senderId } });
      expect([res.status, res.body], senderId.slice(0, 10)).toEqual([400, { message: 'Invalid body: sms.senderId: must be a sender id: 6 capital letters (a DLT header), e.g. ACMEIN' }]);
    }
    expect((await t.dashboard('GET', '/sim/handsets/+14155550450/messages')).body.data).toEqual([]);
    // Well formed but registered nowhere: WhatsApp succeeds, so SMS is never reached and its approval never matters.
    const unreached = await unified({ to: '+14155550450', channel: 'whatsapp', fallbackChannels: ['sms'], template: wa, message: 'x', sms: { senderId: 'NOPEAA' } });
    expect([unreached.status, unreached.body.channelUsed]).toEqual([200, 'whatsapp']);
  });
  it('takes only the numbered variables as WhatsApp parameters, so named ones can serve RCS in the same chain', async () => {
    const res = await unified({ to: '+14155550449', channel: 'whatsapp', fallbackChannels: ['whatsapp', 'whatsapp'], template: { ...wa, variables: { name: 'Alice', 1: 'Alice', discount: '10%' } } });
    expect([res.status, res.body.channelUsed, res.body.attempts.length]).toEqual([200, 'whatsapp', 1]);
    expect((await t.dashboard('GET', '/sim/handsets/+14155550449/messages')).body.data.map((m: { text: string }) => m.text)).toEqual(['Hello Alice']);
  });
  it('checks template.components as the WhatsApp route does, before any channel is tried', async () => {
    const chain = { to: '+14155550448', channel: 'whatsapp', fallbackChannels: ['sms'], message: 'x', sms: { senderId: 'ACMEIN' } };
    const cases: Array<[unknown, string]> = [
      [{ ...wa, components: [{ type: 'body', parameters: 'x' }] }, 'template.components.0.parameters'],
      [{ ...wa, components: [{ type: 'body', parameters: [null] }] }, 'template.components.0.parameters.0'],
      [{ ...wa, components: [{ type: 'footer' }] }, 'template.components.0.type'],
      [{ ...wa, components: Array.from({ length: 21 }, () => ({ type: 'body', parameters: [] })) }, 'template.components'],
      [{ ...wa, name: '   ' }, 'template.name: template.name is empty'],
    ];
    for (const [template, message] of cases) {
      const res = await unified({ ...chain, template });
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining(message)]);
    }
    expect((await t.dashboard('GET', '/sim/handsets/+14155550448/messages')).body.data).toEqual([]);
  });
  it('refuses a `to` that does not fit the channel: 400 {message}, no contact made, nothing sent', async () => {
    const contactsBefore = (await t.request('GET', '/v1/contacts?limit=1', { token: key })).body.meta.total;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ to: 'notaphone', channel: 'sms', message: 'Hi', sms: { senderId: 'ACMEIN' } }, 'must be a phone number in international format for channel sms'],
      [{ to: '00447700900123', channel: 'whatsapp', template: wa }, 'must be a phone number in international format for channel whatsapp'],
      [{ to: 'bob@example.com', channel: 'rcs', template: { id: 'rct_x' } }, 'for channel rcs'],
      [{ to: '+14155550128', channel: 'email', template: { id: 'etpl_x' } }, 'to: must be an email address for channel email'],
      [{ to: 'leo_travels', channel: 'instagram', message: 'Hi' }, '"leo_travels" is an Instagram username, not a page-scoped user id'],
    ];
    for (const [body, message] of cases) {
      const res = await unified(body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining(message)]);
      expect(Object.keys(res.body)).toEqual(['message']);
    }
    expect((await t.request('GET', '/v1/contacts?limit=1', { token: key })).body.meta.total).toBe(contactsBefore);
  });
  it('replays a refusal and a 502 under the same Idempotency-Key as first answered, sending nothing again', async () => {
    const withKey = (idempotencyKey: string, body: unknown) => t.request('POST', '/v1/messages/send', { token: key, body, headers: { 'idempotency-key': idempotencyKey } });
    const missing = { to: '+14155550447', channel: 'sms' };
    const first = await withKey('unified-400', missing);
    const again = await withKey('unified-400', missing);
    expect([again.status, again.headers.get('idempotent-replayed'), again.body]).toEqual([400, 'true', first.body]);
    expect(first.body).toEqual({ message: 'Missing required fields: sms: message, sms.senderId' });
    const logged = async () => (await t.request('GET', '/v1/whatsapp/logs?limit=1', { token: key })).body.meta.total;
    const before = await logged();
    const failing = { to: '+15005550001', channel: 'whatsapp', template: wa };
    const failed = await withKey('unified-502', failing);
    expect(await logged()).toBe(before + 1);
    const replayed = await withKey('unified-502', failing);
    expect([replayed.status, replayed.headers.get('idempotent-replayed'), replayed.body]).toEqual([502, 'true', failed.body]);
    expect(await logged()).toBe(before + 1);
  });
  it('answers 502 with message and attempts when every channel fails', async () => {
    const res = await unified({ to: '+15005550001', channel: 'whatsapp', template: wa });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      message: expect.stringContaining('All channels failed'),
      attempts: [{ channel: 'whatsapp', status: 'failed', error: expect.stringContaining('unreachable'), code: null, errorCode: 'SIM_UNREACHABLE' }],
    });
    // The message says why each channel failed: the request log keeps the message, not the attempts.
    expect(res.body.message).toBe(`All channels failed: whatsapp (${res.body.attempts[0].error})`);
    const chain = await unified({ to: '+15005550001', channel: 'whatsapp', fallbackChannels: ['sms'], template: wa, message: 'Hello there', sms: { senderId: 'ACMEIN' } });
    expect(chain.status).toBe(502);
    expect(chain.body.message).toBe(`All channels failed: ${chain.body.attempts.map((a: { channel: string; error: string }) => `${a.channel} (${a.error})`).join('; ')}`);
  });
  it('refuses a blocked contact with 409 CONTACT_BLOCKED and its reason, nothing charged', async () => {
    const contact = t.server.services.contacts.resolveAddress(t.organizationId, 'whatsapp', '+14155550446');
    t.server.services.contacts.block(t.organizationId, contact.id, 'Chargeback dispute');
    const before = t.server.services.wallet.get(t.organizationId).balancePaise;
    const res = await unified({ to: '+14155550446', channel: 'whatsapp', template: wa });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: expect.stringContaining('blocked'), code: 'CONTACT_BLOCKED', contactId: contact.id, reason: 'Chargeback dispute' });
    expect(t.server.services.wallet.get(t.organizationId).balancePaise).toBe(before);
  });

  it('sends on instagram through its own path, and lists its missing message', async () => {
    await t.dashboard('POST', '/dashboard/instagram/connection', { username: 'examplestore', followersCount: 10 });
    await t.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: '6234817790112299', text: 'Hello shop' });
    expect((await unified({ to: '6234817790112299', channel: 'instagram' })).body).toEqual({ message: 'Missing required fields: instagram: message' });
    const res = await unified({ to: '6234817790112299', channel: 'instagram', message: 'Hi! How can we help?' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'sent', channelUsed: 'instagram', messageId: expect.stringMatching(/^igm_/) });
    const received = await t.dashboard('GET', '/sim/handsets/6234817790112299/messages');
    expect(received.body.data.map((m: { text: string }) => m.text)).toEqual(['Hi! How can we help?']);
    const outside = await unified({ to: '6234817790110000', channel: 'instagram', message: 'Cold outreach' });
    expect(outside.status).toBe(502);
    expect(outside.body.attempts[0]).toMatchObject({ channel: 'instagram', status: 'failed', code: 'OUTSIDE_MESSAGING_WINDOW', errorCode: null });
  });
});
