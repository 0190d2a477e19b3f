// Demo fixtures for webhooks: the demo business's CRM listens on a simulated receiver (`*.sim.test`, answered in-process,
// see sim/webhook-receivers.ts), so the console's delivery inspector has a morning of real, signed deliveries to show,
// among them a few that failed while the CRM was down and got through on a later retry.
import type { WebhookEventType } from '../../contract/webhooks.ts';
import type { WebhooksService } from '../../domains/webhooks/index.ts';
import type { DemoStory } from './story.ts';

/** The demo's one webhook endpoint: a 200 from the simulated receiver for every delivery. */
export const DEMO_CRM_URL = 'https://demo-crm.sim.test/hooks/switchboard';
/**
 * Where the endpoint points while the CRM is down: the simulated receiver answers a path ending `/status/503` with 503.
 * It is the one way to make the same receiver fail for a while and then answer again; nothing else is faked.
 */
export const DEMO_CRM_OUTAGE_URL = `${DEMO_CRM_URL}/status/503`;
/**
 * What a CRM wants to hear: new and changed contacts, customers writing in, agent calls and shop orders. Not the
 * receipts (the campaign's would bury the rest), and no `voice.app.*` event: an endpoint on `voice.app.call.inbound`
 * changes how the business number routes a phone's call.
 */
export const DEMO_CRM_EVENTS: WebhookEventType[] = [
  'contact.created', 'contact.updated', 'whatsapp.message.received', 'sms.message.received', 'instagram.message.received',
  'voice.call.completed', 'shopify.order.created', 'shopify.order.fulfilled',
];

type Deps = { orgId: string; webhooks: WebhooksService };

/**
 * Connects the CRM ten minutes into the story, before the customers' conversations: it hears those as they happen,
 * not what came before it (the imported contacts, the campaign's first replies). Without a story to play, nothing was
 * dispatched yet, and it hears all of it.
 */
export async function seedWebhooksDemo({ orgId, webhooks }: Deps, story: DemoStory): Promise<string> {
  await story.at(110);
  const endpoint = await webhooks.create(orgId, { url: DEMO_CRM_URL, events: DEMO_CRM_EVENTS, description: 'Demo CRM (simulated receiver)' }, 'dashboard');
  return endpoint.id;
}

/**
 * The CRM is down (503) while `during` plays: the deliveries of that part of the story fail, are retried on the
 * real schedule, and succeed once it is back. On a story played on the clock only; without one no job runs during
 * the seed, and every delivery goes out after it, to the CRM already back.
 */
export async function duringCrmOutage({ orgId, webhooks }: Deps, endpointId: string, during: () => Promise<void>): Promise<void> {
  await webhooks.update(orgId, endpointId, { url: DEMO_CRM_OUTAGE_URL });
  await during();
  await webhooks.update(orgId, endpointId, { url: DEMO_CRM_URL });
}
