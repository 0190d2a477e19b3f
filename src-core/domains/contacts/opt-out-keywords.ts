// Opt-out and opt-in keywords: which inbound texts are one, on which channels, and the block reason an opt-out stores.
import { optOutReason as reasonOf } from '../../contract/contacts.ts';
import { CHANNEL_NAMES } from '../../contract/messaging.ts';
import type { AddressChannel } from './contacts.service.ts';

/**
 * The carriers' standard opt-out set, with REVOKE and OPTOUT as the large SMS platforms now take them too (the FCC's
 * 2025 revocation rule): a customer writing one of these alone wants no more messages. CANCEL and END alone count, as
 * on every carrier; a sentence ("cancel my order", "STOP please") never does.
 */
export const OPT_OUT_KEYWORDS: readonly string[] = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'];
/** The carriers' opt-in words. Not YES: it is an ordinary answer ("Deliver tomorrow?"), and would lift an opt-out by accident. */
export const OPT_IN_KEYWORDS: readonly string[] = ['START', 'UNSTOP'];

/**
 * The channels whose inbound text is read for keywords: the phone channels, where a keyword is the convention customers
 * know. Not Instagram (a DM "stop" is conversation; a user leaves by blocking the account) nor email (unsubscribing is a
 * link or List-Unsubscribe, and bounces and complaints have their suppression list).
 */
const KEYWORD_CHANNELS: ReadonlySet<AddressChannel> = new Set(['sms', 'whatsapp', 'rcs']);

export type Keyword = { kind: 'opt-out' | 'opt-in'; keyword: string };

/**
 * The keyword a message is, if its whole text, trimmed and in any case, is one (on a keyword channel): one word of ASCII
 * letters, nothing else. Unicode upper-casing alone would also take look-alikes ("ſtop" with a long s, "quıt" with a
 * dotless i) that no carrier reads as a keyword.
 */
export function keywordOf(channel: AddressChannel, text: string): Keyword | null {
  if (!KEYWORD_CHANNELS.has(channel)) return null;
  const word = text.trim();
  if (!/^[A-Za-z]+$/.test(word)) return null;
  const keyword = word.toUpperCase();
  if (OPT_OUT_KEYWORDS.includes(keyword)) return { kind: 'opt-out', keyword };
  if (OPT_IN_KEYWORDS.includes(keyword)) return { kind: 'opt-in', keyword };
  return null;
}

/** The block reason an opt-out stores: what the customer sent, where, and how they come back (its format: contract). */
export const optOutReason = (keyword: string, channel: AddressChannel): string => reasonOf(keyword, CHANNEL_NAMES[channel]);
