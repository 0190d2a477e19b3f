// The demo seed (`--seed demo`): fills the default organization with realistic fixtures, once.
import type { ContactsService } from '../domains/contacts/index.ts';
import type { MessagingService } from '../domains/messaging/index.ts';
import type { WalletService } from '../domains/wallet/index.ts';
import type { WhatsappService } from '../domains/whatsapp/index.ts';
import { DEFAULT_ORG_NAME, type Orgs } from '../kernel/orgs.ts';
import { seedWhatsappDemo } from './demo/whatsapp.ts';
import { seedInstagramDemo } from './demo/instagram.ts';
import { seedSmsDemo } from './demo/sms.ts';
import { seedRcsDemo } from './demo/rcs.ts';
import { seedEmailDemo } from './demo/email.ts';
import { seedOtpDemo } from './demo/otp.ts';
import { seedCampaignDemo } from './demo/campaigns.ts';
import { seedShopifyDemo } from './demo/shopify.ts';
import { seedCallsDemo } from './demo/calls.ts';
import { seedVoiceAgentsDemo } from './demo/voice-agents.ts';
import type { VoiceAgentsService } from '../domains/voice-agents/index.ts';
import { seedVoiceIdentitiesDemo } from './demo/voice-identities.ts';
import type { VoiceIdentitiesService } from '../domains/voice-identities/index.ts';
import { seedVoiceAppDemo } from './demo/voice-app.ts';
import type { VoiceAppService } from '../domains/voice-app/index.ts';
import type { ShopifyService } from '../domains/shopify/index.ts';
import type { SimShopifyAdmin } from './shopify.ts';
import { seedAutomationsDemo } from './demo/automations.ts';
import type { AutomationsService } from '../domains/automations/index.ts';
import type { CampaignsService } from '../domains/campaigns/index.ts';
import type { Clock } from '../kernel/clock.ts';
import type { OtpService } from '../domains/otp/index.ts';
import type { EmailService } from '../domains/email/index.ts';
import type { RcsService } from '../domains/rcs/index.ts';
import type { SmsService } from '../domains/sms/index.ts';
import type { InstagramService } from '../domains/instagram/index.ts';
import { createDemoStory, type DemoStory } from './demo/story.ts';
import { duringCrmOutage, seedWebhooksDemo } from './demo/webhooks.ts';
import type { WebhooksService } from '../domains/webhooks/index.ts';
import type { SavedRepliesService } from '../domains/saved-replies/index.ts';
import { seedSavedRepliesDemo } from './demo/saved-replies.ts';
import type { FormsService } from '../domains/forms/index.ts';
import { seedFormsDemo } from './demo/forms.ts';
import type { ApiKeys } from '../kernel/api-keys.ts';
import type { InnerAnswer, InnerRequest } from '../kernel/route.ts';
import type { HandsetMessage } from '../contract/messaging.ts';
import { crmSyncDemo, seedApiKeysDemo } from './demo/developer.ts';
import { MAGIC } from './fixtures.ts';

const FIRST = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Kabir', 'Isha', 'Arjun', 'Diya', 'Liam', 'Sofia', 'Noah', 'Emma', 'Mateo', 'Chloe', 'Ravi', 'Neha', 'Omar', 'Yuki'];
const LAST = ['Sharma', 'Patel', 'Iyer', 'Reddy', 'Gupta', 'Nair', 'Khan', 'Singh', 'Garcia', 'Müller', 'Okafor', 'Tanaka', 'Costa', 'Dubois'];
const SOURCES = ['whatsapp', 'sms', 'instagram', 'email', 'shopify'];
const TAGS = ['vip', 'lead', 'customer', 'newsletter', 'wholesale', 'returning'];
/**
 * The lifecycle stage (a default one, migration 52) of the i-th demo contact, by its tag: VIPs and returning buyers are
 * customers, a few customers have churned, leads half qualified, wholesale enquiries qualified, newsletter readers subscribers.
 */
const stageOf = (tag: string, i: number): string => ({
  vip: 'Customer', returning: 'Customer', customer: i % 12 === 8 ? 'Churned' : 'Customer', lead: i < 24 ? 'Lead' : 'Qualified',
  wholesale: 'Qualified', newsletter: 'Subscriber',
} as Record<string, string>)[tag] ?? 'Subscriber';
/**
 * Demo customers whose phones are INTERFACES' simulated handsets (by their index in the generated list), so the morning
 * has the failures a real one has: two VIPs the festive campaign cannot reach (Noah Garcia's phone is unreachable, Omar
 * Costa has no WhatsApp), so its results break its failures down by reason; the two customers the order agent could not
 * get on the phone (Sofia Nair's line is busy, Ravi Khan does not answer), named on the Calls page; and Mateo Sharma,
 * whose handset has no RCS, so his order card goes out as an SMS (demo/rcs.ts, demo/calls.ts).
 */
export const DEMO_SIMULATED_PHONES: Readonly<Record<number, string>> = {
  12: MAGIC.allChannelsFail, 18: MAGIC.whatsappFails, 11: MAGIC.voiceBusy, 16: MAGIC.voiceNoAnswer, 14: MAGIC.noRcs,
};
/** The demo business: its emails come from it (demo/email.ts), and its WhatsApp messages show it as the sender. */
export const DEMO_BUSINESS_NAME = 'Example Store';

export type DemoDeps = {
  orgId: string; orgs: Orgs; contacts: ContactsService; wallet: WalletService; messaging: MessagingService; whatsapp: WhatsappService;
  instagram: InstagramService; sms: SmsService; rcs: RcsService; email: EmailService; otp: OtpService; campaigns: CampaignsService; automations: AutomationsService; clock: Clock;
  shopify: ShopifyService; shopifyAdmin: SimShopifyAdmin; voiceAgents: VoiceAgentsService; voiceIdentities: VoiceIdentitiesService; voiceApp: VoiceAppService;
  webhooks: WebhooksService; savedReplies: SavedRepliesService; forms: FormsService;
  /** The demo's integrations make their calls through the server's HTTP pipeline (in-process), as any client's are. */
  apiKeys: ApiKeys; api: (request: InnerRequest) => Promise<InnerAnswer>;
  /** What a simulated phone of the organization received, oldest first (a shopper reading a sign-in code). */
  handset: (address: string) => HandsetMessage[];
};

/**
 * Seeds once per organization (a marker setting remembers it); answers whether it seeded now. With a
 * `story` on the clock, things happen minutes apart over the last two hours (see demo/story.ts).
 */
export async function seedDemo(deps: DemoDeps, story: DemoStory = createDemoStory(null)): Promise<boolean> {
  const marker = `demo_seeded:${deps.orgId}`;
  if (deps.orgs.getSetting(marker)) return false;
  const { contacts, orgId } = deps;
  // The demo business names the organization, unless someone already named it.
  if (deps.orgs.get(orgId).name === DEFAULT_ORG_NAME) deps.orgs.rename(orgId, DEMO_BUSINESS_NAME);
  deps.wallet.topUp(orgId, { amountPaise: 5_000_00, emailCredits: 1_000, description: 'Demo funds' });

  const alice = contacts.create(orgId, {
    name: 'Alice Johnson', username: 'alice.j', email: 'alice@example.com', phone: '+14155550101', source: 'shopify', tags: ['customer', 'vip'],
  });
  contacts.addNote(orgId, alice.id, 'Ordered #1001; prefers WhatsApp for delivery updates.');
  const stageIds = new Map(contacts.stages.list(orgId).map((stage) => [stage.name, stage.id]));
  const putInStage = (contactId: string, stage: string) => {
    const stageId = stageIds.get(stage);
    if (stageId) contacts.stages.setContactStage(orgId, contactId, stageId);
  };
  putInStage(alice.id, 'Customer');
  for (let i = 0; i < 48; i++) {
    const first = FIRST[i % FIRST.length] as string;
    // 3 is prime to the 14 surnames: every surname is used and no (first, last) pair repeats.
    const last = LAST[(i * 3) % LAST.length] as string;
    const handle = `${first}.${last}`.toLowerCase().normalize('NFD').replace(/[^a-z.]/g, '');
    // Every fifth contact is also a VIP, unless its own tag already is `vip`.
    const tag = TAGS[i % TAGS.length] as string;
    const contact = contacts.create(orgId, {
      name: `${first} ${last}`,
      username: i % 3 === 0 ? `${handle}${i}` : undefined,
      email: i % 2 === 0 ? `${handle}${i}@example.com` : undefined,
      phone: DEMO_SIMULATED_PHONES[i] ?? `+9198${String(10000000 + i * 7919).padStart(8, '0')}`,
      source: SOURCES[i % SOURCES.length],
      tags: i % 5 === 0 && tag !== 'vip' ? [tag, 'vip'] : [tag],
    });
    putInStage(contact.id, stageOf(tag, i));
  }
  const spammer = contacts.create(orgId, { name: 'Promo Blaster', phone: '+15550000199', source: 'sms', tags: ['spam'] });
  contacts.block(orgId, spammer.id, 'Sent repeated unsolicited promotions; blocked by support.');
  // The shop's orders are dated days back from now; it moves no clock.
  seedShopifyDemo(deps);
  const orderAgentId = seedVoiceAgentsDemo(deps);
  seedVoiceIdentitiesDemo(deps);
  seedVoiceAppDemo(deps);
  seedSavedRepliesDemo(deps);
  seedFormsDemo(deps);
  // In the story's order: each part moves the clock forward only. The integrations' keys are there from its start.
  const demoApi = seedApiKeysDemo(deps);
  await seedCampaignDemo(deps);
  const crmEndpointId = await seedWebhooksDemo(deps, story);
  await story.at(105);
  await crmSyncDemo(demoApi.crm);
  await seedEmailDemo(deps, story);
  await seedInstagramDemo(deps, story);
  await seedSmsDemo({ ...deps, demoApi }, story);
  await seedRcsDemo(deps, story);
  // The CRM is down while the morning's calls end: their deliveries fail, and get through on a later retry.
  await duringCrmOutage(deps, crmEndpointId, () => seedCallsDemo({ ...deps, orderAgentId }, story));
  await seedOtpDemo({ ...deps, demoApi }, story);
  await seedWhatsappDemo(deps, story);
  await story.finish();
  seedAutomationsDemo(deps);
  deps.orgs.setSetting(marker, new Date(alice.createdAt).toISOString());
  return true;
}
