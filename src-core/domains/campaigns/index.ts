// The campaigns domain: one engine for WhatsApp, SMS and RCS bulk sends, with its routes and jobs.
import type { Message } from '../../contract/messaging.ts';
import { CAMPAIGNS_CHANGED } from '../../contract/stream.ts';
import { changeNotices } from '../../kernel/change-notices.ts';
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import type { BusEvent } from '../../kernel/bus.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { EmailService } from '../email/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { RcsService } from '../rcs/index.ts';
import type { SmsService } from '../sms/index.ts';
import type { WalletService } from '../wallet/index.ts';
import type { WhatsappService } from '../whatsapp/index.ts';
import { campaignChannels } from './campaign-channels.ts';
import { campaignRoutes } from './campaigns.routes.ts';
import { emailCampaignRoutes } from './email-campaigns.routes.ts';
import { createCampaignsService, DISPATCH_JOB, START_JOB, type CampaignsService } from './campaigns.service.ts';
import { createCampaignsStore } from './campaigns.store.ts';

const CHANNELS = ['whatsapp', 'sms', 'rcs', 'email'] as const;
type Payload = { campaignId: string };

export function campaignsDomain(deps: CoreDeps & {
  messaging: MessagingService; wallet: WalletService; contacts: ContactsService; whatsapp: WhatsappService; sms: SmsService; rcs: RcsService; email: EmailService;
}) {
  const service = createCampaignsService({
    store: createCampaignsStore(deps.db.sql), db: deps.db, clock: deps.clock, bus: deps.bus, jobs: deps.jobs, messaging: deps.messaging, wallet: deps.wallet,
    channels: campaignChannels(deps), changed: changeNotices(deps, CAMPAIGNS_CHANGED, 'campaignIds'),
  });
  const onStatus = (event: BusEvent) => service.onStatus(event.orgId, (event.data as { message: Message }).message);
  const onReceived = (event: BusEvent) => service.onReceived(event.orgId, (event.data as { message: Message }).message);
  return defineDomain({
    name: 'campaigns',
    routes: [
      ...campaignRoutes({ campaigns: service, whatsapp: deps.whatsapp, sms: deps.sms, rcs: deps.rcs, contacts: deps.contacts, wallet: deps.wallet, email: deps.email,
        messaging: deps.messaging, clock: deps.clock, db: deps.db }),
      ...emailCampaignRoutes({ campaigns: service, email: deps.email, clock: deps.clock, db: deps.db }),
    ],
    jobs: {
      [DISPATCH_JOB]: (payload: Payload, ctx: { orgId: string | null }) => service.dispatch(ctx.orgId as string, payload.campaignId),
      [START_JOB]: (payload: Payload, ctx: { orgId: string | null }) => service.startScheduled(ctx.orgId as string, payload.campaignId),
    },
    // A dispatch that failed its last attempt settles what it left at once (its queued messages, its unsent recipients);
    // a scheduled start that did fails and refunds every recipient, so the campaign is not left SCHEDULED and charged.
    exhaustedJobs: {
      [DISPATCH_JOB]: (payload: Payload, ctx: { orgId: string | null }, error: string) => service.abandon(ctx.orgId as string, payload.campaignId, error),
      [START_JOB]: (payload: Payload, ctx: { orgId: string | null }, error: string) => service.abandon(ctx.orgId as string, payload.campaignId, error, 'scheduled start'),
    },
    // In the transaction of the status change or inbound message, so the counters never lag or drift.
    within: {
      ...Object.fromEntries(CHANNELS.flatMap((c) => [[`${c}.message.status`, onStatus], [`${c}.message.received`, onReceived]])),
      // A tracked link click in a campaign email.
      'email.message.clicked': (event: BusEvent) => void service.track(event.orgId, (event.data as { message: Message }).message.id, 'clicked'),
      // A recipient marked a campaign email as spam.
      'email.message.complained': (event: BusEvent) => void service.track(event.orgId, (event.data as { message: Message }).message.id, 'complained'),
    },
    service,
  });
}
export type { CampaignsService };
/** What a provider (or the simulated world) reports about a campaign message: a tracked click or a conversion. */
export type CampaignTracking = Pick<CampaignsService, 'track'>;
