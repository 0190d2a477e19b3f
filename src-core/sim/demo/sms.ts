// Demo fixtures for SMS: an approved sender id and DLT templates (one still pending), and conversations.
import type { DemoStory } from './story.ts';
import type { MessagingService } from '../../domains/messaging/index.ts';
import type { SmsService } from '../../domains/sms/index.ts';

export async function seedSmsDemo(deps: { orgId: string; sms: SmsService; messaging: MessagingService }, story: DemoStory): Promise<void> {
  const { orgId, sms, messaging } = deps;
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
  await story.at(45);
  for (const [to, name, order] of [['+14155550101', 'Alice', '1001'], ['+919810000002', 'Rohan', '1003']] as const) {
    await sms.send(orgId, {
      senderId: 'EXMPLE', to: [to], route: 'transactional',
      message: `Hi ${name}, your order #${order} has shipped. Track: exmpl.in/t/${order} - Example Store`,
    }, { source: 'API', sourceName: 'Demo seed' });
  }
  await story.at(40);
  messaging.receive({ orgId, channel: 'sms', from: '+919810000002', text: 'When will it arrive?', name: 'Rohan Iyer' });
}
