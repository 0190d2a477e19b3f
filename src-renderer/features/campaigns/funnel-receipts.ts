// Which funnel rows are still waiting: a row the provider moves with a receipt (Delivered, and Read where a read is one)
// whose sent messages have not all had it yet, and the engagement rows while none has come and reads are still due.
import type { CampaignTab } from './queries.ts';

type Counts = { sent: number; delivered: number; read: number };
type EngagementCounts = Counts & { clicked: number; replied?: number | undefined; converted?: number | undefined };

const ENGAGEMENT = new Set(['clicked', 'replied', 'converted']);

/**
 * How many sent messages have no receipt for the row `key` yet: Delivered, and Read where a read is a receipt (an
 * email's open is not, and one marked as spam is never opened). Counted from the recipients' states as the core
 * keeps them (sent but not delivered; sent but not read); 0 for the other rows, which no receipt moves.
 */
export function awaitingReceipts(channel: CampaignTab, key: string, counts: Counts): number {
  if (key === 'delivered') return Math.max(0, counts.sent - counts.delivered);
  if (key === 'read' && channel !== 'email') return Math.max(0, counts.sent - counts.read);
  return 0;
}

/**
 * How many sent messages an engagement row (Clicked, Replied, Converted) is still pending on: while no engagement of
 * any kind has come yet, the sent messages not yet read (a customer acts on a message after reading it), so a 0 then is
 * not a result yet. 0 once any engagement has come, once every read receipt is in, for an email (an open is not a
 * receipt, so unopened says nothing about later), and for the other rows.
 */
export function awaitingEngagement(channel: CampaignTab, key: string, counts: EngagementCounts): number {
  if (!ENGAGEMENT.has(key)) return 0;
  if (counts.clicked + (counts.replied ?? 0) + (counts.converted ?? 0) > 0) return 0;
  return awaitingReceipts(channel, 'read', counts);
}
