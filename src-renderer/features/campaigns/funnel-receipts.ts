// Which funnel rows are still waiting for their receipts: a row the provider moves with a receipt (Delivered, and Read
// where a read is one) whose sent messages have not all had it yet.
import type { CampaignTab } from './queries.ts';

type Counts = { sent: number; delivered: number; read: number };

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
