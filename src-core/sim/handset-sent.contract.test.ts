// A handset's own side (GET /sim/handsets/{address}/sent): what its customer wrote in, oldest first, beside the
// pinned GET /sim/handsets/{address}/messages, which still answers only what the handset received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
  t.server.services.wallet.topUp(t.organizationId, { amountPaise: 10_000, emailCredits: 5 });
});
afterAll(async () => {
  await t.close();
});

const CUSTOMER = '+14155550177';
const writeIn = async (channel: 'whatsapp' | 'sms', from: string, text: string) => {
  expect((await t.dashboard('POST', '/sim/inbound', { channel, from, text })).status).toBe(201);
};

describe("a handset's own side", () => {
  it('lists what the customer wrote in on every channel, oldest first, and nobody else\'s; what it received is unchanged', async () => {
    await writeIn('whatsapp', CUSTOMER, 'Where is my order?');
    await t.advance(5);
    const reply = await t.server.services.messaging.send({ orgId: t.organizationId, channel: 'whatsapp', to: CUSTOMER, sender: 'Acme', type: 'text', text: 'It ships today.', source: 'API' });
    await t.advance(5);
    // Typed as a person types it: the same phone.
    await writeIn('sms', '+1 (415) 555-0177', 'Thanks!');
    await writeIn('whatsapp', '+14155550188', 'Someone else');

    const sent = await t.dashboard('GET', `/sim/handsets/${encodeURIComponent(CUSTOMER)}/sent`);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual([
      { messageId: expect.stringMatching(/^msg_/), channel: 'whatsapp', text: 'Where is my order?', at: '2026-01-15T09:00:00.000Z' },
      { messageId: expect.stringMatching(/^msg_/), channel: 'sms', text: 'Thanks!', at: '2026-01-15T09:00:10.000Z' },
    ]);
    // The bare digits name the same phone; `limit` keeps the oldest.
    const digits = await t.dashboard('GET', '/sim/handsets/14155550177/sent?limit=1');
    expect(digits.body.data.map((m: { text: string }) => m.text)).toEqual(['Where is my order?']);

    // The pinned route keeps its meaning: only what the phone received.
    expect(await t.handset(encodeURIComponent(CUSTOMER))).toEqual([
      expect.objectContaining({ channel: 'whatsapp', from: 'Acme', text: 'It ships today.', messageId: reply.id, at: '2026-01-15T09:00:05.000Z' }),
    ]);
  });

  it("reads only the organization's own messages, and answers an empty list for a handset that wrote nothing", async () => {
    const other = await t.dashboard('POST', '/dashboard/organizations', { name: 'Other' });
    expect((await t.dashboard('GET', `/sim/handsets/${encodeURIComponent(CUSTOMER)}/sent?organizationId=${other.body.id}`)).body.data).toEqual([]);
    expect((await t.dashboard('GET', '/sim/handsets/nobody@example.com/sent')).body).toEqual({ data: [] });
    expect((await t.dashboard('GET', '/sim/handsets/%2B14155550177/sent?limit=0')).status).toBe(400);
  });
});
