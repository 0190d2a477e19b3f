// Why a campaign's recipients failed, in words: the codes their refusal or their message's failure carries, each with
// the label the console's results show beside the Failed figure (the one place these words are kept).

/**
 * The campaigns' own reasons for a recipient refused before any message, where the refusal's API code
 * (`VALIDATION_FAILED`) would not tell them apart; the rest are the codes of the refusal or of the failed message.
 */
export const CAMPAIGN_REFUSAL_CODES = ['TEMPLATE_UNAVAILABLE', 'CAMPAIGN_NOT_SENDABLE', 'EMAIL_SUPPRESSED', 'VARIABLE_UNFILLED'] as const;
export type CampaignRefusalCode = (typeof CAMPAIGN_REFUSAL_CODES)[number];

/** A campaign email that failed after it was sent (a failed receipt without a provider code) bounced, as the email service reads it. */
export const EMAIL_BOUNCED = 'EMAIL_BOUNCED';

/** The label of each code a failed recipient may carry (CONTACT_BLOCKED is counted apart, as Blocked). */
const LABELS: Record<string, string> = {
  SIM_WHATSAPP_UNAVAILABLE: 'No WhatsApp account',
  SIM_UNREACHABLE: 'Unreachable',
  RCS_NOT_SUPPORTED: 'No RCS on the handset',
  EMAIL_BOUNCED: 'Bounced',
  EMAIL_SUPPRESSED: 'Suppressed address',
  TEMPLATE_UNAVAILABLE: 'Template deleted or not approved',
  CAMPAIGN_NOT_SENDABLE: 'Sender or template no longer usable',
  VARIABLE_UNFILLED: 'No value for a template variable',
  VALIDATION_FAILED: 'Message refused',
  CONTACT_BLOCKED: 'Blocked',
  INSUFFICIENT_BALANCE: 'Wallet empty',
  INSUFFICIENT_CREDITS: 'No email credits',
  CAMPAIGN_CANCELLED: 'Campaign cancelled',
  DISPATCH_FAILED: 'Dispatch failed',
  INTERRUPTED: 'Interrupted by a restart',
  PROVIDER_ERROR: 'Provider error',
};
/** The label of recipients failed without a code (after sending, the provider gave none; or before codes were kept). */
export const OTHER_FAILURE_LABEL = 'Other';

/** A failure code in words: its label, a code not listed in its own words (`SOME_CODE` → `Some code`), none → Other. */
export function failureReasonLabel(code: string | null): string {
  if (code === null) return OTHER_FAILURE_LABEL;
  const label = LABELS[code];
  if (label) return label;
  const words = code.toLowerCase().replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : OTHER_FAILURE_LABEL;
}

/** One reason of a campaign's failed recipients: its code (null: none kept), its label and how many failed for it. */
export type CampaignFailureReason = { code: string | null; label: string; count: number };
/**
 * What the console's answers (the dashboard token) add to a campaign's detail and analytics: its failed recipients by
 * reason, most first, the blocked ones left out (they are `blocked`, their own figure). `/v1` answers as the seed does.
 */
export type ConsoleFailureReasons = { failureReasons: CampaignFailureReason[] };
