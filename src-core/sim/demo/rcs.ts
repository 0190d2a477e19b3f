// Demo fixtures for RCS: a bot and an approved rich-card template.
import type { RcsService } from '../../domains/rcs/index.ts';

export function seedRcsDemo(deps: { orgId: string; rcs: RcsService }): void {
  const { orgId, rcs } = deps;
  const bot = rcs.createBot(orgId, 'Example Store');
  const card = rcs.createTemplate(orgId, {
    botId: bot.id, name: 'Order update card', type: 'rich_card', title: 'Order {{order}} is on its way',
    text: 'Hi {{name}}, your parcel arrives {{eta}}.', imageUrl: 'https://cdn.example.com/parcel.png',
    suggestions: [{ type: 'url', text: 'Track', url: 'https://shop.example.com/track' }, { type: 'reply', text: 'Thanks!' }],
  });
  rcs.review(orgId, card.id);
}
