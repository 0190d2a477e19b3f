// The simulated world, assembled: providers for every channel's port, receipts on the clock, and the
// /sim routes. A real provider would replace `providers` and nothing else.
import type { HandsetMessage, MessageStatus } from '../contract/messaging.ts';
import type { CampaignTracking } from '../domains/campaigns/index.ts';
import type { EmailService } from '../domains/email/index.ts';
import type { MessagingService, Providers } from '../domains/messaging/index.ts';
import type { CoreDeps } from '../kernel/domain.ts';
import { AppError } from '../kernel/errors.ts';
import type { JobHandler } from '../kernel/jobs.ts';
import type { AnyRoute } from '../kernel/route.ts';
import { CAMPAIGN_REPLY_TEXTS } from './fixtures.ts';
import {
  CAMPAIGN_ENGAGEMENT_JOB, createSimProviders, ENGAGEMENT_JOB, RECEIPT_JOB, type CampaignEngagementJob, type EngagementJob, type ReceiptJob,
} from './providers.ts';
import { simRoutes, type SimInstagram } from './sim.routes.ts';
import { createSimStore } from './sim.store.ts';
import { createSimShopify } from './shopify.ts';
import { createSimVoiceNetwork } from './voice-agents.ts';

/** The statuses of a message the platform records as having reached its customer. */
const REACHED: ReadonlySet<MessageStatus> = new Set<MessageStatus>(['sent', 'delivered', 'read']);

export function createSimWorld(deps: CoreDeps) {
  const store = createSimStore(deps.db.sql);
  const providers: Providers = createSimProviders({ db: deps.db, clock: deps.clock, jobs: deps.jobs, store });
  return {
    providers,
    /** The simulated Shopify: the shops behind the Shopify domain's port, and their admin (what /sim/shopify fills). */
    shopify: createSimShopify({ db: deps.db, clock: deps.clock }),
    /** What a simulated phone, mailbox or Instagram user of `orgId` received, oldest first (the demo seed's shopper reads a code). */
    received: (address: string, orgId: string): HandsetMessage[] => store.received(address, orgId, 1000),
    /** The phone network agent calls go out on, and the people who pick up (behind the voice agents domain's port). */
    voice: createSimVoiceNetwork(),
    /** The world's routes and jobs, once the messaging domain it reports receipts to exists. */
    attach(
      messaging: MessagingService, email: EmailService, campaigns: () => CampaignTracking, instagram: SimInstagram,
    ): { routes: AnyRoute[]; jobs: Record<string, JobHandler> } {
      const receipt = (job: ReceiptJob): void => deps.db.tx(() => {
        for (const item of job.items) messaging.applyStatus(item.channel, item.externalId, item.status);
      });
      const engagement = (job: EngagementJob, ctx: { orgId: string | null }): void => email.engagement(ctx.orgId as string, job.externalId, job.kind, job.url);
      /**
       * Whether the platform records the message as having reached its customer (sent, delivered or read). One it failed
       * and refunded (its dispatch gave up after the provider had it) or never heard back about is not engaged with:
       * analytics counting clicks on a message counted failed, with `sent` 0, would contradict themselves.
       */
      const reached = (orgId: string, messageId: string): boolean => {
        try {
          return REACHED.has(messaging.get(orgId, messageId).status);
        } catch (error) {
          if (error instanceof AppError) return false;
          throw error;
        }
      };
      // A simulated customer acts on a campaign message: a click or a conversion is reported as a provider would; a reply is a real inbound message.
      const campaignEngagement = (job: CampaignEngagementJob, ctx: { orgId: string | null }): void => deps.db.tx(() => {
        const orgId = ctx.orgId as string;
        for (const item of job.items) {
          if (!reached(orgId, item.messageId)) continue;
          if (item.kind === 'replied') messaging.receive({ orgId, channel: item.channel, from: item.address, text: item.text ?? CAMPAIGN_REPLY_TEXTS[0] });
          else campaigns().track(orgId, item.messageId, item.kind);
        }
      });
      return {
        routes: simRoutes({ messaging, store, instagram }),
        jobs: { [RECEIPT_JOB]: receipt as JobHandler, [ENGAGEMENT_JOB]: engagement as JobHandler, [CAMPAIGN_ENGAGEMENT_JOB]: campaignEngagement as JobHandler },
      };
    },
  };
}
