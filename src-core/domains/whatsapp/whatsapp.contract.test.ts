// WhatsApp over real HTTP: templates reviewed on the clock, template sends checked against placeholders,
// logs, conversations by phone, message lookup, header media, idempotency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const orderUpdate = {
  name: 'order_update', category: 'UTILITY', language: 'en_US',
  components: [
    { type: 'HEADER', format: 'IMAGE' },
    { type: 'BODY', text: 'Hi {{1}}, your order {{2}} has shipped.' },
    { type: 'FOOTER', text: 'Reply STOP to opt out' },
    { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Track', url: 'https://shop.example.com/track/{{1}}' }, { type: 'QUICK_REPLY', text: 'Thanks' }] },
  ],
};
const params = (to: string) => ({
  to, templateName: 'order_update', languageCode: 'en_US',
  components: [
    { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/box.png' } }] },
    { type: 'body', parameters: [{ type: 'text', text: 'Alice' }, { type: 'text', text: '#1001' }] },
    { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'ABC123' }] },
  ],
});
const send = (body: unknown, headers?: Record<string, string>) => t.request('POST', '/v1/whatsapp/send-template', { token: key, body, headers });

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  t.server.services.wallet.topUp(t.organizationId, { amountPaise: 100_000 });
  expect((await t.request('POST', '/v1/whatsapp/templates', { token: key, body: orderUpdate })).status).toBe(201);
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

describe('templates', () => {
  it('start PENDING and are reviewed by the simulated platform 60 s later', async () => {
    const created = await t.request('POST', '/v1/whatsapp/templates', {
      token: key, body: { name: 'welcome', category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'Welcome {{1}}!' }] },
    });
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^wat_/), status: 'PENDING', category: 'MARKETING' });
    const rejected = await t.request('POST', '/v1/whatsapp/templates', {
      token: key, body: { name: 'reject_me', category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'Nope' }] },
    });
    const welcome = { to: '14155550177', templateName: 'welcome', languageCode: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ann' }] }] };
    const whilePending = await send(welcome);
    expect(whilePending.status).toBe(400);
    expect(whilePending.body.message).toContain('is PENDING');
    await t.advance(59);
    expect((await t.request('GET', '/v1/whatsapp/templates?status=PENDING', { token: key })).body.meta.total).toBe(2);
    await t.advance(1);
    expect((await send(welcome)).status).toBe(200);
    const list = await t.request('GET', '/v1/whatsapp/templates', { token: key });
    expect(list.body.meta).toMatchObject({ total: 3, limit: 25 });
    const byName = Object.fromEntries(list.body.data.map((tpl: { name: string; status: string }) => [tpl.name, tpl.status]));
    expect(byName).toEqual({ welcome: 'APPROVED', reject_me: 'REJECTED', order_update: 'APPROVED' });
    const detail = await t.dashboard('GET', `/dashboard/whatsapp/templates/${rejected.body.id}`);
    expect(detail.body.rejectedReason).toContain('reject');
    expect((await t.request('GET', '/v1/whatsapp/templates?category=UTILITY', { token: key })).body.data.map((x: { name: string }) => x.name)).toEqual(['order_update']);
  });
  it('refuses a malformed template with 400 and a duplicate with 409', async () => {
    const bad = [
      { ...orderUpdate, name: 'Has Spaces' },
      { ...orderUpdate, name: 'gap', components: [{ type: 'BODY', text: 'Hi {{1}} and {{3}}' }] },
      { ...orderUpdate, name: 'nobody', components: [{ type: 'FOOTER', text: 'x' }] },
      { ...orderUpdate, name: 'cat', category: 'SPAM' },
    ];
    for (const body of bad) expect((await t.request('POST', '/v1/whatsapp/templates', { token: key, body })).status, body.name).toBe(400);
    expect((await t.request('POST', '/v1/whatsapp/templates', { token: key, body: orderUpdate })).status).toBe(409);
  });
  it('refuses a header against the platform\'s rules, naming its path: a TEXT header has text with one variable at most, a media header none', async () => {
    const withHeader = (name: string, header: unknown) => ({ name, category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hi' }, header] });
    const refused: Array<[string, unknown, string]> = [
      ['text_missing', { type: 'HEADER', format: 'TEXT' }, 'Invalid body: components.1.text: is required in a TEXT header (at most 60 characters)'],
      ['text_two_vars', { type: 'HEADER', format: 'TEXT', text: 'Hi {{1}} {{2}}' },
        'Invalid body: components.1.text: may hold one placeholder, {{1}}, at most: the messaging platform allows one variable in a header'],
      ...(['IMAGE', 'VIDEO', 'DOCUMENT'] as const).map((format): [string, unknown, string] => [`media_${format.toLowerCase()}`, { type: 'HEADER', format, text: 'Order' },
        `Invalid body: components.1.text: must be absent in ${format === 'IMAGE' ? 'an' : 'a'} ${format} header: a media header has no text, its file is sent with each message`]),
    ];
    for (const [name, header, message] of refused) {
      const v1 = await t.request('POST', '/v1/whatsapp/templates', { token: key, body: withHeader(name, header) });
      const dash = await t.dashboard('POST', '/dashboard/whatsapp/templates', withHeader(name, header));
      expect([name, v1.status, v1.body.message, dash.status, dash.body.message]).toEqual([name, 400, message, 400, message]);
    }
    // What the platform takes: one variable (used again or not), a media header without text.
    for (const [name, header] of [['one_var', { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' }], ['same_var', { type: 'HEADER', format: 'TEXT', text: '{{1}} / {{1}}' }],
      ['plain', { type: 'HEADER', format: 'TEXT', text: 'Your order' }], ['media', { type: 'HEADER', format: 'DOCUMENT' }]] as const) {
      expect([name, (await t.request('POST', '/v1/whatsapp/templates', { token: key, body: withHeader(name, header) })).status]).toEqual([name, 201]);
    }
  });
});

describe('template buttons', () => {
  it('answer the seed\'s { type, text, url } everywhere: url null on a button without one, phone_number kept; an answer posts back', async () => {
    const buttons = [
      { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+14155550100' }, { type: 'QUICK_REPLY', text: 'Later' }, { type: 'URL', text: 'Help', url: 'https://help.example.com' },
    ];
    const answered = [
      { type: 'PHONE_NUMBER', text: 'Call us', url: null, phone_number: '+14155550100' }, { type: 'QUICK_REPLY', text: 'Later', url: null },
      { type: 'URL', text: 'Help', url: 'https://help.example.com' },
    ];
    const body = (name: string, b: unknown[]) => ({ name, category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'Need help?' }, { type: 'BUTTONS', buttons: b }] });
    const created = await t.request('POST', '/v1/whatsapp/templates', { token: key, body: body('contact_us', buttons) });
    expect([created.status, created.body.components[1]]).toEqual([201, { type: 'BUTTONS', buttons: answered }]);
    const detail = await t.dashboard('GET', `/dashboard/whatsapp/templates/${created.body.id}`);
    expect(detail.body.components[1].buttons).toEqual(answered);
    const listed = (await t.request('GET', '/v1/whatsapp/templates?limit=100', { token: key })).body.data as Array<{ name: string; components: Array<{ type: string; buttons?: unknown }> }>;
    const buttonsOf = (name: string) => listed.find((tpl) => tpl.name === name)?.components.find((c) => c.type === 'BUTTONS')?.buttons;
    expect(buttonsOf('contact_us')).toEqual(answered);
    expect(buttonsOf('order_update')).toEqual([{ type: 'URL', text: 'Track', url: 'https://shop.example.com/track/{{1}}' }, { type: 'QUICK_REPLY', text: 'Thanks', url: null }]);
    // What a GET answers can be POSTed back: url null on a button without one is taken as absent.
    const again = await t.request('POST', '/v1/whatsapp/templates', { token: key, body: body('contact_us_again', answered) });
    expect([again.status, again.body.components[1].buttons]).toEqual([201, answered]);
    const noUrl = await t.request('POST', '/v1/whatsapp/templates', { token: key, body: body('url_null', [{ type: 'URL', text: 'Help', url: null }]) });
    expect(noUrl.status).toBe(400);
  });
  it('take a PHONE_NUMBER button\'s number in international form, and say so when it is not', async () => {
    const body = (name: string, phone: string) => ({ name, category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Call?' }, { type: 'BUTTONS', buttons: [{ type: 'PHONE_NUMBER', text: 'Call', phone_number: phone }] }] });
    const expected = 'Invalid body: components.1.buttons.0.phone_number: must be a phone number in international format: the country code, then the number (e.g. +14155550101)';
    for (const [i, phone] of ['415-555-0100', 'call me', '+0415555010', '12345'].entries()) {
      const res = await t.request('POST', '/v1/whatsapp/templates', { token: key, body: body(`bad_phone_${i}`, phone) });
      expect([phone, res.status, res.body.message]).toEqual([phone, 400, expected]);
    }
    for (const [i, phone] of ['+14155550100', '14155550100', '+919876543210'].entries()) {
      expect([phone, (await t.request('POST', '/v1/whatsapp/templates', { token: key, body: body(`good_phone_${i}`, phone) })).status]).toEqual([phone, 201]);
    }
  });
  it('take an http(s) link with at most one placeholder, {{1}}, at its end after the host: a value can never move the link elsewhere', async () => {
    const body = (name: string, url: string) => ({ name, category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'Hi' }, { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Go', url }] }] });
    const SUFFIX = 'may hold one placeholder, {{1}}, only at its end';
    const refused: Array<[string, string]> = [
      ['https://{{1}}.example.com/x', SUFFIX], ['https://shop.example.com/{{1}}/track', SUFFIX], ['https://shop.example.com/{{1}}/{{2}}', SUFFIX],
      ['https://shop.example.com/{{2}}', SUFFIX], ['https://shop.example.com{{1}}', SUFFIX], ['https://{{1}}', SUFFIX], ['https://shop.example.com/{{ 1 }}', SUFFIX],
      ['javascript:alert(1)', 'must be an http or https URL'], ['ftp://files.example.com/a', 'must be an http or https URL'],
      // The length of every http(s) link the core takes (httpLinkSchema), in the same words.
      [`https://shop.example.com/${'a'.repeat(2000)}`, 'url: must be at most 2000 characters'],
    ];
    for (const [url, message] of refused) {
      const res = await t.request('POST', '/v1/whatsapp/templates', { token: key, body: body(`bad_url_${refused.findIndex(([u]) => u === url)}`, url) });
      expect([url, res.status, res.body.message]).toEqual([url, 400, expect.stringContaining(message)]);
    }
    expect((await t.request('GET', '/v1/whatsapp/templates?limit=100', { token: key })).body.data.filter((tpl: { name: string }) => tpl.name.startsWith('bad_url'))).toEqual([]);
    for (const [i, url] of ['https://shop.example.com/track/{{1}}', 'https://shop.example.com/track?order={{1}}', 'http://shop.example.com/#{{1}}', 'https://shop.example.com'].entries()) {
      expect((await t.request('POST', '/v1/whatsapp/templates', { token: key, body: body(`good_url_${i}`, url) })).status, url).toBe(201);
    }
  });
});

describe('send-template', () => {
  it('reaches the handset from the organization, by its name, as a WhatsApp message has no sender of its own', async () => {
    const org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Acme Retail' })).body.id as string;
    const acme = (await t.createKey({ organizationId: org, rateLimitPerMinute: 10_000 })).key;
    await t.dashboard('POST', '/dashboard/wallet/top-up', { organizationId: org, amountPaise: 10_000 });
    expect((await t.request('POST', '/v1/whatsapp/templates', { token: acme, body: orderUpdate })).status).toBe(201);
    await t.advance(60);
    expect((await t.request('POST', '/v1/whatsapp/send-template', { token: acme, body: params('14155550112') })).status).toBe(200);
    expect((await t.handset('14155550112', org))[0]).toMatchObject({ channel: 'whatsapp', from: 'Acme Retail', text: 'Hi Alice, your order #1001 has shipped.' });
    expect((await send(params('14155550113'))).status).toBe(200);
    expect((await t.handset('14155550113'))[0]).toMatchObject({ channel: 'whatsapp', from: 'Default organization' });
  });
  it('sends with the right parameters, charges, and reaches the handset', async () => {
    const res = await send(params('14155550111'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ wamid: expect.stringMatching(/^wamid_/), conversationId: expect.stringMatching(/^conv_/), status: 'sent', errorCode: null, error: null });
    const handset = await t.dashboard('GET', '/sim/handsets/14155550111/messages');
    expect(handset.body.data[0]).toMatchObject({ channel: 'whatsapp', text: 'Hi Alice, your order #1001 has shipped.', externalId: res.body.wamid });
    expect(handset.body.data[0].payload.buttons[0].url).toBe('https://shop.example.com/track/ABC123');
    // The whole message, as the customer's phone shows it: the footer too (the console's inbox renders it from `content`).
    expect(handset.body.data[0].payload).toMatchObject({ header: { format: 'IMAGE', link: 'https://cdn.example.com/box.png' }, footer: 'Reply STOP to opt out' });
    const entry = await t.request('GET', `/v1/whatsapp/messages/${res.body.wamid}`, { token: key });
    expect(entry.body).toMatchObject({
      wamid: res.body.wamid, direction: 'outbound', type: 'template', status: 'sent', templateName: 'order_update', templateCategory: 'UTILITY',
      isTemplate: true, isBillable: true, billingAmountPaise: 80, source: 'API', conversation: { customerWaId: '14155550111' },
    });
    // The rendered buttons keep the template's shape: the URL filled in, url null on a quick reply.
    expect(entry.body.content.buttons).toEqual([{ type: 'URL', text: 'Track', url: 'https://shop.example.com/track/ABC123' }, { type: 'QUICK_REPLY', text: 'Thanks', url: null }]);
    expect(entry.body.content).toMatchObject({ body: 'Hi Alice, your order #1001 has shipped.', footer: 'Reply STOP to opt out' });
  });
  it('answers 400 naming what is wrong with the components', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...params('14155550111'), components: params('1').components.filter((c) => c.type !== 'header') }, 'has an IMAGE header: add a header component'],
      [{ ...params('14155550111'), components: params('1').components.map((c) => (c.type === 'header' ? { type: 'header', parameters: [{ type: 'image', image: { link: 'ftp://cdn/x.png' } }] } : c)) },
        'has an IMAGE header: the image link must be an http(s) URL with a host, not "ftp://cdn/x.png"'],
      [{ ...params('14155550111'), components: params('1').components.map((c) => (c.type === 'header' ? { type: 'header', parameters: [{ type: 'image', image: { link: 'https://' } }] } : c)) },
        'the image link must be an http(s) URL with a host, not "https://"'],
      // The cloud API's own refusals of a parameter, and of a body too long once filled.
      ...['', '  ', 'two\nlines', 'a\ttab', 'five     spaces', 'a\u2028line separator'].map((text): [unknown, string] => [
        { ...params('14155550111'), components: params('1').components.map((c) => (c.type === 'body' ? { ...c, parameters: [{ type: 'text', text }, c.parameters[1]] } : c)) },
        text.trim() ? 'body parameter 1 has a line break, a tab or more than 4 spaces in a row' : 'body parameter 1 is empty']),
      [{ ...params('14155550111'), components: params('1').components.map((c) => (c.type === 'body' ? { ...c, parameters: [{ type: 'text', text: 'x'.repeat(1100) }, c.parameters[1]] } : c)) },
        'body is 1134 characters once filled; the messaging platform allows 1024'],
      [{ ...params('14155550111'), components: params('1').components.map((c) => (c.type === 'body' ? { ...c, parameters: c.parameters.slice(0, 1) } : c)) }, 'components: body parameter 2 is missing: template order_update has 2 body placeholders, 1 given'],
      [{ ...params('14155550111'), components: params('1').components.filter((c) => c.type !== 'button') }, 'dynamic URL'],
      [{ ...params('14155550111'), templateName: 'nope' }, 'not found'],
      [{ ...params('14155550111'), templateName: 'reject_me', languageCode: 'en', components: [] }, 'REJECTED'],
      [{ ...params('not-a-phone') }, 'to'],
    ];
    for (const [body, message] of cases) {
      const res = await send(body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });
  it('says in words which component or parameter is wrong, never the components JSON sent or a JSON shape to copy', async () => {
    const only = (type: string, component: unknown) => ({ ...params('14155550111'), components: [...params('1').components.filter((c) => c.type !== type), component] });
    const body = (parameters: unknown[]) => only('body', { type: 'body', parameters });
    const image = (parameters: unknown[]) => only('header', { type: 'header', parameters });
    const button = (component: object) => only('button', { type: 'button', index: '0', ...component });
    const has = 'template order_update has an IMAGE header';
    const dynamic = 'template order_update button 0 ("Track") has a dynamic URL';
    const cases: Array<[unknown, string]> = [
      [body([{ type: 'text', text: 'Alice' }, { type: 'image', image: { link: 'https://cdn.example.com/x.png' } }]), 'body parameter 2 must be a text parameter (type text), not type "image"'],
      [body([{ type: 'text', text: 'Alice' }, { type: 'text', text: 1001 }]), 'body parameter 2 has no text: a text parameter gives its value as a string in its text field'],
      [body([{ type: 'text', text: 'Alice' }]), 'components: body parameter 2 is missing: template order_update has 2 body placeholders, 1 given'],
      [body([{ type: 'text', text: 'A' }, { type: 'text', text: 'B' }, { type: 'text', text: 'C' }, { type: 'text', text: 'D' }]),
        'components: body parameter 3 to 4 are too many: template order_update has 2 body placeholders, 4 given'],
      [{ ...params('14155550111'), components: params('1').components.filter((c) => c.type !== 'header') },
        `components: ${has}: add a header component with one parameter of type image giving the image's link`],
      [image([]), `header component has no parameter: ${has}: give it one parameter of type image with the image's link`],
      [image([{ type: 'video', video: { link: 'https://cdn.example.com/x.mp4' } }]), `header parameter 1 must be of type image, not "video": ${has}`],
      [image([{ type: 'image', image: { id: 'media_1' } }]), `header parameter 1 has no image link: ${has}: give the image's link (an http(s) URL) in its image field`],
      [{ ...params('14155550111'), components: params('1').components.filter((c) => c.type !== 'button') },
        `components: ${dynamic}: add a button component with sub_type url, index 0 and one text parameter, the end of its link`],
      [button({ parameters: [{ type: 'text', text: 'ABC123' }] }), `button component 0 must have sub_type url, and has none: ${dynamic}`],
      [button({ sub_type: 'quick_reply', parameters: [{ type: 'text', text: 'ABC123' }] }), `button component 0 must have sub_type url, not "quick_reply": ${dynamic}`],
      [button({ sub_type: 'url', parameters: [] }), `button 0 takes one text parameter (the end of its link), 0 given: ${dynamic}`],
      [button({ sub_type: 'url', parameters: [{ type: 'text', text: 'A' }, { type: 'text', text: 'B' }] }), `button 0 takes one text parameter (the end of its link), 2 given: ${dynamic}`],
      [button({ sub_type: 'url', parameters: [{ type: 'payload', payload: 'x' }] }), 'button 0 parameter 1 must be a text parameter (type text), not type "payload"'],
    ];
    for (const [sent, message] of cases) {
      const res = await send(sent);
      expect([res.status, res.body.code, res.body.message]).toEqual([400, 'VALIDATION_FAILED', message]);
      expect(res.body.message).not.toMatch(/[{}[\]]/);
    }
  });
  it('a template name sent in a language it does not have names the languages it has; an unknown name is just not found', async () => {
    const other = await send({ ...params('14155550111'), languageCode: 'en' });
    expect([other.status, other.body.code, other.body.message]).toEqual([400, 'VALIDATION_FAILED',
      'Template order_update (en) not found: order_update exists in en_US; send that languageCode']);
    const unknown = await send({ ...params('14155550111'), templateName: 'no_such_template' });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Template no_such_template (en_US) not found']);
  });
  it('a failing handset answers status failed, with the refund and a failed status event', async () => {
    const res = await send(params('15005550002'));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('failed');
    const entry = await t.request('GET', `/v1/whatsapp/messages/${res.body.wamid}`, { token: key });
    expect(entry.body).toMatchObject({ status: 'failed', billingAmountPaise: 0, isBillable: false });
    // Why, in the message and in the log (additive fields).
    const why = { errorCode: 'SIM_WHATSAPP_UNAVAILABLE', errorMessage: 'The simulated handset +15005550002 has no WhatsApp account' };
    expect(entry.body).toMatchObject(why);
    const log = await t.request('GET', '/v1/whatsapp/logs?status=failed', { token: key });
    expect(log.body.data.find((l: { wamid: string }) => l.wamid === res.body.wamid)).toMatchObject(why);
  });
  it('a send its provider failed says why in its answer, as the log keeps it: errorCode and error (null when sent)', async () => {
    const noWhatsapp = await send(params('15005550002'));
    expect([noWhatsapp.status, noWhatsapp.body]).toEqual([200, {
      wamid: expect.stringMatching(/^msg_/), conversationId: expect.stringMatching(/^conv_/), status: 'failed',
      errorCode: 'SIM_WHATSAPP_UNAVAILABLE', error: 'The simulated handset +15005550002 has no WhatsApp account',
    }]);
    const unreachable = await send(params('15005550001'));
    expect(unreachable.body).toMatchObject({ status: 'failed', errorCode: 'SIM_UNREACHABLE', error: 'The simulated handset +15005550001 is unreachable on every channel' });
    const entry = await t.request('GET', `/v1/whatsapp/messages/${unreachable.body.wamid}`, { token: key });
    expect([entry.body.errorCode, entry.body.errorMessage]).toEqual([unreachable.body.errorCode, unreachable.body.error]);
    // A keyed repeat answers the same, reason and all, and sends nothing again.
    const headers = { 'idempotency-key': 'wa-failed-once' };
    const first = await send(params('15005550002'), headers);
    const again = await send(params('15005550002'), headers);
    expect([first.body.errorCode, again.headers.get('idempotent-replayed')]).toEqual(['SIM_WHATSAPP_UNAVAILABLE', 'true']);
    expect(again.body).toEqual(first.body);
  });
  it('a blocked contact is refused with 409 CONTACT_BLOCKED and its reason, nothing charged', async () => {
    await send(params('14155550222'));
    const contact = (await t.dashboard('GET', '/dashboard/contacts?search=14155550222')).body.data[0];
    await t.dashboard('POST', `/dashboard/contacts/${contact.id}/block`, { reason: 'Opted out by phone' });
    const before = (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise;
    const res = await send(params('14155550222'));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusCode: 409, code: 'CONTACT_BLOCKED', reason: 'Opted out by phone' });
    expect((await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise).toBe(before);
    const lookup = await t.request('GET', '/v1/whatsapp/conversations/by-phone?phone=14155550222', { token: key });
    expect(lookup.status).toBe(403);
    expect(lookup.body).toMatchObject({ code: 'CONTACT_BLOCKED', reason: 'Opted out by phone' });
  });
  it('an Idempotency-Key sends once; another body with the same key is 409', async () => {
    const headers = { 'idempotency-key': 'order-1001-shipped' };
    const first = await send(params('14155550333'), headers);
    const again = await send(params('14155550333'), headers);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await t.dashboard('GET', '/sim/handsets/14155550333/messages')).body.data).toHaveLength(1);
    expect((await send(params('14155550334'), headers)).status).toBe(409);
  });
});

describe('logs and conversations', () => {
  it('filters logs by direction and status, and moves with the clock', async () => {
    await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '14155550111', text: 'Where is it?' });
    const inbound = await t.request('GET', '/v1/whatsapp/logs?direction=inbound', { token: key });
    expect(inbound.body.data.map((e: { status: string }) => e.status)).toEqual(['received']);
    await t.advance(10);
    const read = await t.request('GET', '/v1/whatsapp/logs?status=read', { token: key });
    expect(read.body.meta.total).toBeGreaterThan(0);
    const today = (await t.dashboard('GET', '/sim/clock')).body.now.slice(0, 10);
    expect((await t.request(`GET`, `/v1/whatsapp/logs?from=${today}&to=${today}`, { token: key })).body.meta.total).toBeGreaterThan(0);
    expect((await t.request('GET', '/v1/whatsapp/logs?from=2020-01-01&to=2020-01-02', { token: key })).body.meta.total).toBe(0);
    expect((await t.request('GET', '/v1/whatsapp/logs?from=yesterday', { token: key })).status).toBe(400);
    const impossible = await t.request('GET', '/v1/whatsapp/logs?from=2026-02-30', { token: key });
    expect([impossible.status, impossible.body.message]).toEqual([400, 'Invalid query: from: must be a real date']);
    const backwards = await t.request('GET', '/v1/whatsapp/logs?from=2026-03-02&to=2026-03-01', { token: key });
    expect([backwards.status, backwards.body.message]).toEqual([400, 'Invalid query: to: must not be before from']);
    for (const query of ['from=2026-11-23T00:00:00Z', 'to=Nov%2023%202026']) {
      const dateTime = await t.request('GET', `/v1/whatsapp/logs?${query}`, { token: key });
      expect([dateTime.status, dateTime.body.message]).toEqual([400, `Invalid query: ${query.split('=')[0]}: must be a date YYYY-MM-DD`]);
    }
  });
  it('returns the most recent messages of a conversation, oldest first, at most 50', async () => {
    const res = await t.request('GET', '/v1/whatsapp/conversations/by-phone?phone=14155550111&limit=500', { token: key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ conversationId: expect.stringMatching(/^conv_/), customerWaId: '14155550111' });
    expect(res.body.data.map((m: { direction: string }) => m.direction)).toEqual(['outbound', 'inbound']);
    expect(res.body.data[1]).toMatchObject({ status: 'received', mediaUrl: null, errorCode: null });
    expect((await t.request('GET', '/v1/whatsapp/conversations/by-phone?phone=19999999999', { token: key })).status).toBe(404);
    expect((await t.request('GET', '/v1/whatsapp/conversations/by-phone', { token: key })).status).toBe(400);
  });
});

describe('header media upload', () => {
  it('takes one file field, returns a URL that serves it, and refuses the rest', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'box.png');
    const res = await fetch(`${t.url}/v1/whatsapp/header-media/upload`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ mediaId: expect.stringMatching(/^media_/), url: `${t.url}/media/${body.mediaId}`, mimeType: 'image/png' });
    const served = await fetch(body.url);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // A link is fetched by platforms and browsers that may add parameters of their own: it still serves the file.
    expect((await fetch(`${body.url}?v=2&w=640`)).status).toBe(200);
    // The declared type must be the content's: text sent as image/png is refused.
    const disguised = new FormData();
    disguised.append('file', new Blob(['<html>hello</html>'], { type: 'image/png' }), 'a.png');
    const refused = await fetch(`${t.url}/v1/whatsapp/header-media/upload`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: disguised });
    expect([refused.status, (await refused.json()).message]).toEqual([400, "The file's content is not image/png (its first bytes say otherwise): upload it with its real type"]);
    const wrongType = new FormData();
    wrongType.append('file', new Blob(['hello'], { type: 'text/plain' }), 'a.txt');
    expect((await fetch(`${t.url}/v1/whatsapp/header-media/upload`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: wrongType })).status).toBe(400);
    const wrongField = new FormData();
    wrongField.append('image', new Blob([png], { type: 'image/png' }), 'box.png');
    expect((await fetch(`${t.url}/v1/whatsapp/header-media/upload`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: wrongField })).status).toBe(400);
    expect((await t.request('POST', '/v1/whatsapp/header-media/upload', { token: key, body: { file: 'x' } })).status).toBe(415);
    const multipartElsewhere = await fetch(`${t.url}/v1/whatsapp/send-template`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    expect(multipartElsewhere.status).toBe(415);
  });
  it('answers a malformed multipart body or a second file with a 400', async () => {
    const upload = (contentType: string, body: BodyInit) =>
      fetch(`${t.url}/v1/whatsapp/header-media/upload`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': contentType }, body });
    const cutShort = await upload('multipart/form-data; boundary=xyz', 'garbage');
    expect([cutShort.status, (await cutShort.json()).message]).toEqual([400, 'Invalid upload: Unexpected end of multipart data']);
    const noBoundary = await upload('multipart/form-data', 'garbage');
    expect([noBoundary.status, (await noBoundary.json()).code]).toEqual([400, 'VALIDATION_FAILED']);
    const two = new FormData();
    two.append('file', new Blob(['a'], { type: 'image/png' }), 'a.png');
    two.append('file', new Blob(['b'], { type: 'image/png' }), 'b.png');
    const twoFiles = await fetch(`${t.url}/v1/whatsapp/header-media/upload`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: two });
    expect([twoFiles.status, (await twoFiles.json()).message]).toEqual([400, 'Invalid upload: send exactly one file']);
  });
  it('names a text field beside the file, or a text value sent as the file, instead of dropping it', async () => {
    const post = (form: FormData) => fetch(`${t.url}/v1/whatsapp/header-media/upload`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    const png = new Blob([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')], { type: 'image/png' });
    for (const before of [true, false]) {
      const captioned = new FormData();
      if (before) captioned.append('caption', 'Our new box');
      captioned.append('file', png, 'box.png');
      if (!before) captioned.append('caption', 'Our new box');
      const res = await post(captioned);
      expect([res.status, await res.json()]).toEqual([400, expect.objectContaining({
        code: 'VALIDATION_FAILED', message: 'Unexpected field "caption": this route takes a single "file" field and nothing else',
      })]);
    }
    const text = new FormData();
    text.append('file', 'hello');
    const asText = await post(text);
    expect([asText.status, (await asText.json()).message]).toEqual([400, 'The "file" field must be a file, not text: send it as a file part, with its filename and type']);
  });
});
