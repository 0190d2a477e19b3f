// Demo fixtures for RCS: a bot, an approved rich-card template, and two cards sent to customers.
import type { DemoStory } from './story.ts';
import type { RcsService } from '../../domains/rcs/index.ts';

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
}
