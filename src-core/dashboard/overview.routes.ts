// The console's Overview (`GET /dashboard/overview`): today's state of the organization at a glance, every figure one the
// page it links to explains; time-bound figures over the last 24 hours of the virtual clock.
import { z } from 'zod';
import { organizationField } from '../contract/common.ts';
import { CHANNELS, type Channel, type ConversationState, type UnreadCounts } from '../contract/messaging.ts';
import { overviewSchema, type Overview, type OverviewCampaign, type OverviewMessages } from '../contract/overview.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Sql } from '../kernel/db.ts';
import { defineRoute } from '../kernel/route.ts';
import { createOverviewStore, type CampaignRow, type MessageCountsRow } from './overview.store.ts';

const WINDOW_MS = 24 * 3600 * 1000;
/** Campaigns finished in the window that the card lists by name. */
const COMPLETED_SHOWN = 5;

function messagesOf(row: Omit<MessageCountsRow, 'channel'> | undefined): OverviewMessages {
  const { sent = 0, delivered = 0, read = 0, failed = 0, received = 0 } = row ?? {};
  return { sent, delivered, read, failed, received, deliveryRate: sent ? delivered / sent : null };
}

const campaignOf = (row: CampaignRow): OverviewCampaign => ({
  id: row.id, channel: row.channel as OverviewCampaign['channel'], name: row.name, status: row.status as OverviewCampaign['status'],
  totalRecipients: row.total_recipients, sentCount: row.sent_count, failedCount: row.failed_count, scheduledAt: row.scheduled_at,
});

type Deps = {
  sql: Sql; clock: Clock;
  unreadCounts(orgId: string): UnreadCounts;
  /** Conversations in a state per channel, and their total (the inbox's own state rules). */
  stateCounts(orgId: string, state: ConversationState): UnreadCounts;
  wallet(orgId: string): { balancePaise: number; emailCredits: number };
};

export function createOverview(deps: Deps) {
  const store = createOverviewStore(deps.sql);
  return (orgId: string): Overview => {
    const nowMs = deps.clock.now();
    const since = new Date(nowMs - WINDOW_MS).toISOString();
    const rows = store.messages(orgId, since);
    const byChannel = Object.fromEntries(CHANNELS.map((channel) => [channel, messagesOf(rows.find((row) => row.channel === channel))])) as Record<Channel, OverviewMessages>;
    const sum = (key: keyof Omit<MessageCountsRow, 'channel'>) => rows.reduce((total, row) => total + row[key], 0);
    const { total: openTotal, ...open } = deps.stateCounts(orgId, 'open');
    const campaigns = store.campaigns(orgId).map(campaignOf);
    const scheduled = campaigns.filter((c) => c.status === 'SCHEDULED');
    const completed = store.completedCampaigns(orgId, since).map(campaignOf);
    const spent = store.spentSince(orgId, since);
    const { balancePaise, emailCredits } = deps.wallet(orgId);
    return {
      now: new Date(nowMs).toISOString(), since,
      messages: {
        byChannel,
        total: messagesOf({ sent: sum('sent'), delivered: sum('delivered'), read: sum('read'), failed: sum('failed'), received: sum('received') }),
      },
      inbox: { open, openTotal, unread: deps.unreadCounts(orgId), snoozed: deps.stateCounts(orgId, 'snoozed').total },
      campaigns: {
        running: campaigns.filter((c) => c.status === 'RUNNING'), scheduled,
        nextScheduledAt: scheduled.map((c) => c.scheduledAt).filter((at): at is string => at !== null).sort()[0] ?? null,
        completed: completed.slice(0, COMPLETED_SHOWN), completedCount: completed.length,
      },
      calls: { agent: store.agentCalls(orgId, since), app: store.appCalls(orgId, since) },
      webhooks: { ...store.endpoints(orgId), ...store.deliveries(orgId) },
      wallet: { balancePaise, emailCredits, spentPaise: spent.paise, emailCreditsSpent: spent.credits },
    };
  };
}

export function overviewRoutes(deps: Deps) {
  const overview = createOverview(deps);
  return [
    defineRoute({
      method: 'GET', path: '/dashboard/overview', scope: 'dashboard', query: z.object(organizationField), response: overviewSchema,
      handler: ({ orgId }) => overview(orgId),
    }),
  ];
}
