// Demo fixtures for Instagram: a connected professional account and a few direct-message conversations, the two
// answered early resolved (so the inbox's Resolved list has them), one answered and snoozed until the restock it waits
// for (so the Snoozed list has it), the later two waiting for an agent.
import type { DemoStory } from './story.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { InstagramService } from '../../domains/instagram/index.ts';
import type { MessagingService } from '../../domains/messaging/index.ts';

/** Customers who wrote in: IGSID (what messages arrive from), handle and name. */
const CUSTOMERS = [
  { igsid: '6234817790112233', username: 'maya.designs', name: 'Maya Fernandes' },
  { igsid: '7109923456781234', username: 'the_urban_runner', name: 'Jonas Weber' },
  { igsid: '5587120934412290', username: 'priya.bakes', name: 'Priya Menon' },
  { igsid: '6690012384756120', username: 'leo_travels', name: 'Leo Martins' },
  { igsid: '5912200487351167', username: 'sara.pottery', name: 'Sara Lindqvist' },
] as const;
/** How long the agent snoozes Sara's conversation: until the restock she asked about is due, two days on. */
export const DEMO_SNOOZE_MS = 2 * 86_400_000;

export async function seedInstagramDemo(deps: { orgId: string; instagram: InstagramService; messaging: MessagingService; clock: Clock }, story: DemoStory): Promise<void> {
  const { orgId, instagram, messaging, clock } = deps;
  instagram.connect(orgId, {
    instagramAccountId: '17841400123456789', pageId: '104522183364912', pageName: 'Example Store', username: 'examplestore',
    name: 'Example Store', biography: 'Everyday essentials, thoughtfully made. 🌿 Free shipping over ₹999. DM us for order help.',
    website: 'https://shop.example.com', profilePictureUrl: 'https://cdn.example.com/instagram/examplestore.jpg',
    followersCount: 12_480, followsCount: 312, mediaCount: 236,
  });
  for (const customer of CUSTOMERS) instagram.rememberSender(orgId, customer.igsid, { username: customer.username, name: customer.name });
  const [maya, jonas, priya, leo, sara] = CUSTOMERS;
  // Delivered as the platform delivers a direct message: the contact takes the handle and name it knows for the IGSID.
  const write = (customer: (typeof CUSTOMERS)[number], text: string) => instagram.receive(orgId, { from: customer.igsid, text });
  const origin = { source: 'MANUAL' as const, sourceName: 'Demo seed' };
  const answer = (customer: (typeof CUSTOMERS)[number], message: string) => instagram.sendMessage(orgId, { recipientIgsid: customer.igsid, message }, origin);
  // Done with: read and resolved by an agent in the console (the calls its read and resolve routes make).
  const resolve = (customer: (typeof CUSTOMERS)[number]) => {
    const conversation = messaging.conversation(orgId, 'instagram', customer.igsid);
    if (!conversation) return;
    messaging.markConversationRead(orgId, conversation.id);
    messaging.setConversationState(orgId, conversation.id, 'resolved', 'console');
  };

  await story.at(98);
  write(sara, 'Hi! Will the stoneware mugs be back in stock? I’d love a set of four in oat.');
  await story.at(96);
  await answer(sara, 'Hi Sara! They’re due back in two days. We’ll message you here as soon as they’re in 🙂');
  // Read, and snoozed as an agent snoozes it in the console (the call its snooze route makes): out of Open until the
  // restock is due, on the hour; back in Open by itself then, or earlier if she writes.
  await story.at(95);
  const saraConversation = messaging.conversation(orgId, 'instagram', sara.igsid);
  if (saraConversation) {
    messaging.markConversationRead(orgId, saraConversation.id);
    const hour = 3_600_000;
    messaging.snoozeConversation(orgId, saraConversation.id, new Date(Math.ceil((clock.now() + DEMO_SNOOZE_MS) / hour) * hour).toISOString());
  }
  await story.at(90);
  write(maya, 'Hi! Is the linen tote from your last post still available in sand?');
  await story.at(88);
  await answer(maya, 'Hi Maya! Yes, the sand tote is in stock. Here is the link: https://shop.example.com/products/linen-tote');
  await story.at(85);
  write(maya, 'Perfect, just ordered it 🙌');
  await story.at(84);
  resolve(maya);
  await story.at(75);
  write(jonas, 'Do you ship to Berlin? And how long does it take?');
  await story.at(73);
  await answer(jonas, 'We do! EU orders arrive in 5 to 7 business days, with tracking.');
  await story.at(72);
  resolve(jonas);
  await story.at(60);
  write(priya, 'Loved the giveaway reel! When do you announce the winner?');
  await story.at(52);
  write(leo, 'My order #1002 says delivered but I can’t find it anywhere.');
  await story.at(51);
  write(leo, 'Can someone help please?');
}
