// Demo fixtures for automations, made after the story (they act only on what comes later): a WhatsApp customer
// writing "offer" gets the welcome offer, an Instagram question about prices is answered, and a paused one tags
// contacts added in the dashboard.
import type { AutomationsService } from '../../domains/automations/index.ts';

export function seedAutomationsDemo(deps: { orgId: string; automations: AutomationsService }): void {
  const { orgId, automations } = deps;
  const offer = automations.create(orgId, {
    name: 'Welcome offer on request', description: 'A customer who writes "offer" on WhatsApp gets the welcome offer a minute later',
    trigger: { type: 'message.received', config: { channel: 'whatsapp', keyword: 'offer' } },
    steps: [
      { id: 'tag', type: 'contact.add_tag', config: { tag: 'asked-offer' } },
      { id: 'pause', type: 'wait', config: { minutes: 1 } },
      {
        id: 'send', type: 'whatsapp.send_template', config: {
          templateName: 'welcome_offer', languageCode: 'en',
          components: [
            { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/welcome.png' } }] },
            // Everyone gets this one value (a step reads no contact field): "Welcome to Example Store, friend!".
            { type: 'body', parameters: [{ type: 'text', text: 'friend' }] },
          ],
        },
      },
    ],
  });
  const prices = automations.create(orgId, {
    name: 'Price questions on Instagram',
    trigger: { type: 'message.received', config: { channel: 'instagram', contains: 'price' } },
    steps: [
      { id: 'reply', type: 'instagram.reply', config: { message: 'Thanks for asking! Prices are on shop.example.com; someone from the team will follow up within the hour.' } },
      { id: 'tag', type: 'contact.add_tag', config: { tag: 'asked-price' } },
    ],
  });
  for (const { id } of [offer, prices]) automations.activate(orgId, id);
  automations.create(orgId, {
    name: 'Tag contacts added by hand', trigger: { type: 'contact.created', config: { source: 'manual' } },
    steps: [{ id: 'tag', type: 'contact.add_tag', config: { tag: 'lead' } }],
  });
}
