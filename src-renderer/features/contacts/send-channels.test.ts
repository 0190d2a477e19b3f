// Send a message's channels and requests: a phone reaches WhatsApp, SMS and RCS, an email address email, Instagram only
// the IGSID of a conversation the user wrote in (else each says why); the channel first offered is the latest
// conversation's; and each composer's message becomes the body its channel's own send takes (checked with the core's schemas).
import { describe, expect, it } from 'vitest';
import {
  sendEmailBodySchema, sendInstagramMessageBodySchema, sendRcsBodySchema, sendSmsBodySchema, sendTemplateBodySchema, type WaTemplate,
} from '../../../src-core/contract/index.ts';
import { requestOf, type ContactSendTarget } from './contact-send.ts';
import { conversationAt, firstChannelOf, sendChannelsOf } from './send-channels.ts';

const ig = { channel: 'instagram' as const, address: '17841400000000001', lastMessageAt: '2026-11-01T10:00:00.000Z' };
const sms = { channel: 'sms' as const, address: '+14155550101', lastMessageAt: '2026-11-02T10:00:00.000Z' };

describe('sendChannelsOf', () => {
  it('offers the phone channels and email from the contact, Instagram from its conversation', () => {
    const channels = sendChannelsOf({ phone: '+14155550101', email: 'alice@example.com' }, [ig]);
    expect(channels.map((c) => [c.channel, c.address])).toEqual([
      ['whatsapp', '+14155550101'], ['sms', '+14155550101'], ['rcs', '+14155550101'], ['email', 'alice@example.com'], ['instagram', '17841400000000001'],
    ]);
    expect(channels.every((c) => c.why === null)).toBe(true);
  });

  it('says why a channel cannot be used: no phone, no email, no Instagram conversation', () => {
    const channels = sendChannelsOf({ phone: null, email: ' ' }, []);
    expect(channels.every((c) => c.address === null)).toBe(true);
    expect(channels.find((c) => c.channel === 'sms')?.why).toMatch(/no phone number/);
    expect(channels.find((c) => c.channel === 'email')?.why).toMatch(/no email address/);
    expect(channels.find((c) => c.channel === 'instagram')?.why).toMatch(/only someone who has written/);
  });

  it("first offers the latest conversation's channel that can be sent on, else the first that can", () => {
    const channels = sendChannelsOf({ phone: '+14155550101', email: null }, [ig, sms]);
    expect(firstChannelOf(channels, [ig, sms])).toBe('sms');
    expect(firstChannelOf(sendChannelsOf({ phone: null, email: 'a@example.com' }, []), [])).toBe('email');
  });

  it("finds the conversation a send goes to by channel and address, a phone's formatting aside", () => {
    expect(conversationAt([ig, sms], 'sms', '14155550101')).toBe(sms);
    expect(conversationAt([ig, sms], 'whatsapp', '+14155550101')).toBeNull();
  });
});

const template = { id: 'wat_1', name: 'order_update', language: 'en_US' } as WaTemplate;
const target = (channel: ContactSendTarget['channel'], address: string, over: Partial<ContactSendTarget> = {}): ContactSendTarget => ({
  contactId: 'cnt_1', channel, address, conversationId: null, draftId: 'd', waTemplates: [template], sms: null, ...over,
});

describe('requestOf', () => {
  it("sends a WhatsApp template by its name and language to the number's digits", () => {
    const components = [{ type: 'body' as const, parameters: [{ type: 'text', text: 'Alice' }] }];
    const request = requestOf(target('whatsapp', '+14155550101'), { template: { templateId: 'wat_1', components } });
    expect(request).toEqual({ path: '/dashboard/whatsapp/send-template', body: { to: '14155550101', templateName: 'order_update', languageCode: 'en_US', components } });
    expect(sendTemplateBodySchema.safeParse(request.body).success).toBe(true);
    expect(() => requestOf(target('whatsapp', '+14155550101', { waTemplates: [] }), { template: { templateId: 'wat_1', components } })).toThrow(/no longer approved/);
  });

  it('sends a WhatsApp text only as the reply in its conversation', () => {
    expect(requestOf(target('whatsapp', '+14155550101', { conversationId: 'conv_1' }), 'Hello')).toEqual({ path: '/dashboard/conversations/conv_1/reply', body: { text: 'Hello' } });
    expect(() => requestOf(target('whatsapp', '+14155550101'), 'Hello')).toThrow(/cannot be sent on whatsapp/);
  });

  it('sends an SMS from the chosen sender with the matched DLT template and its route', () => {
    const sent = requestOf(target('sms', '+14155550101', { sms: { senderId: 'SWBRDX', templateId: 'smt_1', route: 'transactional' } }), 'Your code is 1234');
    expect(sent).toEqual({ path: '/dashboard/sms/send', body: { senderId: 'SWBRDX', to: ['+14155550101'], message: 'Your code is 1234', templateId: 'smt_1', route: 'transactional' } });
    expect(sendSmsBodySchema.safeParse(sent.body).success).toBe(true);
    expect(() => requestOf(target('sms', '+14155550101'), 'Hi')).toThrow(/sender id/);
  });

  it('sends RCS, email and Instagram as their own routes take them', () => {
    const rcs = requestOf(target('rcs', '+14155550101'), { template: { templateId: 'rct_1', variables: { name: 'Alice' } } });
    expect(rcs.path).toBe('/dashboard/rcs/send');
    expect(sendRcsBodySchema.parse(rcs.body)).toMatchObject({ to: '+14155550101', templateId: 'rct_1', rcsVariables: { name: 'Alice' } });
    const email = requestOf(target('email', 'alice@example.com'), { email: { templateId: 'et_1', variables: { order: '1001' }, fromName: 'Acme', fromEmail: 'hello@example.com' } });
    expect(email.path).toBe('/dashboard/email/send');
    expect(sendEmailBodySchema.parse(email.body)).toMatchObject({ templateId: 'et_1', recipient: { to: 'alice@example.com' }, fromEmail: 'hello@example.com' });
    const dm = requestOf(target('instagram', '17841400000000001'), 'Thanks!');
    expect(dm.path).toBe('/dashboard/instagram/messages');
    expect(sendInstagramMessageBodySchema.parse(dm.body)).toEqual({ recipientIgsid: '17841400000000001', message: 'Thanks!' });
  });
});
