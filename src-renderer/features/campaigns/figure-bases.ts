// The base of every percentage on a campaign's results, decided once for the funnel and the rates: a funnel row and a
// ring that name the same thing (Delivered and the delivery rate, Read or Opened and the read rate, Clicked and the
// click rate) have the same base and the same rounding, so they read the same number, and each says its base in words.
import { percentOf } from '../../../src-core/contract/index.ts';

type Counts = { sent: number; delivered: number; failed: number };
export type BaseNoun = 'recipients' | 'attempted' | 'sent' | 'delivered';
export type Base = { whole: number; noun: BaseNoun };

/**
 * What a funnel row is a percentage of: Sent, Failed and Blocked of the recipients (together, what was processed);
 * Delivered of those attempted (sent + failed, blocked included), as the core's `deliveryRate`; Read (Opened), Clicked, Replied and Converted of those
 * sent, as `readRate` and `clickRate`; an email's Marked as spam of those delivered, as `complaintRate`.
 */
export function rowBase(key: string, counts: Counts, recipients: number): Base {
  if (key === 'delivered') return { whole: counts.sent + counts.failed, noun: 'attempted' };
  if (key === 'complained') return { whole: counts.delivered, noun: 'delivered' };
  if (key === 'sent' || key === 'failed' || key === 'blocked') return { whole: recipients, noun: 'recipients' };
  return { whole: counts.sent, noun: 'sent' };
}

/**
 * The delivery rate's base in words, the detail's ring and the list's tooltip alike: "attempted (sent + failed)", and
 * "+ blocked" when any recipient's contact was (shown apart from Failed, yet attempted, as the core's `deliveryRate` counts them).
 */
export const attemptedWords = (blocked: number | undefined): string => `attempted (sent + failed${blocked ? ' + blocked' : ''})`;

/** A percentage as shown: the core's two-decimal rate (`percentOf`, what the API answers) rounded to a whole number. */
export const shownPercent = (part: number, whole: number): number => Math.round(percentOf(part, whole));

/** The base in words: "of 2,000 recipients", "of 1 recipient", "of 1,960 sent", "of 1,980 attempted". */
export const baseWords = (base: Base): string =>
  `of ${base.whole.toLocaleString()} ${base.noun === 'recipients' && base.whole === 1 ? 'recipient' : base.noun}`;
