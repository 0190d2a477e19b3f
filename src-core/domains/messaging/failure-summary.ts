// A send's failure in a few words, as a refund line in the ledger says it ("no WhatsApp account", "contact blocked"),
// not the whole error text with the ids in it that the failed recipients' table and the logs keep.

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
export function failureSummary(failure: { code: string; message: string; summary?: string | undefined }): string {
  if (failure.summary) return failure.summary;
  const known = SUMMARY[failure.code];
  if (known) return known;
  const clause = (failure.message.split(/: | \(|\. /)[0] ?? '').replace(OUR_ID, '').trim();
  const text = clause.length > MAX ? `${clause.slice(0, MAX - 1).trimEnd()}…` : clause;
  return text ? text.charAt(0).toLowerCase() + text.slice(1) : failure.code.toLowerCase().replace(/_/g, ' ');
}
