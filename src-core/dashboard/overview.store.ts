// The only SQL of the console's Overview: counts over several domains' tables, each through an index (the checks are in
// overview.contract.test.ts's query plans), messages only within the window through (org, channel, time).
import { CHANNELS } from '../contract/messaging.ts';
import type { Sql } from '../kernel/db.ts';

export type MessageCountsRow = { channel: string; sent: number; delivered: number; read: number; failed: number; received: number };
export type CampaignRow = {
  id: string; channel: string; name: string; status: string; total_recipients: number; sent_count: number; failed_count: number; scheduled_at: string | null;
};
export type CallCountsRow = { live: number; started: number; completed: number; failed: number };

const channelList = CHANNELS.map((channel) => `'${channel}'`).join(', ');
/** Live and ended-not-completed statuses of each kind of call (contract/voice-agents.ts, contract/voice-app.ts). */
const AGENT_LIVE = `'INITIATED', 'RINGING', 'ANSWERED'`;
const AGENT_FAILED = `'FAILED', 'NO_ANSWER', 'BUSY', 'CANCELLED'`;
const APP_LIVE = `'RINGING', 'ACCEPTED'`;
const APP_FAILED = `'CANCELLED', 'REJECTED', 'MISSED', 'FAILED'`;

/** The statements, by name, so a test can read each one's query plan. */
export function overviewStatements() {
  return {
    // `channel IN (…)` lets the (org, channel, created_at) index seek each channel's window.
    messages: `SELECT channel,
        SUM(direction = 'outbound') AS sent,
        SUM(direction = 'outbound' AND status IN ('delivered', 'read')) AS delivered,
        SUM(direction = 'outbound' AND status = 'read') AS read,
        SUM(direction = 'outbound' AND status = 'failed') AS failed,
        SUM(direction = 'inbound') AS received
      FROM messages WHERE org_id = @orgId AND channel IN (${channelList}) AND created_at >= @since GROUP BY channel`,
    campaigns: `SELECT id, channel, name, status, total_recipients, sent_count, failed_count, scheduled_at FROM campaigns
      WHERE org_id = @orgId AND status IN ('RUNNING', 'SCHEDULED') ORDER BY status = 'SCHEDULED', scheduled_at, created_at`,
    // Finished within the window, the latest first: through (org, …) then the few rows of the org's campaigns.
    completedCampaigns: `SELECT id, channel, name, status, total_recipients, sent_count, failed_count, scheduled_at FROM campaigns
      WHERE org_id = @orgId AND status = 'COMPLETED' AND completed_at >= @since ORDER BY completed_at DESC, created_at DESC`,
    // A call lasts minutes: one live now started within the window.
    agentCalls: `SELECT COALESCE(SUM(status IN (${AGENT_LIVE})), 0) AS live, COUNT(*) AS started, COALESCE(SUM(status = 'COMPLETED'), 0) AS completed,
        COALESCE(SUM(status IN (${AGENT_FAILED})), 0) AS failed
      FROM voice_calls WHERE org_id = @orgId AND started_at >= @since`,
    appCalls: `SELECT COALESCE(SUM(status IN (${APP_LIVE})), 0) AS live, COUNT(*) AS started, COALESCE(SUM(status = 'COMPLETED'), 0) AS completed,
        COALESCE(SUM(status IN (${APP_FAILED})), 0) AS failed
      FROM voice_app_calls WHERE org_id = @orgId AND started_at >= @since`,
    endpoints: `SELECT COALESCE(SUM(is_active = 1), 0) AS active, COALESCE(SUM(is_active = 0), 0) AS disabled FROM webhook_endpoints WHERE org_id = @orgId`,
    // Through each endpoint's waiting deliveries (migration 50's partial index), not all it kept.
    deliveries: `SELECT COALESCE(SUM(d.status = 'FAILED'), 0) AS retrying, COALESCE(SUM(d.status = 'HELD'), 0) AS held
      FROM webhook_endpoints e JOIN webhook_deliveries d ON d.endpoint_id = e.id WHERE e.org_id = @orgId AND d.status IN ('FAILED', 'HELD')`,
    // Newest first through (org, seq): the caller stops at the first line older than the window (lines are appended in time order).
    ledger: `SELECT kind, amount_paise, email_credits, created_at FROM ledger WHERE org_id = @orgId ORDER BY seq DESC`,
  };
}

export function createOverviewStore(sql: Sql) {
  const text = overviewStatements();
  const q = Object.fromEntries(Object.entries(text).map(([name, statement]) => [name, sql.prepare(statement)])) as Record<keyof typeof text, ReturnType<Sql['prepare']>>;
  return {
    messages: (orgId: string, since: string) => q.messages.all({ orgId, since }) as MessageCountsRow[],
    campaigns: (orgId: string) => q.campaigns.all({ orgId }) as CampaignRow[],
    completedCampaigns: (orgId: string, since: string) => q.completedCampaigns.all({ orgId, since }) as CampaignRow[],
    agentCalls: (orgId: string, since: string) => q.agentCalls.get({ orgId, since }) as CallCountsRow,
    appCalls: (orgId: string, since: string) => q.appCalls.get({ orgId, since }) as CallCountsRow,
    endpoints: (orgId: string) => q.endpoints.get({ orgId }) as { active: number; disabled: number },
    deliveries: (orgId: string) => q.deliveries.get({ orgId }) as { retrying: number; held: number },
    /** Charges less refunds since `since`: paise (positive: spent) and email credits. */
    spentSince(orgId: string, since: string): { paise: number; credits: number } {
      let paise = 0;
      let credits = 0;
      for (const line of q.ledger.iterate({ orgId }) as Iterable<{ kind: string; amount_paise: number; email_credits: number; created_at: string }>) {
        if (line.created_at < since) break;
        if (line.kind === 'charge' || line.kind === 'refund') paise -= line.amount_paise;
        if (line.kind === 'email_credit_spent' || line.kind === 'email_credit_refunded') credits -= line.email_credits;
      }
      return { paise, credits };
    },
  };
}
