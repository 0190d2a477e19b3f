// Demo fixtures for SMS: an approved sender id and DLT templates (one still pending), and conversations, one of them
// a customer's who opted out with STOP. The shipping texts are the storefront's, sent with its API key.
import type { DemoStory } from './story.ts';
import { expectAnswer, type DemoApi } from './developer.ts';
import type { ContactsService } from '../../domains/contacts/index.ts';
import type { MessagingService } from '../../domains/messaging/index.ts';
import type { SmsService } from '../../domains/sms/index.ts';

/** The demo's customer who opted out by SMS keyword (blocked, her reason saying so). */
export const OPTED_OUT_PHONE = '+14155550163';

type Deps = { orgId: string; sms: SmsService; messaging: MessagingService; contacts: ContactsService; demoApi: DemoApi };

export async function seedSmsDemo(deps: Deps, story: DemoStory): Promise<void> {
  const { orgId, sms, messaging, contacts, demoApi } = deps;
  const shipping = async (to: string, name: string, order: string): Promise<void> => {
    const text = { senderId: 'EXMPLE', to: [to], route: 'transactional', message: `Hi ${name}, your order #${order} has shipped. Track: exmpl.in/t/${order} - Example Store` };
    expectAnswer(await demoApi.storefront('POST', '/v1/sms/send', text), 200, `the storefront texting ${name}`);
  };
  const sender = sms.createSender(orgId, { senderId: 'EXMPLE', entityId: '1201160000000000001' });
  sms.review(orgId, { kind: 'sender', id: sender.id });
  const shipped = sms.createTemplate(orgId, {
    name: 'Order shipped', dltTemplateId: '1207160000000000001', route: 'transactional',
    body: 'Hi {#var#}, your order {#var#} has shipped. Track: {#var#} - Example Store',
  });
  sms.review(orgId, { kind: 'template', id: shipped.id });
  // Still under review when the story ends (the review comes a minute later).
  story.last(() => sms.createTemplate(orgId, {
    name: 'Festive sale', dltTemplateId: '1207160000000000002', route: 'promotional', body: 'Festive sale! {#var#} off on everything at Example Store. T&C apply.',
  }));
  // Grace's order ships; she answers STOP, which opts her out the way any customer's does (messaging.receive → the
  // contacts' keyword rule blocks her, with the reason): the demo's opted-out contact, her thread ending with her STOP.
  await story.at(50);
  contacts.create(orgId, { name: 'Grace Lee', phone: OPTED_OUT_PHONE, source: 'sms' });
  // A deploy of the shop still on its old, revoked key is refused first (401); the one on the new key sends.
  const stale = { senderId: 'EXMPLE', to: [OPTED_OUT_PHONE], route: 'transactional', message: 'Hi Grace, your order #1004 has shipped. Track: exmpl.in/t/1004 - Example Store' };
  expectAnswer(await demoApi.oldStorefront('POST', '/v1/sms/send', stale), 401, 'the old storefront key');
  await shipping(OPTED_OUT_PHONE, 'Grace', '1004');
  await story.at(48);
  messaging.receive({ orgId, channel: 'sms', from: OPTED_OUT_PHONE, text: 'STOP' });
  await story.at(45);
  for (const [to, name, order] of [['+14155550101', 'Alice', '1001'], ['+919810000002', 'Rohan', '1003']] as const) await shipping(to, name, order);
  await story.at(40);
  messaging.receive({ orgId, channel: 'sms', from: '+919810000002', text: 'When will it arrive?', name: 'Rohan Iyer' });
}
