// `GET /dashboard/overview`: the organization at a glance (the console's Overview page), over the last 24 hours of the
// virtual clock where a figure is about time, as it is now otherwise.
import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { CAMPAIGN_CHANNELS, CAMPAIGN_STATUSES } from './campaigns.ts';
import { CHANNELS, unreadCountsSchema } from './messaging.ts';

const count = () => z.number().int().min(0);
/**
 * A channel's messages made in the window: `sent` every outbound one (queued ones too), `delivered` those the handset
 * got (read ones included), `read`, `failed`, and `received` the customers' (inbound). `deliveryRate`: delivered over
 * sent, 0 to 1; null when nothing was sent.
 */
export const overviewMessagesSchema = z.object({
  sent: count(), delivered: count(), read: count(), failed: count(), received: count(), deliveryRate: z.number().min(0).max(1).nullable(),
});
export type OverviewMessages = z.infer<typeof overviewMessagesSchema>;
const perChannel = <T extends z.ZodType>(schema: T) => z.object(Object.fromEntries(CHANNELS.map((channel) => [channel, schema])) as Record<(typeof CHANNELS)[number], T>);

/** A running or scheduled campaign: its progress is `sentCount + failedCount` of `totalRecipients`. */
export const overviewCampaignSchema = z.object({
  id: z.string(), channel: z.enum(CAMPAIGN_CHANNELS), name: z.string(), status: z.enum(CAMPAIGN_STATUSES), totalRecipients: count(), sentCount: count(),
  failedCount: count(), scheduledAt: timestampSchema.nullable(),
});
export type OverviewCampaign = z.infer<typeof overviewCampaignSchema>;

/** Calls of one kind: `live` now (ringing or talking), and of those started in the window, how many ended completed or not (failed, missed, busy, declined, cancelled). */
const overviewCallsSchema = z.object({ live: count(), started: count(), completed: count(), failed: count() });
export type OverviewCalls = z.infer<typeof overviewCallsSchema>;

export const overviewSchema = z.object({
  /** The virtual clock's now, and the start of the 24-hour window (`since`). */
  now: timestampSchema,
  since: timestampSchema,
  messages: z.object({ byChannel: perChannel(overviewMessagesSchema), total: overviewMessagesSchema }),
  /** `open`: conversations in the Open list per channel; `unread`: as `/dashboard/conversations/unread-counts`; `snoozed`: every channel's. */
  inbox: z.object({ open: perChannel(count()), openTotal: count(), unread: unreadCountsSchema, snoozed: count() }),
  /**
   * Running ones first, then scheduled ones by their send time; `nextScheduledAt` the soonest. `completed`: those that
   * finished sending within the window, the latest first (at most 5; `completedCount` says how many in all).
   */
  campaigns: z.object({
    running: z.array(overviewCampaignSchema), scheduled: z.array(overviewCampaignSchema), nextScheduledAt: timestampSchema.nullable(),
    completed: z.array(overviewCampaignSchema), completedCount: count(),
  }),
  calls: z.object({ agent: overviewCallsSchema, app: overviewCallsSchema }),
  /** `retrying`: deliveries that failed an attempt and wait for the next one; `held`: waiting on a disabled endpoint. */
  webhooks: z.object({ active: count(), disabled: count(), retrying: count(), held: count() }),
  /** `spentPaise` and `emailCreditsSpent`: charges less refunds in the window. */
  wallet: z.object({ balancePaise: z.number().int(), emailCredits: z.number().int(), spentPaise: z.number().int(), emailCreditsSpent: z.number().int() }),
});
export type Overview = z.infer<typeof overviewSchema>;
