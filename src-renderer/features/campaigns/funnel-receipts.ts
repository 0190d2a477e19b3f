// Which funnel rows are still waiting: a row the provider moves with a receipt (Delivered, and Read where a read is one)
// whose sent messages have not all had it yet, and the engagement rows while none has come and the simulated customers'
// time to act (after the campaign's last message) has not passed; and what a cancelled campaign's unsent recipients say.
import { SIM_ENGAGEMENT_AFTER_MS } from '../../../src-core/contract/index.ts';
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

/** When a campaign's last message went out: null while it is still sending (running). */
export type SendingState = { status: string; completedAt: string | null; cancelledAt: string | null };
export const lastSentAt = (c: SendingState): string | null => (c.status === 'RUNNING' ? null : c.completedAt ?? c.cancelledAt);

/**
 * The one rule for an engagement row (Clicked, Replied, Converted) with none yet, and the click rate: is it still to
 * come? The simulated world's customers act a fixed time after each message is sent (`SIM_ENGAGEMENT_AFTER_MS`: click
 * 30 s, reply 60 s, convert 5 min; an email's click 20 s), so while a campaign is still sending, or until that time after
 * its last message, a 0 is "none yet" and `expectedBy` says until when (null while still sending). After it, 0% is a
 * real 0%. Never pending: a row with some, one nothing was sent for (the "not sent yet" and "none sent" states say
 * that), an email's replies (no one answers an email), and the rows engagement does not move.
 */
export function engagementDue(
  channel: CampaignTab, key: string, counts: EngagementCounts, sending: { lastSentAt: string | null; now: string | undefined },
): { pending: boolean; expectedBy: string | null } {
  const none = { pending: false, expectedBy: null };
  const after = (channel === 'email' ? SIM_ENGAGEMENT_AFTER_MS.email : SIM_ENGAGEMENT_AFTER_MS.message) as Partial<Record<string, number>>;
  const delay = ENGAGEMENT.has(key) ? after[key] : undefined;
  if (delay === undefined || counts.sent === 0) return none;
  if (((counts as Record<string, number | undefined>)[key] ?? 0) > 0) return none;
  if (sending.lastSentAt === null) return { pending: true, expectedBy: null };
  const expectedBy = new Date(Date.parse(sending.lastSentAt) + delay).toISOString();
  return sending.now === undefined || Date.parse(sending.now) < Date.parse(expectedBy) ? { pending: true, expectedBy } : none;
}

/**
 * Why a campaign that sent nothing shows no figure: not yet (scheduled, a draft), or never (`cancelled`: the recipients a
 * cancel left unsent, null when it was not cancelled).
 */
export const unsentWords = (cancelled: number | null | undefined): string => (cancelled != null ? 'not sent: cancelled' : 'not sent yet');

/** The line under the funnel of a campaign cancelled partway: how many were never sent because of it; null when none. */
export function cancelledNote(cancelled: number | null | undefined): string | null {
  if (!cancelled) return null;
  return `${cancelled.toLocaleString()} of them ${cancelled === 1 ? 'was' : 'were'} not sent: the campaign was cancelled, so ${cancelled === 1 ? 'it' : 'they'} never will be.`;
}

/** What a pending engagement figure says: "none yet", and when it is expected by ("within 20 s") where that is known. */
export function noneYetText(due: { expectedBy: string | null }, now: string | undefined): string {
  if (!due.expectedBy || !now) return 'none yet';
  const seconds = Math.max(1, Math.ceil((Date.parse(due.expectedBy) - Date.parse(now)) / 1000));
  return `none yet, expected within ${seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`}`;
}
