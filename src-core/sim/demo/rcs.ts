// Demo fixtures for RCS: a bot, an approved rich-card template, and cards sent to customers: two as RCS, one (to a
// handset without RCS) as its SMS fallback.
import type { DemoStory } from './story.ts';
import type { RcsService } from '../../domains/rcs/index.ts';
import { MAGIC } from '../fixtures.ts';

export async function seedRcsDemo(deps: { orgId: string; rcs: RcsService }, story: DemoStory): Promise<void> {
  const { orgId, rcs } = deps;
  const bot = rcs.createBot(orgId, 'Example Store');
  const card = rcs.createTemplate(orgId, {
    botId: bot.id, name: 'Order update card', type: 'rich_card', title: 'Order {{order}} is on its way',
    text: 'Hi {{name}}, your parcel arrives {{eta}}.', imageUrl: 'https://cdn.example.com/parcel.png',
    suggestions: [{ type: 'url', text: 'Track', url: 'https://shop.example.com/track' }, { type: 'reply', text: 'Thanks!' }],
  });
  rcs.review(orgId, card.id);
  const origin = { source: 'API' as const, sourceName: 'Demo seed' };
  await story.at(35);
  await rcs.send(orgId, { to: '+919810007919', templateId: card.id, rcsVariables: { name: 'Priya', order: '#1002', eta: 'tomorrow' } }, origin);
  await story.at(33);
  await rcs.send(orgId, { to: '+919810015838', templateId: card.id, rcsVariables: { name: 'Rohan', order: '#1003', eta: 'on Friday' } }, origin);
  // Mateo Sharma's handset has no RCS (a simulated one, see DEMO_SIMULATED_PHONES): his card goes out as the SMS fallback.
  await rcs.send(orgId, {
    to: MAGIC.noRcs, templateId: card.id, rcsVariables: { name: 'Mateo', order: '#1006', eta: 'tomorrow' },
    smsFallback: { sender: 'EXMPLE', message: 'Hi Mateo, your order #1006 has shipped. Track: exmpl.in/t/1006 - Example Store', route: 'transactional' },
  }, origin);
}
