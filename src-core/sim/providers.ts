// The simulated providers: every channel's port, delivering to simulated handsets and answering with
// receipts on the virtual clock.
import type { Channel } from '../contract/messaging.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Db } from '../kernel/db.ts';
import { newId } from '../kernel/ids.ts';
import type { JobRunner } from '../kernel/jobs.ts';
import type { ChannelProvider, Providers, ProviderSend } from '../domains/messaging/index.ts';
import { campaignFate, canonicalAddress, emailFate, failureFor, RECEIPTS, supportsRcs, type CampaignEngagement, type Engagement, type Receipt } from './fixtures.ts';
import type { SimStore } from './sim.store.ts';

export const RECEIPT_JOB = 'sim.receipt';
export type ReceiptJob = { channel: Channel; externalId: string; status: 'delivered' | 'read' | 'failed'; address: string };
export const CAMPAIGN_ENGAGEMENT_JOB = 'sim.campaign.engagement';
export type CampaignEngagementJob = { channel: Channel; messageId: string; address: string; kind: CampaignEngagement['kind'] };
export const ENGAGEMENT_JOB = 'sim.email.engagement';
export type EngagementJob = { externalId: string; kind: Engagement['kind']; url?: string };

const EXTERNAL_PREFIX: Record<Channel, string> = { whatsapp: 'wamid', sms: 'sms', rcs: 'rcs', email: 'eml', instagram: 'igm' };

export function createSimProviders(deps: { db: Db; clock: Clock; jobs: JobRunner; store: SimStore }): Providers {
  const channel = (name: Channel): ChannelProvider => ({
    async send(message: ProviderSend) {
      const failure = failureFor(name, message.to);
      if (failure) return { ok: false, ...failure };
      // The message id is the provider's idempotency key: a repeat (a send resumed after a crash) is not delivered twice.
      const known = deps.store.externalIdOf(message.messageId);
      if (known) return { ok: true, externalId: known };
      const externalId = newId(EXTERNAL_PREFIX[name]);
      const address = canonicalAddress(name, message.to);
      deps.db.tx(() => {
        deps.store.insert({
          id: newId('hsm'), org_id: message.orgId, address, channel: name, sender: message.from ?? 'Switchboard', text: message.text,
          message_id: message.messageId, external_id: externalId, payload: JSON.stringify(message.payload), at: deps.clock.nowIso(),
        });
        const fate = name === 'email' ? emailFate(address, (message.payload.links as string[] | undefined) ?? []) : { receipts: [...RECEIPTS] as Receipt[], engagements: [] };
        for (const receipt of fate.receipts) {
          const job: ReceiptJob = { channel: name, externalId, status: receipt.status, address };
          deps.jobs.schedule({ type: RECEIPT_JOB, orgId: message.orgId, payload: job, delayMs: receipt.afterMs });
        }
        for (const engagement of message.payload.campaignId ? campaignFate(address) : []) {
          const job: CampaignEngagementJob = { channel: name, messageId: message.messageId, address: message.to, kind: engagement.kind };
          deps.jobs.schedule({ type: CAMPAIGN_ENGAGEMENT_JOB, orgId: message.orgId, payload: job, delayMs: engagement.afterMs });
        }
        for (const engagement of fate.engagements) {
          const job: EngagementJob = { externalId, kind: engagement.kind, ...(engagement.url ? { url: engagement.url } : {}) };
          deps.jobs.schedule({ type: ENGAGEMENT_JOB, orgId: message.orgId, payload: job, delayMs: engagement.afterMs });
        }
      });
      return { ok: true, externalId };
    },
  });
  return {
    whatsapp: channel('whatsapp'), sms: channel('sms'), rcs: channel('rcs'), email: channel('email'), instagram: channel('instagram'),
    supportsRcs,
  };
}
