// Email over real HTTP: templates with merge tags, verified senders, sends (1 credit each) with every
// 400 of the seed, the simulated events on the clock, bounces and suppression, contacts. Through a real SMTP
// server: email-smtp.contract.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../kernel/db.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
let templateId: string;
const send = (body: Record<string, unknown>, token = key) => t.request('POST', '/v1/email/send', { token, body });
const base = () => ({ templateId, recipient: { to: 'ana@customer.io', firstName: 'Ana', lastName: 'Lima' }, fromName: 'Acme', fromEmail: 'hello@acme.test', variables: { order: '1001' } });
const events = async (type: string) => {
  await t.server.bus.flush();
  return t.server.bus.recent(t.organizationId, 500).filter((e) => e.type === type).map((e) => JSON.parse(e.data) as { email: string; url?: string });
};

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 5 });
  const created = await t.request('POST', '/v1/email/templates', {
    token: key, body: { name: 'Shipped', subject: 'Order {{order}} shipped, {{first_name}}', html: '<p>Hi {{first_name}} {{last_name}}, <a href="https://acme.test/t/{{order}}">track it</a>.{{unknown}}</p>', text: 'Hi {{first_name}}' },
  });
  expect(created.status).toBe(201);
  templateId = created.body.id;
  expect((await t.dashboard('POST', '/dashboard/email/domains', { domain: 'acme.test' })).body.status).toBe('PENDING');
});
afterAll(async () => {
  await t.close();
});

describe('email', () => {
  it('lists templates without bodies; the detail has html and text; PUT updates; 404 for unknown', async () => {
    const list = await t.request('GET', '/v1/email/templates', { token: key });
    expect(list.body.data[0]).toEqual({ id: templateId, name: 'Shipped', subject: expect.any(String), createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect((await t.request('GET', `/v1/email/templates/${templateId}`, { token: key })).body.html).toContain('track it');
    const noHtml = await t.request('POST', '/v1/email/templates', { token: key, body: { name: 'Plain', subject: 'Hi' } });
    const updated = await t.request('PUT', `/v1/email/templates/${noHtml.body.id}`, { token: key, body: { name: 'Plain v2', subject: 'Hello' } });
    expect(updated.body).toMatchObject({ name: 'Plain v2', subject: 'Hello', html: null });
    expect((await t.request('PUT', '/v1/email/templates/tpl_nope', { token: key, body: { name: 'x', subject: 'y' } })).status).toBe(404);
  });
  it('refuses a merge tag left open or a block it cannot fill, and keeps CSS braces', async () => {
    const save = (body: Record<string, unknown>) => t.request('POST', '/v1/email/templates', { token: key, body: { name: 'Tags', subject: 'Hi', html: '<p>x</p>', ...body } });
    const open = await save({ subject: 'Hi {{first_name}, welcome' });
    expect([open.status, open.body.message]).toEqual([400, 'Invalid body: subject: malformed merge tag at "{{first_name}, welcome": merge tags are {{name}} or {{name|fallback}} (a name of letters, digits, _, . or -)']);
    expect((await save({ html: '<ul>{{#each items}}<li>{{name}}</li>{{/each}}</ul>' })).body.message).toContain('html: malformed merge tag at "{{#each items}}');
    const css = await save({ html: '<style>@media (max-width:600px){.col{width:100%}}</style><p>Hi {{ first_name }}</p>' });
    expect(css.status).toBe(201);
    expect((await send({ ...base(), subject: 'Order {{order' })).body.message).toContain('subject: malformed merge tag');
  });
  it('refuses with 400: an unverified fromEmail, an unknown template, a template without HTML', async () => {
    expect((await send(base())).body.message).toContain('verified sending domain');
    await t.advance(60);
    expect((await send({ ...base(), templateId: 'tpl_nope' })).body.message).toContain('not found');
    const plain = (await t.request('GET', '/v1/email/templates', { token: key })).body.data.find((x: { name: string }) => x.name === 'Plain v2').id;
    const noHtml = await send({ ...base(), templateId: plain });
    expect(noHtml.status).toBe(400);
    expect(noHtml.body.message).toContain('no HTML');
  });
  it('refuses raw HTML, and a subject or sender name that would add a header line', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base(), html: '<p>Hi</p>' }, 'html: Raw HTML is not accepted'],
      [{ ...base(), fromName: 'Acme\r\nBcc: all@victims.test' }, 'fromName: must be a single line'],
      [{ ...base(), subject: 'Hello\nX-Injected: 1' }, 'subject: must be a single line'],
    ];
    for (const [body, message] of cases) {
      const res = await send(body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining(message)]);
    }
    const smtp = (host: string) => t.request('PUT', '/dashboard/email/smtp', { token: t.dashboardToken, body: { host, port: 587, fromEmail: 'ops@example.com' } });
    for (const host of ['<script>', 'smtp.example.com\r\nX: 1', 'smtp..example.com']) {
      const saved = await smtp(host);
      expect([saved.status, saved.body.message], host).toEqual([400, 'Invalid body: host: must be a host name or an IP address, e.g. smtp.example.com']);
    }
    expect((await smtp('a\u0000b')).body.message).toBe('Invalid body: a text holds a NUL character (\\u0000)');
  });
  it('sends with merge tags, spends a credit, lands in the mailbox; delivered, opened and clicked follow on the clock', async () => {
    const res = await send(base());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ messageId: expect.stringMatching(/^eml_/), status: 'sent', to: 'ana@customer.io', templateId, templateName: 'Shipped', errorCode: null, error: null });
    expect((await t.dashboard('GET', '/dashboard/wallet')).body.emailCredits).toBe(4);
    const mailbox = await t.dashboard('GET', '/sim/handsets/ana@customer.io/messages');
    expect(mailbox.body.data[0]).toMatchObject({ channel: 'email', from: 'hello@acme.test', text: 'Order 1001 shipped, Ana' });
    expect(mailbox.body.data[0].payload.html).toBe('<p>Hi Ana Lima, <a href="https://acme.test/t/1001">track it</a>.</p>');
    await t.advance(20);
    expect((await events('email.message.delivered')).map((e) => e.email)).toEqual(['ana@customer.io']);
    expect(await events('email.message.opened')).toHaveLength(1);
    expect((await events('email.message.clicked'))[0]?.url).toBe('https://acme.test/t/1001');
  });
  it('a bounce is reported and suppresses the address; a complaint follows delivery', async () => {
    await send({ ...base(), recipient: { to: 'bounce@sim.test' } });
    await send({ ...base(), recipient: { to: 'complaint@sim.test' } });
    await t.advance(10);
    expect((await events('email.message.bounced'))[0]).toMatchObject({ email: 'bounce@sim.test' });
    expect((await events('email.message.complained'))[0]).toMatchObject({ email: 'complaint@sim.test' });
    const again = await send({ ...base(), recipient: { to: 'bounce@sim.test' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('suppression list');
  });
  it('a spam complaint suppresses the address as a bounce does: a later send is refused with 400, nothing charged', async () => {
    // complaint@sim.test complained in the test before, 10 s after its delivery; the event keeps its documented shape.
    const [complaint] = await events('email.message.complained');
    expect(Object.keys(complaint ?? {}).sort()).toEqual(['email', 'message']);
    const credits = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.emailCredits as number;
    const before = await credits();
    const bounced = await send({ ...base(), recipient: { to: 'bounce@sim.test' } });
    for (const to of ['complaint@sim.test', 'Complaint@Sim.Test']) {
      const refused = await send({ ...base(), recipient: { to } });
      expect([refused.status, refused.body.error, refused.body.message]).toEqual([
        bounced.status, bounced.body.error, 'complaint@sim.test is on the suppression list (complained); it will not be emailed again',
      ]);
    }
    expect([bounced.status, bounced.body.message]).toEqual([400, 'bounce@sim.test is on the suppression list (bounced); it will not be emailed again']);
    expect(await credits()).toBe(before);
    expect((await t.dashboard('GET', '/sim/handsets/complaint@sim.test/messages')).body.data).toHaveLength(1);
  });
  it('answers 400 when the credits run out, and refuses a blocked contact with 409', async () => {
    const contact = t.server.services.contacts.resolveAddress(t.organizationId, 'email', 'blocked@customer.io');
    t.server.services.contacts.block(t.organizationId, contact.id, 'Unsubscribed by phone');
    const blocked = await send({ ...base(), recipient: { to: 'blocked@customer.io' } });
    expect(blocked.status).toBe(409);
    expect(blocked.body.reason).toBe('Unsubscribed by phone');
    await send(base());
    await send(base());
    expect((await t.dashboard('GET', '/dashboard/wallet')).body.emailCredits).toBe(0);
    const none = await send(base());
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('INSUFFICIENT_CREDITS');
  });
  it('email contacts: create (409 for a duplicate), list and search', async () => {
    expect((await t.request('POST', '/v1/email/contacts', { token: key, body: { email: 'Zoe@Example.com', firstName: 'Zoë', lastName: 'Park' } })).status).toBe(201);
    expect((await t.request('POST', '/v1/email/contacts', { token: key, body: { email: 'zoe@example.com' } })).status).toBe(409);
    const found = await t.request('GET', '/v1/email/contacts?search=park', { token: key });
    expect(found.body.data).toEqual([expect.objectContaining({ email: 'zoe@example.com', firstName: 'Zoë', subscribed: true })]);
    expect((await t.dashboard('GET', '/dashboard/contacts?search=zoe@example.com')).body.data[0].name).toBe('Zoë Park');
    // Accents and case aside, as the contacts' search: `renee cote` and `CÔTÉ` find Renée Côté.
    await t.request('POST', '/v1/email/contacts', { token: key, body: { email: 'rc@example.com', firstName: 'Renée', lastName: 'Côté' } });
    for (const term of ['renee%20cote', encodeURIComponent('CÔTÉ')]) {
      const hits = await t.request('GET', `/v1/email/contacts?search=${term}`, { token: key });
      expect(hits.body.data.map((c: { email: string }) => c.email)).toEqual(['rc@example.com']);
    }
  });
  it('a send names the contact it creates from its recipient, and a contact without a name; a named contact keeps its own', async () => {
    await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 3 });
    const contactOf = async (email: string) => (await t.dashboard('GET', `/dashboard/contacts?search=${encodeURIComponent(email)}`)).body.data[0];
    expect((await send({ ...base(), recipient: { to: 'new.one@customer.io', firstName: ' Quinn ', lastName: 'Ode' } })).status).toBe(200);
    expect((await contactOf('new.one@customer.io')).name).toBe('Quinn Ode');
    await t.server.bus.flush();
    const created = t.server.bus.recent(t.organizationId, 500).filter((e) => e.type === 'contact.created').map((e) => JSON.parse(e.data) as { contact: { email: string; name: string | null } });
    expect(created.find((e) => e.contact.email === 'new.one@customer.io')?.contact.name).toBe('Quinn Ode');
    await t.dashboard('POST', '/dashboard/contacts', { email: 'nameless@customer.io' });
    expect((await send({ ...base(), recipient: { to: 'nameless@customer.io', firstName: 'Rae' } })).status).toBe(200);
    expect((await contactOf('nameless@customer.io')).name).toBe('Rae');
    expect((await send({ ...base(), recipient: { to: 'nameless@customer.io', firstName: 'Someone Else' } })).status).toBe(200);
    expect((await contactOf('nameless@customer.io')).name).toBe('Rae');
  });
  it('email contacts: an empty or blank name is no name, null as when it is left out', async () => {
    const blank = await t.request('POST', '/v1/email/contacts', { token: key, body: { email: 'blank1@example.org', firstName: '', lastName: '   ' } });
    expect(blank.status).toBe(201);
    expect(blank.body).toMatchObject({ email: 'blank1@example.org', firstName: null, lastName: null });
    const half = await t.request('POST', '/v1/email/contacts', { token: key, body: { email: 'blank2@example.org', firstName: ' Ann ', lastName: '\t' } });
    expect(half.body).toMatchObject({ firstName: 'Ann', lastName: null });
    const listed = (await t.request('GET', '/v1/email/contacts?search=blank', { token: key })).body.data as Array<{ email: string; firstName: string | null; lastName: string | null }>;
    expect(listed.map((c) => [c.email, c.firstName, c.lastName])).toEqual([['blank2@example.org', 'Ann', null], ['blank1@example.org', null, null]]);
    expect((await t.dashboard('GET', '/dashboard/contacts?search=blank2@example.org')).body.data[0].name).toBe('Ann');
  });
});

describe('addresses as mail servers take them', () => {
  const local = (n: number) => 'a'.repeat(n);
  /** An address of exactly `length` characters, its local part `localLength` long. */
  const address = (length: number, localLength = 64) => {
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.`;
    return `${local(localLength)}@${domain.slice(0, length - localLength - 4)}.io`;
  };
  it('refuse an address over 254 characters or with over 64 before the "@" (400, nothing charged or stored); 254 and 64 go', async () => {
    expect([address(254).length, address(255).length, address(100, 65).length]).toEqual([254, 255, 100]);
    const credits = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.emailCredits as number;
    await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 2 });
    const before = await credits();
    const cases: Array<[string, () => Promise<{ status: number; body: { message: string } }>]> = [
      ['send to', () => send({ ...base(), recipient: { to: address(255) } })],
      ['send local part', () => send({ ...base(), recipient: { to: address(100, 65) } })],
      ['send replyTo', () => send({ ...base(), recipient: { to: 'ana@customer.io' }, replyTo: address(255) })],
      ['contacts', () => t.request('POST', '/v1/email/contacts', { token: key, body: { email: address(255) } })],
      ['unified send', () => t.request('POST', '/v1/messages/send', { token: key, body: { to: address(255), channel: 'email', template: { id: templateId }, email: { fromName: 'Acme', fromEmail: 'hello@acme.test' } } })],
      ['dashboard contacts', () => t.dashboard('POST', '/dashboard/contacts', { email: address(255) })],
    ];
    for (const [what, request] of cases) {
      const res = await request();
      expect([what, res.status, res.body.message]).toEqual([what, 400, expect.stringMatching(/254 characters|64 characters before the "@"/)]);
    }
    expect(await credits()).toBe(before);
    expect((await t.dashboard('GET', `/dashboard/contacts?search=${local(64)}`)).body.data).toEqual([]);
    expect((await t.request('POST', '/v1/email/contacts', { token: key, body: { email: address(254) } })).status).toBe(201);
  });
});

describe('internationalized domains', () => {
  it('are taken (user@bücher.de), stored, sent and compared in A-labels (xn--); what is not an address is still 400, nothing charged or stored', async () => {
    await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 2 });
    const credits = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.emailCredits as number;
    const contact = await t.request('POST', '/v1/email/contacts', { token: key, body: { email: 'Kai@Bücher.DE', firstName: 'Kai' } });
    expect([contact.status, contact.body.email]).toEqual([201, 'kai@xn--bcher-kva.de']);
    // One mailbox, whichever form names it.
    expect((await t.request('POST', '/v1/email/contacts', { token: key, body: { email: 'kai@xn--bcher-kva.de' } })).status).toBe(409);
    expect((await t.dashboard('GET', `/dashboard/contacts?search=${encodeURIComponent('kai@xn--bcher-kva.de')}`)).body.data[0].name).toBe('Kai');
    const sent = await send({ ...base(), recipient: { to: 'lena@bücher.de', firstName: 'Lena' } });
    expect([sent.status, sent.body.to]).toEqual([200, 'lena@xn--bcher-kva.de']);
    expect(await t.handset('lena@xn--bcher-kva.de')).toEqual([expect.objectContaining({ channel: 'email', text: 'Order 1001 shipped, Lena' })]);
    const unified = await t.request('POST', '/v1/messages/send', {
      token: key, body: { to: 'mia@例え.テスト', channel: 'email', template: { id: templateId }, email: { fromName: 'Acme', fromEmail: 'hello@acme.test' } },
    });
    expect([unified.status, unified.body.channelUsed]).toEqual([200, 'email']);
    expect(await t.handset('mia@xn--r8jz45g.xn--zckzah')).toHaveLength(1);
    const before = await credits();
    for (const to of ['jürgen@bücher.de', 'a@bücher', 'a@-bücher.de', 'a@bü cher.de', 'a@bücher..de']) {
      const res = await send({ ...base(), recipient: { to } });
      expect([res.status, res.body.message], to).toEqual([400, 'Invalid body: recipient.to: must be an email address']);
      const stored = await t.request('POST', '/v1/email/contacts', { token: key, body: { email: to } });
      expect([stored.status, stored.body.message], to).toEqual([400, 'Invalid body: email: must be an email address']);
      const unifiedRefused = await t.request('POST', '/v1/messages/send', { token: key, body: { to, channel: 'email', template: { id: templateId }, email: { fromName: 'Acme', fromEmail: 'hello@acme.test' } } });
      expect([unifiedRefused.status, unifiedRefused.body.message], to).toEqual([400, expect.stringContaining('to: must be an email address for channel email')]);
    }
    expect(await credits()).toBe(before);
    // None of the refused addresses was stored: the email contacts at bücher.de (searched as the console shows it) are the one taken.
    const atBucher = await t.request('GET', `/v1/email/contacts?search=${encodeURIComponent('bücher')}`, { token: key });
    expect(atBucher.body.data.map((c: { email: string }) => c.email)).toEqual(['kai@xn--bcher-kva.de']);
  });
});

describe('an internationalized sending domain', () => {
  it('is added in A-labels (Bücher.de is xn--bcher-kva.de), so its addresses, taken in A-labels, may send once it is verified', async () => {
    const added = await t.dashboard('POST', '/dashboard/email/domains', { domain: 'Shop.Bücher.de' });
    expect([added.status, added.body.domain]).toEqual([201, 'shop.xn--bcher-kva.de']);
    const again = await t.dashboard('POST', '/dashboard/email/domains', { domain: 'shop.xn--bcher-kva.de' });
    expect([again.status, again.body.message]).toEqual([409, 'Sending domain shop.xn--bcher-kva.de is already added']);
    expect((await t.dashboard('GET', '/dashboard/email/domains')).body.data.filter((d: { domain: string }) => d.domain === 'shop.xn--bcher-kva.de')).toHaveLength(1);
    for (const domain of ['bü cher.de', 'bücher', '-bücher.de']) {
      const refused = await t.dashboard('POST', '/dashboard/email/domains', { domain });
      expect([refused.status, refused.body.message], domain).toEqual([400, 'Invalid body: domain: must be a domain name, e.g. example.com']);
    }
    await t.advance(61);
    await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 1 });
    const sent = await send({ ...base(), fromEmail: 'hallo@shop.bücher.de', recipient: { to: 'kim@example.com' } });
    expect([sent.status, sent.body.to]).toEqual([200, 'kim@example.com']);
  });
});

describe('merge values land as text', () => {
  it('HTML-escaped in the html, on one line in the subject; only given values count, and blank HTML is no HTML', async () => {
    await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 5 });
    const tpl = await t.request('POST', '/v1/email/templates', {
      token: key, body: { name: 'Merge', subject: 'Hi {{first_name}} {{constructor}}{{toString|friend}}', html: '<p>{{first_name}}{{valueOf}}</p>', text: 'Hi {{first_name}}' },
    });
    const firstName = 'Sam\r\nBcc: victim@evil.test <a href="https://evil.test">Claim</a>';
    const sent = await send({ ...base(), templateId: tpl.body.id, recipient: { to: 'merge@customer.io', firstName } });
    expect(sent.status).toBe(200);
    const [mail] = (await t.dashboard('GET', '/sim/handsets/merge@customer.io/messages')).body.data;
    expect(mail.payload.subject).toBe('Hi Sam Bcc: victim@evil.test <a href="https://evil.test">Claim</a> friend');
    expect(mail.payload.html).toBe('<p>Sam\r\nBcc: victim@evil.test &lt;a href=&quot;https://evil.test&quot;&gt;Claim&lt;/a&gt;</p>');
    expect(mail.payload.text).toBe(`Hi ${firstName}`);
    expect(mail.payload.links).toEqual([]);
    // Values are bounded: at most 100, each text at most 2,000 characters (a 50,000-key object was taken whole).
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, 'v']));
    expect((await send({ ...base(), templateId: tpl.body.id, variables: many })).body.message).toBe('Invalid body: variables: holds at most 100 values');
    expect((await send({ ...base(), templateId: tpl.body.id, variables: { order: 'x'.repeat(2001) } })).body.message).toBe('Invalid body: variables.order: must be at most 2000 characters');
    const blank = await t.request('POST', '/v1/email/templates', { token: key, body: { name: 'Blank', subject: 'Hi', html: '   ' } });
    const refused = await send({ ...base(), templateId: blank.body.id });
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringContaining('has no HTML content')]);
  });
});

describe('merge tags filled from the recipient', () => {
  it('fills first_name and last_name from the recipient, with variables as the fallback for a recipient without one', async () => {
    await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 2 });
    const named = { ...base(), recipient: { to: 'rui@customer.io', firstName: 'Rui' }, variables: { order: '1002', first_name: 'friend', last_name: 'X' } };
    expect((await t.request('POST', '/v1/email/send', { token: key, body: named })).status).toBe(200);
    const unnamed = { ...base(), recipient: { to: 'anon@customer.io' }, variables: { order: '1003', first_name: 'friend' } };
    expect((await t.request('POST', '/v1/email/send', { token: key, body: unnamed })).status).toBe(200);
    const html = async (address: string) => (await t.handset(address)).at(-1).payload.html as string;
    expect(await html('rui@customer.io')).toContain('Hi Rui X,');
    expect(await html('anon@customer.io')).toContain('Hi friend ,');
  });
  it('a tag without a value takes its fallback: {{first_name|there}}', async () => {
    await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 2 });
    const greeting = await t.request('POST', '/v1/email/templates', {
      token: key, body: { name: 'Greeting', subject: 'Hi {{ first_name | there }}!', html: '<p>Hello {{first_name|friend}}, order {{order|(none)}}.</p>' },
    });
    expect(greeting.status).toBe(201);
    const body = (to: string, firstName?: string) => ({ ...base(), templateId: greeting.body.id, recipient: { to, ...(firstName ? { firstName } : {}) }, variables: {} });
    expect((await t.request('POST', '/v1/email/send', { token: key, body: body('nameless@customer.io') })).status).toBe(200);
    expect((await t.request('POST', '/v1/email/send', { token: key, body: body('lia@customer.io', 'Lia') })).status).toBe(200);
    const last = async (address: string) => (await t.handset(address)).at(-1).payload as { subject: string; html: string };
    expect(await last('nameless@customer.io')).toMatchObject({ subject: 'Hi there!', html: '<p>Hello friend, order (none).</p>' });
    expect(await last('lia@customer.io')).toMatchObject({ subject: 'Hi Lia!', html: '<p>Hello Lia, order (none).</p>' });
    expect((await t.request('POST', '/v1/email/templates', { token: key, body: { name: 'Bad', subject: 'Hi {{first_name|a{b}}', html: '<p>x</p>' } })).status).toBe(400);
  });
});

describe('the suppression list (console)', () => {
  it('lists the suppressed addresses with why and when, newest first; one removed is emailed again (204); unknown 404, another organization\'s its own', async () => {
    type Entry = { email: string; reason: string; suppressedAt: string };
    const list = async (query = '') => ((await t.dashboard('GET', `/dashboard/email/suppressions${query}`)).body.data as Entry[]).filter((e) => e.email.endsWith('@sim.test'));
    // Suppressed by the tests above: the bounce at 2 s, the complaint at 10 s.
    expect(await list()).toEqual([
      { email: 'complaint@sim.test', reason: 'complained', suppressedAt: expect.stringMatching(/Z$/) },
      { email: 'bounce@sim.test', reason: 'bounced', suppressedAt: expect.stringMatching(/Z$/) },
    ]);
    const other = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Other suppressions' })).body.id as string;
    expect(await list(`?organizationId=${other}`)).toEqual([]);
    expect((await t.dashboard('DELETE', `/dashboard/email/suppressions/bounce@sim.test?organizationId=${other}`)).status).toBe(404);

    await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 1 });
    const removed = await t.dashboard('DELETE', `/dashboard/email/suppressions/${encodeURIComponent('Bounce@Sim.Test')}`);
    expect(removed.status).toBe(204);
    expect((await list()).map((e) => e.email)).toEqual(['complaint@sim.test']);
    expect((await send({ ...base(), recipient: { to: 'bounce@sim.test' } })).body).toMatchObject({ status: 'sent', to: 'bounce@sim.test' });
    const again = await t.dashboard('DELETE', '/dashboard/email/suppressions/bounce@sim.test');
    expect([again.status, again.body.message]).toEqual([404, 'bounce@sim.test is not on the suppression list']);
    const notAddress = await t.dashboard('DELETE', '/dashboard/email/suppressions/not-an-address');
    expect([notAddress.status, notAddress.body.message]).toEqual([400, 'Invalid path parameters: email: must be an email address']);
  });
});

describe('email events after a restart', () => {
  it('the email events are committed with the status that causes them: a restart that re-dispatches the outbox repeats none', async () => {
    await t.advance(30);
    const counts = () => {
      const types = t.server.bus.recent(t.organizationId, 5_000).map((e) => e.type).filter((type) => /^email\.message\.(delivered|opened|bounced)$/.test(type));
      return Object.fromEntries(['delivered', 'opened', 'bounced'].map((kind) => [kind, types.filter((type) => type.endsWith(kind)).length]));
    };
    const before = counts();
    expect(before.delivered).toBeGreaterThan(0);
    // A crash before the dispatch cursor was saved: the next start dispatches every event again.
    const first = t;
    await first.server.close();
    const db = openDb(first.dataFile);
    db.sql.prepare('UPDATE outbox_cursor SET seq = 0').run();
    db.close();
    t = await createTestServer({ dataFile: first.dataFile });
    try {
      await t.server.bus.flush();
      expect(counts()).toEqual(before);
    } finally {
      await t.close();
      t = first;
    }
  });
});
