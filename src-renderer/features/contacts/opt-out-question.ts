// What Unblock asks first when the block is the customer's own opt-out (STOP), and for a person's block, nothing.
import { CHANNEL_NAMES, optOutOf, type ConsoleContact } from '../../../src-core/contract/index.ts';

/**
 * The question before an Unblock overrides an opt-out, or null for a person's block (lifted at once). Whether the block
 * is an opt-out is the stored `optedOutOn`, never the reason's text: a person may have typed an opt-out's very words.
 * The text is read for display only, for the keyword the customer sent.
 */
export function optOutQuestion(contact: Pick<ConsoleContact, 'optedOutOn' | 'blockedReason'>): string | null {
  if (!contact.optedOutOn) return null;
  const keyword = optOutOf(contact.blockedReason)?.keyword;
  const where = CHANNEL_NAMES[contact.optedOutOn];
  return `They opted out ${keyword ? `by sending ${keyword} ` : ''}on ${where}: unblocking overrides their choice.`;
}
