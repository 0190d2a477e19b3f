// Demo fixtures for the inbox's saved replies: the answers Example Store's support team gives all day.
import type { SavedRepliesService } from '../../domains/saved-replies/index.ts';

export const DEMO_SAVED_REPLIES = [
  { name: 'Business hours', text: 'Hi {{first_name|there}}, our team is here Monday to Saturday, 9 am to 7 pm. Leave us a message any time and we will answer when we open.' },
  {
    name: 'Order status',
    text: 'Hi {{first_name|there}}, thanks for waiting! Could you share your order number? I will check where your parcel is right away. You can also track it at shop.example.com/track.',
  },
  {
    name: 'Returns policy',
    text: 'Hi {{first_name|there}}, you can return any unused item within 30 days of delivery for a full refund. Start a return at shop.example.com/returns and we will email you a free label.',
  },
  { name: 'Thanks and goodbye', text: 'Thank you for shopping with Example Store, {{first_name|friend}}! Anything else, just reply here.' },
] as const;

export function seedSavedRepliesDemo(deps: { orgId: string; savedReplies: SavedRepliesService }): void {
  for (const reply of DEMO_SAVED_REPLIES) deps.savedReplies.create(deps.orgId, reply);
}
