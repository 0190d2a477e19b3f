// A single send's charge line names its recipient, on every channel, as its refund does ("WhatsApp message to Omar
// Costa (+15005550002) not sent · no WhatsApp account"): its contact's name with the address, or the address alone for
// a contact without one, so a ledger read alone says who each message went to. A campaign's keep their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const api = (path: string, body: unknown) => t.request('POST', `/v1${path}`, { token: key, body });
type Line = { kind: string; channel: string | null; referenceType: string | null; referenceId: string | null; description: string };
/** The ledger lines written since `before` lines were there, oldest first. */
async function linesSince(before: number): Promise<Line[]> {
  const ledger = await t.dashboard('GET', '/dashboard/wallet/ledger?limit=200');
  return (ledger.body.data as Line[]).slice(0, ledger.body.meta.total - before).reverse();
}
const total = async (): Promise<number> => (await t.dashboard('GET', '/dashboard/wallet/ledger?limit=1')).body.meta.total as number;
const SMS_TEXT = 'Hi Asha, your order #1002 has shipped. Track: shop.example.com/t/1002 - Example Store';

beforeAll(async () => {
  t = await createTestServer({ seed: 'demo' });
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  // Instagram is free by default (no line): priced here so its charge shows.
  await t.dashboard('PUT', '/dashboard/wallet/prices', { prices: { instagram: 5 } });
});
afterAll(async () => {
  await t.close();
});

describe("a single send's charge line", () => {
  it('names the recipient (the contact by name, with the address) on WhatsApp, SMS, RCS, Instagram and email, as the refund of a failed one does', async () => {
    const before = await total();
    const wa = await api('/messages/send', { to: '+14155550101', channel: 'whatsapp', template: { name: 'festive_sale', languageCode: 'en', variables: { 1: 'Alice' } } });
    expect(wa.body.status).toBe('sent');
    expect((await api('/sms/send', { senderId: 'EXMPLE', to: ['919810012345'], message: SMS_TEXT })).body.status).toBe('sent');
    const card = (await t.request('GET', '/v1/rcs/templates', { token: key })).body.data[0].id as string;
    expect((await api('/rcs/send', { to: '+14155550102', templateId: card, rcsVariables: { name: 'Asha', order: '#1002', eta: 'tomorrow' } })).status).toBe(200);
    await t.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: '6234817790112233', text: 'Is my order on its way?' });
    expect((await api('/instagram/messages', { recipientIgsid: '6234817790112233', message: 'Hi Maya! Your order ships today.' })).body.status).toBe('sent');
    const welcome = (await t.request('GET', '/v1/email/templates', { token: key })).body.data.find((tpl: { name: string }) => tpl.name === 'Welcome').id as string;
    const email = await api('/email/send', { templateId: welcome, recipient: { to: 'sam@example.net', firstName: 'Sam' }, fromName: 'Example Store', fromEmail: 'hello@example.com' });
    expect(email.status).toBe(200);
    // WhatsApp fails for +15005550002 (the demo's Omar Costa): its charge and refund name him alike, then SMS goes and is charged to him.
    const fallback = await api('/messages/send', {
      to: '+15005550002', channel: 'whatsapp', fallbackChannels: ['sms'], template: { name: 'login_code', languageCode: 'en', variables: { 1: '482913' } },
      sms: { senderId: 'EXMPLE' }, message: SMS_TEXT,
    });
    expect(fallback.body.channelUsed).toBe('sms');

    const lines = await linesSince(before);
    expect(lines.map((l) => [l.kind, l.channel, l.referenceType, l.description])).toEqual([
      ['charge', 'whatsapp', 'message', 'WhatsApp message to Alice Johnson (+14155550101)'],
      // Numbers nobody's contact had: the send makes a contact without a name, and the line names the number.
      ['charge', 'sms', 'message', 'SMS message to +919810012345'],
      ['charge', 'rcs', 'message', 'RCS message to +14155550102'],
      ['charge', 'instagram', 'message', 'Instagram message to Maya Fernandes (6234817790112233)'],
      // A new address, named by the send (its recipient's first name): the contact it made.
      ['email_credit_spent', 'email', 'message', 'email send to Sam (sam@example.net)'],
      ['charge', 'whatsapp', 'message', 'WhatsApp message to Omar Costa (+15005550002)'],
      ['refund', 'whatsapp', 'message', 'WhatsApp message to Omar Costa (+15005550002) not sent · no WhatsApp account'],
      ['charge', 'sms', 'message', 'SMS message to Omar Costa (+15005550002)'],
    ]);
    expect(t.server.services.wallet.audit(t.organizationId).balanced).toBe(true);
  });

  it("leaves a campaign's launch charge in its own words: the count and the campaign, no recipient", async () => {
    const before = await total();
    const template = (await t.request('GET', '/v1/whatsapp/templates?status=APPROVED&limit=100', { token: key })).body.data
      .find((tpl: { name: string }) => tpl.name === 'festive_sale');
    const created = await api('/whatsapp/campaigns', { name: 'Weekend', templateId: template.id, phones: ['14155550101'], templateComponents: [{ type: 'body', parameters: [{ type: 'text', text: 'there' }] }] });
    expect(created.status).toBe(201);
    expect((await api(`/whatsapp/campaigns/${created.body.id}/launch`, {})).status).toBe(202);
    const lines = await linesSince(before);
    expect(lines.map((l) => [l.kind, l.referenceType, l.description])).toEqual([['charge', 'campaign', 'WhatsApp message · campaign "Weekend"']]);
  });
});
