// The simulated providers: every channel's port, delivering to simulated handsets and answering with
// receipts on the virtual clock.
import type { Channel } from '../contract/messaging.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Db } from '../kernel/db.ts';
import { newId } from '../kernel/ids.ts';
import type { JobRunner } from '../kernel/jobs.ts';
import type { ChannelProvider, ProviderOutcome, Providers, ProviderSend } from '../domains/messaging/index.ts';
import { campaignFate, canonicalAddress, emailFate, failureFor, RECEIPTS, supportsRcs, type CampaignEngagement, type Engagement, type Receipt } from './fixtures.ts';
import type { SimStore } from './sim.store.ts';

export const RECEIPT_JOB = 'sim.receipt';
export type Receipt1 = { channel: Channel; externalId: string; status: 'delivered' | 'read' | 'failed'; address: string };
/** Receipts falling due together (a batch's) come as one job, as providers report statuses in batches. */
export type ReceiptJob = { items: Receipt1[] };
export const CAMPAIGN_ENGAGEMENT_JOB = 'sim.campaign.engagement';
/** `text`: what a reply says (absent on a job planned by an earlier build: it says the first of CAMPAIGN_REPLY_TEXTS). */
export type CampaignEngagement1 = { channel: Channel; messageId: string; address: string; kind: CampaignEngagement['kind']; text?: string };
export type CampaignEngagementJob = { items: CampaignEngagement1[] };
export const ENGAGEMENT_JOB = 'sim.email.engagement';
export type EngagementJob = { externalId: string; kind: Engagement['kind']; url?: string };

const EXTERNAL_PREFIX: Record<Channel, string> = { whatsapp: 'wamid', sms: 'sms', rcs: 'rcs', email: 'eml', instagram: 'igm' };

export function createSimProviders(deps: { db: Db; clock: Clock; jobs: JobRunner; store: SimStore }): Providers {
  /** Follow-ups of a delivery, grouped so that those due together (a batch's receipts) run as one job. */
  type Later = Map<string, { type: string; orgId: string; delayMs: number; items: unknown[] }>;
  const later = (groups: Later, type: string, orgId: string, delayMs: number, item: unknown): void => {
    const key = `${type}|${orgId}|${delayMs}`;
    const group = groups.get(key) ?? { type, orgId, delayMs, items: [] };
    group.items.push(item);
    groups.set(key, group);
  };
  const scheduleLater = (groups: Later): void => {
    for (const group of groups.values()) deps.jobs.schedule({ type: group.type, orgId: group.orgId, payload: { items: group.items }, delayMs: group.delayMs });
  };
  function deliverAll(name: Channel, messages: ProviderSend[]) {
    return deps.db.tx(() => {
      const groups: Later = new Map();
      const outcomes = messages.map((message) => deliver(name, message, groups));
      scheduleLater(groups);
      return outcomes;
    });
  }

  /** Delivers one message to its simulated handset (inside the caller's transaction) and plans what follows. */
  function deliver(name: Channel, message: ProviderSend, groups: Later) {
    const failure = failureFor(name, message.to);
    if (failure) return { ok: false as const, ...failure };
    // The message id is the provider's idempotency key: a repeat (a send resumed after a crash) is not delivered twice.
    const known = deps.store.externalIdOf(message.messageId);
    if (known) return { ok: true as const, externalId: known };
    const externalId = newId(EXTERNAL_PREFIX[name]);
    const address = canonicalAddress(name, message.to);
    deps.store.insert({
      id: newId('hsm'), org_id: message.orgId, address, channel: name, sender: message.from ?? message.businessName, text: message.text,
      message_id: message.messageId, external_id: externalId, payload: JSON.stringify(message.payload), at: deps.clock.nowIso(),
    });
    const fate = name === 'email' ? emailFate(address, (message.payload.links as string[] | undefined) ?? []) : { receipts: [...RECEIPTS] as Receipt[], engagements: [] };
    for (const receipt of fate.receipts) {
      const item: Receipt1 = { channel: name, externalId, status: receipt.status, address };
      later(groups, RECEIPT_JOB, message.orgId, receipt.afterMs, item);
    }
    // An email's clicks come from its links (emailFate), and no one writes back by email (the world has no inbound email);
    // its conversions, and the other channels' engagements, come from the campaign rule (an address's bucket drawn from
    // the whole address, a number's from its digits), replies drawn per campaign.
    // A campaign is drawn by its name (its id is new with every database); one handed over before names were, by its id.
    const { campaignId, campaignName } = message.payload;
    const campaign = typeof campaignName === 'string' ? campaignName : campaignId;
    const campaignEngagements = typeof campaign === 'string' && campaign && campaignId
      ? campaignFate(address, campaign).filter((e) => name !== 'email' || e.kind === 'converted') : [];
    for (const engagement of campaignEngagements) {
      const item: CampaignEngagement1 = {
        channel: name, messageId: message.messageId, address: message.to, kind: engagement.kind, ...(engagement.text ? { text: engagement.text } : {}),
      };
      later(groups, CAMPAIGN_ENGAGEMENT_JOB, message.orgId, engagement.afterMs, item);
    }
    for (const engagement of fate.engagements) {
      const job: EngagementJob = { externalId, kind: engagement.kind, ...(engagement.url ? { url: engagement.url } : {}) };
      deps.jobs.schedule({ type: ENGAGEMENT_JOB, orgId: message.orgId, payload: job, delayMs: engagement.afterMs });
    }
    return { ok: true as const, externalId };
  }
  const channel = (name: Channel): ChannelProvider => ({
    send: async (message: ProviderSend) => deliverAll(name, [message])[0] as ProviderOutcome,
    sendBatch: async (messages: ProviderSend[]) => deliverAll(name, messages),
    deliverInTransaction: (messages: ProviderSend[]) => deliverAll(name, messages),
  });
  return {
    whatsapp: channel('whatsapp'), sms: channel('sms'), rcs: channel('rcs'), email: channel('email'), instagram: channel('instagram'),
    supportsRcs,
  };
}
