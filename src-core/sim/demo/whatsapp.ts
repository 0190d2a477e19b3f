// Demo fixtures for WhatsApp: templates in every status and category, and a few real conversations.
import type { DemoStory } from './story.ts';
import type { CreateWaTemplateInput } from '../../contract/whatsapp.ts';
import type { ContactsService } from '../../domains/contacts/index.ts';
import type { MessagingService } from '../../domains/messaging/index.ts';
import type { WhatsappService } from '../../domains/whatsapp/index.ts';

const TEMPLATES: CreateWaTemplateInput[] = [
  {
    name: 'order_update', category: 'UTILITY', language: 'en_US',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' },
      { type: 'BODY', text: 'Hi {{1}}, your order {{2}} has shipped and should arrive by {{3}}.' },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
      { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Track order', url: 'https://shop.example.com/track/{{1}}' }, { type: 'QUICK_REPLY', text: 'Thanks!' }] },
    ],
  },
  {
    name: 'welcome_offer', category: 'MARKETING', language: 'en',
    components: [
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BODY', text: 'Welcome to Example Store, {{1}}! Use code WELCOME10 for 10% off your first order.' },
      { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Shop now', url: 'https://shop.example.com' }] },
    ],
  },
  { name: 'login_code', category: 'AUTHENTICATION', language: 'en', components: [{ type: 'BODY', text: '{{1}} is your verification code. It expires in 10 minutes.' }] },
  { name: 'reject_flash_sale', category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'FLASH SALE!!! Everything must go, {{1}}!' }] },
  { name: 'new_collection', category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'Hi {{1}}, our autumn collection is here.' }] },
];

/** Templates end APPROVED, REJECTED and (new_collection, reviewed a minute after the story ends) PENDING. */
export async function seedWhatsappDemo(
  deps: { orgId: string; whatsapp: WhatsappService; messaging: MessagingService; contacts: ContactsService }, story: DemoStory,
): Promise<void> {
  const { orgId, whatsapp, messaging } = deps;
  for (const template of TEMPLATES) {
    // new_collection is still under review when the story ends (the review comes a minute later).
    if (template.name === 'new_collection') story.last(() => whatsapp.createTemplate(orgId, template));
    else whatsapp.review(orgId, whatsapp.createTemplate(orgId, template).id);
  }
  await story.at(25);
  const origin = { source: 'CAMPAIGN' as const, sourceName: 'Demo seed' };
  const body = (...values: string[]) => [{ type: 'body' as const, parameters: values.map((text) => ({ type: 'text', text })) }];
  // Oliver, a new customer who gave his name and number when he signed up, gets the welcome offer (an image header); he
  // orders, and writes in at the end. Known by name from the start, as the ledger's charges for him say.
  deps.contacts.create(orgId, { name: 'Oliver Brown', phone: '+447700900123', source: 'whatsapp' });
  await whatsapp.sendTemplate(orgId, {
    to: '447700900123', templateName: 'welcome_offer', languageCode: 'en',
    components: [{ type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/welcome.png' } }] }, ...body('Oliver')],
  }, origin);
  await whatsapp.sendTemplate(orgId, {
    to: '14155550101', templateName: 'order_update', languageCode: 'en_US',
    components: [
      { type: 'header', parameters: [{ type: 'text', text: '#1001' }] }, ...body('Alice', '#1001', 'Friday'),
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '1001' }] },
    ],
  }, origin);
  await story.at(12);
  messaging.receive({ orgId, channel: 'whatsapp', from: '+14155550101', text: 'Great, thank you! Can I change the delivery address?' });
  await story.at(6);
  messaging.receive({ orgId, channel: 'whatsapp', from: '+919810000001', text: 'Hi, do you ship to Bengaluru?', name: 'Kiran Mehta' });
  await story.at(3);
  // Oliver's order ships, then he writes that it arrived damaged: the newest conversation waits for an agent's reply
  // (its window open), not a promotion answering a complaint.
  await whatsapp.sendTemplate(orgId, {
    to: '447700900123', templateName: 'order_update', languageCode: 'en_US',
    components: [
      { type: 'header', parameters: [{ type: 'text', text: '#1003' }] }, ...body('Oliver', '#1003', 'this afternoon'),
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '1003' }] },
    ],
  }, origin);
  await story.at(2);
  messaging.receive({ orgId, channel: 'whatsapp', from: '+447700900123', text: 'My parcel arrived damaged 😞', name: 'Oliver Brown' });
}
