// Matching a send to its events: the id each send route answers (`wamid`, `externalIds`, `messageId`) is the
// `message.externalId` of that message's status events (and webhooks); `message.id` is the stored record's own id
// (`msg_…`, the logs' `id`). docs/events.md says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
beforeAll(async () => {
  t = await createTestServer({ seed: 'demo' });
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
});
afterAll(async () => {
  await t.close();
});

const api = async (path: string, body?: unknown) => {
  const res = await t.request(body === undefined ? 'GET' : 'POST', `/v1${path}`, { token: key, body });
  expect(res.status, res.text).toBe(200);
  return res.body as Record<string, unknown>;
};
const DLT_TEXT = 'Hi Asha, your order #1002 has shipped. Track: shop.example.com/t/1002 - Example Store';

/** The events (its status changes; email's delivered, opened…) of the message whose externalId is `sentId`. */
async function eventsOf(sentId: string): Promise<Array<{ type: string; message: { id: string; externalId: string } }>> {
  await t.server.bus.flush();
  return t.server.bus.recent(t.organizationId, 1000)
    .map((e) => ({ type: e.type, ...(JSON.parse(e.data) as { message?: { id: string; externalId: string } }) }))
    .filter((e): e is { type: string; message: { id: string; externalId: string } } => e.message?.externalId === sentId);
}

describe('the id a send answers', () => {
  it('is message.externalId in every channel’s events, and message.id is the record’s msg_ id', async () => {
    const template = ((await api('/email/templates')).data as Array<{ id: string; name: string }>).find((x) => x.name === 'Welcome');
    const card = ((await api('/rcs/templates')).data as Array<{ id: string }>)[0];
    await t.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: '6234817790112233', text: 'Is my order on its way?' });
    const sent: Array<[string, string]> = [
      ['whatsapp', (await api('/whatsapp/send-template', {
        to: '14155550123', templateName: 'login_code', languageCode: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: '482913' }] }],
      })).wamid as string],
      ['sms', ((await api('/sms/send', { senderId: 'EXMPLE', to: ['919810012345'], message: DLT_TEXT })).externalIds as string[])[0] as string],
      ['email', (await api('/email/send', {
        templateId: template?.id, recipient: { to: 'sam@example.net', firstName: 'Sam' }, fromName: 'Example Store', fromEmail: 'hello@example.com',
      })).messageId as string],
      ['rcs', (await api('/rcs/send', { to: '+14155550123', templateId: card?.id, rcsVariables: { name: 'Asha', order: '#1002', eta: 'tomorrow' } })).messageId as string],
      ['instagram', (await api('/instagram/messages', { recipientIgsid: '6234817790112233', message: 'Hi Maya! Your order ships today.' })).messageId as string],
      ['whatsapp', (await api('/messages/send', {
        to: '+14155550123', channel: 'whatsapp', template: { name: 'login_code', languageCode: 'en', variables: { 1: '482913' } },
      })).messageId as string],
    ];
    await t.advance(10);
    for (const [channel, id] of sent) {
      const events = await eventsOf(id);
      expect(events.map((e) => e.type), `${channel} ${id}`).toContain(channel === 'email' ? 'email.message.delivered' : `${channel}.message.status`);
      expect(events.every((e) => /^msg_/.test(e.message.id)), `${channel} ${id}`).toBe(true);
    }
  });
  it('of a message its provider refused (no externalId: it never reached the network) is message.id, msg_…, in its failed event', async () => {
    const card = ((await api('/rcs/templates')).data as Array<{ id: string }>)[0];
    const refused: Array<[string, string]> = [
      ['whatsapp', (await api('/whatsapp/send-template', {
        to: '15005550001', templateName: 'login_code', languageCode: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: '1' }] }],
      })).wamid as string],
      ['rcs', (await api('/rcs/send', { to: '+15005550003', templateId: card?.id, rcsVariables: { name: 'Asha', order: '#1002', eta: 'tomorrow' } })).messageId as string],
    ];
    await t.server.bus.flush();
    const recent = t.server.bus.recent(t.organizationId, 1000).map((e) => ({ type: e.type, ...(JSON.parse(e.data) as { status?: string; message?: { id: string; externalId: string | null } }) }));
    for (const [channel, id] of refused) {
      expect(id, channel).toMatch(/^msg_/);
      expect(recent.filter((e) => e.message?.id === id).map((e) => [e.type, e.status, e.message?.externalId]), channel).toEqual([[`${channel}.message.status`, 'failed', null]]);
    }
    const sms = await api('/sms/send', { senderId: 'EXMPLE', to: ['+15005550001'], message: DLT_TEXT });
    expect(sms).toMatchObject({ status: 'failed', externalIds: [], results: [{ externalId: null, errorCode: 'SIM_UNREACHABLE' }] });
  });
});
