// A WhatsApp template message with a TEXT header, over real HTTP, as the inbox reads it: its conversation's row and a
// search's snippet quote the body alone (the header and footer never run into it), while the thread's message keeps
// the header, body and footer apart for the console to draw (e2e inbox-channels.spec.ts › a message in full). A send
// missing the header's parameter is refused naming the request's field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../contract/index.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const TO = '+14155550188';
const BODY = 'Hi Alice, your parcel is on its way.';

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  t.server.services.wallet.topUp(t.organizationId, { amountPaise: 10_000 });
  const template = {
    name: 'parcel_update', category: 'UTILITY', language: 'en',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' },
      { type: 'BODY', text: 'Hi {{1}}, your parcel is on its way.' },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
    ],
  };
  expect((await t.request('POST', '/v1/whatsapp/templates', { token: key, body: template })).status).toBe(201);
  await t.advance(60);
  const sent = await t.request('POST', '/v1/whatsapp/send-template', {
    token: key, body: {
      to: TO.slice(1), templateName: 'parcel_update', languageCode: 'en',
      components: [{ type: 'header', parameters: [{ type: 'text', text: '#1001' }] }, { type: 'body', parameters: [{ type: 'text', text: 'Alice' }] }],
    },
  });
  expect(sent.status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const conversations = async (query = ''): Promise<Conversation[]> => (await t.dashboard('GET', `/dashboard/conversations?channel=whatsapp${query}`)).body.data;

describe('a WhatsApp template message with a text header, in the inbox', () => {
  it('reads as its body alone in its conversation\'s row and a search\'s snippet; the thread keeps header, body and footer apart', async () => {
    const row = (await conversations()).find((c) => c.address === TO);
    expect(row?.lastMessage).toBe(BODY);
    const [found, ...others] = await conversations(`&search=${encodeURIComponent('parcel')}`);
    expect(others).toEqual([]);
    expect(found?.searchMatch).toMatchObject({ snippet: BODY, highlight: { start: BODY.indexOf('parcel'), length: 'parcel'.length } });
    const thread = (await t.dashboard('GET', `/dashboard/conversations/${row?.id}/messages`)).body.data as Message[];
    expect(thread.map((m) => [m.text, m.content.header, m.content.body, m.content.footer])).toEqual([
      [BODY, { format: 'TEXT', text: 'Order #1001' }, BODY, 'Reply STOP to opt out'],
    ]);
  });
});

describe('a send of that template without the header\'s parameter', () => {
  it('is refused with 400 naming the request\'s field, components', async () => {
    const res = await t.request('POST', '/v1/whatsapp/send-template', {
      token: key, body: { to: '14155550189', templateName: 'parcel_update', languageCode: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Alice' }] }] },
    });
    expect([res.status, res.body.message]).toEqual([400, 'components: header parameter 1 is missing: template parcel_update has 1 header placeholder, 0 given']);
  });
});
