// A failed send's refund line: given back to what prepaid the message (a campaign), naming it, the recipient and the
// failure in a few words ("no WhatsApp account", "contact blocked"), not the whole error text with the ids in it that
// the failed recipients' table and the logs keep; otherwise to the message itself, naming its channel and recipient
// (its contact's name too, as the message's charge does).
import { CHANNEL_NAMES } from '../../contract/messaging.ts';
import { refundLine, type Reference } from '../wallet/index.ts';
import type { MessageRow } from './messaging.store.ts';

/**
 * What prepaid a message, when its send did not charge it (a campaign, at its launch): a failure's refund goes back
 * to it (its reference) in the line's one wording (see `refundLine`), naming it as its charge does (`forWhat`).
 */
export type PaidBy = { reference: Reference; forWhat: string };
/** A send's failure: its code, its message, and the provider's few words for it if it has them. */
type Failure = { code: string; message: string; summary?: string | undefined };

/** The platform's own failure codes in words; a provider's failure names itself (`summary`). */
const SUMMARY: Record<string, string> = {
  CONTACT_BLOCKED: 'contact blocked',
  INTERRUPTED: 'interrupted by a restart',
  PROVIDER_ERROR: 'provider error',
  INSUFFICIENT_BALANCE: 'insufficient balance',
  INSUFFICIENT_CREDITS: 'insufficient email credits',
};
const MAX = 60;
/** An id of ours (`cnt_9HjTQ…`, `msg_…`) with the brackets around it: never in a summary. */
const OUR_ID = /\s*\(?\b[a-z]{2,5}_[A-Za-z0-9]{8,}\b\)?/g;

/** `summary` if given, the code's words if it is ours, else the message's first clause without ids, at most 60 characters. */
export function failureSummary(failure: Failure): string {
  if (failure.summary) return failure.summary;
  const known = SUMMARY[failure.code];
  if (known) return known;
  const clause = (failure.message.split(/: | \(|\. /)[0] ?? '').replace(OUR_ID, '').trim();
  const text = clause.length > MAX ? `${clause.slice(0, MAX - 1).trimEnd()}…` : clause;
  return text ? text.charAt(0).toLowerCase() + text.slice(1) : failure.code.toLowerCase().replace(/_/g, ' ');
}

/**
 * Whom a single send's ledger lines name: its contact by name with the address the message records
 * (`Alice Johnson (+14155550101)`, as a call's line names its callee), or the address alone when the contact has no name.
 */
export function recipientWords(contactName: string | null | undefined, address: string): string {
  const name = contactName?.trim();
  return name && name !== address ? `${name} (${address})` : address;
}

/**
 * The refund of a failed message: to what prepaid it (`paidBy`), in its wording, naming the address; else to the
 * message, in the same few words as its charge, naming its contact (`recipientWords`): `WhatsApp message to Omar Costa
 * (+15005550002) not sent · no WhatsApp account`.
 */
export function refundOf(row: Pick<MessageRow, 'id' | 'channel' | 'address'>, failure: Failure, paidBy: PaidBy | null, contactName?: string | null): { reference: Reference; reason: string } {
  if (!paidBy) {
    const channel = (CHANNEL_NAMES as Partial<Record<string, string>>)[row.channel] ?? row.channel;
    return { reference: { type: 'message', id: row.id }, reason: `${channel} message to ${recipientWords(contactName, row.address)} not sent · ${failureSummary(failure)}` };
  }
  return { reference: paidBy.reference, reason: refundLine(paidBy.forWhat, `${row.address} not sent`, failureSummary(failure)) };
}
