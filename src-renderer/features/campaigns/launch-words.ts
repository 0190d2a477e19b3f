// What a launch's confirmation says, in plain words, from what the builder or the draft's page already knows: the
// campaign, its channel, its recipients and how many of them are skipped as blocked (or opted out: never charged) or
// fail at once (charged, refunded at once), the cost at the wallet's price, what the launch charges and whether the
// wallet covers it (the core charges every recipient but the blocked), and when it goes out.
import type { AudiencePreview } from '../../../src-core/contract/index.ts';
import { rupees } from '../../components/format.ts';
import { count } from './audience-preview.tsx';
import { CHANNEL_LABEL, type CampaignTab } from './queries.ts';

/** How many recipients the launch has: a number, still being counted, or not countable now (the preview failed). */
export type RecipientCount = number | 'counting' | 'unknown';

export type LaunchFacts = {
  name: string;
  channel: CampaignTab;
  recipients: RecipientCount;
  /** Of them, skipped as blocked or opted out (not charged), and those that fail at once for another reason (refunded at once); null: not known. */
  blocked: number | null;
  failing: number | null;
  /** The wallet's price of one message (WhatsApp, SMS, RCS); email is one credit each. Undefined while the wallet is read. */
  pricePaise: number | undefined;
  /** The wallet as it is now; undefined while it is read. */
  wallet: { balancePaise: number; emailCredits: number } | undefined;
  /** A scheduled launch's time as the console writes it ("Jan 20, 2030, 10:00 AM (Asia/Kolkata)"); null: it sends now. */
  sendsAt: string | null;
};

/** The counts a launch's confirmation needs, from the core's audience preview. */
export const previewCounts = (preview: AudiencePreview): Pick<LaunchFacts, 'recipients' | 'blocked' | 'failing'> => ({
  recipients: preview.recipients, blocked: preview.blocked.count, failing: Math.max(0, preview.recipients - preview.sendable - preview.blocked.count),
});

const WHAT: Record<CampaignTab, [string, string]> = {
  whatsapp: ['a WhatsApp message', 'WhatsApp messages'], sms: ['an SMS', 'SMS messages'], rcs: ['an RCS message', 'RCS messages'], email: ['an email', 'emails'],
};

export type LaunchWords = {
  title: string; lead: string; confirmLabel: string;
  rows: Array<{ key: 'campaign' | 'channel' | 'recipients' | 'cost' | 'wallet' | 'when'; label: string; text: string; warn?: boolean }>;
  /** Whether the numbers are in: Confirm waits for the recipients to be counted. */
  ready: boolean;
  /** The wallet (or the email credits) is known not to cover the charge: the core would refuse the launch. */
  short: boolean;
};

export function launchWords(facts: LaunchFacts): LaunchWords {
  const { name, channel, recipients, blocked, failing, pricePaise, wallet, sendsAt } = facts;
  const known = typeof recipients === 'number' ? recipients : null;
  const email = channel === 'email';
  const [one, many] = WHAT[channel];
  const whom = known === null ? 'its recipients' : count(known, 'recipient');
  const what = known === 1 ? one : many;
  const lead = sendsAt
    ? `This schedules ${what} to ${whom} for ${sendsAt}. ${email ? 'Their email credits are' : 'The wallet is'} charged now; cancelling before then gives ${email ? 'them' : 'it'} back.`
    : `This sends ${what} to ${whom} now. Once sent, they cannot be called back.`;
  const skipped = [
    ...(blocked ? [`${blocked.toLocaleString()} skipped as blocked or opted out (not charged)`] : []),
    ...(failing ? [`${failing.toLocaleString()} will fail (${email ? 'suppressed or not emailable' : 'cannot be reached'}; refunded at once)`] : []),
  ];
  const recipientsText = known === null
    ? (recipients === 'counting' ? 'Counting…' : 'Not known: they could not be counted now')
    : `${known.toLocaleString()}${skipped.length ? `, of whom ${skipped.join(' and ')}` : ''}`;
  // The core charges every recipient but those blocked at the launch; those failing for another reason are refunded at once.
  const billed = known === null ? null : Math.max(0, known - (blocked ?? 0));
  const reached = billed === null ? null : Math.max(0, billed - (failing ?? 0));
  const { cost, charged, short, walletText } = money({ email, billed, reached, pricePaise, wallet });
  return {
    title: sendsAt ? `Schedule “${name}”?` : `Send “${name}” now?`,
    lead,
    confirmLabel: sendsAt ? 'Schedule it' : 'Send now',
    rows: [
      { key: 'campaign', label: 'Campaign', text: name },
      { key: 'channel', label: 'Channel', text: CHANNEL_LABEL[channel] },
      { key: 'recipients', label: 'Recipients', text: recipientsText },
      { key: 'cost', label: 'Estimated cost', text: charged && reached !== billed ? `${cost}; ${charged} ${email && billed !== 1 ? 'are' : 'is'} charged at launch, the rest refunded at once` : cost },
      { key: 'wallet', label: email ? 'Email credits' : 'Wallet', text: walletText, warn: short },
      { key: 'when', label: 'Sends', text: sendsAt ?? 'Now, as soon as you confirm' },
    ],
    ready: recipients !== 'counting',
    short,
  };
}

/**
 * The cost of those reached (`reached`), the charge at launch (`billed`: every recipient but the blocked), and whether
 * the wallet or credits cover that charge, as the core checks it.
 */
function money({ email, billed, reached, pricePaise, wallet }: {
  email: boolean; billed: number | null; reached: number | null; pricePaise: number | undefined; wallet: LaunchFacts['wallet'];
}): { cost: string; charged: string | null; short: boolean; walletText: string } {
  if (email) {
    const cost = reached === null ? 'One email credit per recipient' : count(reached, 'email credit');
    const charged = billed === null ? null : count(billed, 'email credit');
    if (!wallet) return { cost, charged, short: false, walletText: 'Reading…' };
    const left = count(wallet.emailCredits, 'credit');
    const short = billed !== null && billed > wallet.emailCredits;
    return { cost, charged, short, walletText: billed === null ? `${left} left` : short ? `${left} left: not enough, so the launch would be refused. Top up first.` : `${left} left: enough` };
  }
  if (pricePaise === undefined || !wallet) return { cost: 'Reading the wallet…', charged: null, short: false, walletText: 'Reading…' };
  const each = `${rupees(pricePaise)} each`;
  const cost = reached === null ? `${each} at the wallet's price` : `${rupees(reached * pricePaise)} (${reached.toLocaleString()} × ${rupees(pricePaise)})`;
  const charged = billed === null ? null : rupees(billed * pricePaise);
  const balance = `${rupees(wallet.balancePaise)} in the wallet`;
  const short = billed !== null && billed * pricePaise > wallet.balancePaise;
  return { cost, charged, short, walletText: billed === null ? balance : short ? `${balance}: not enough, so the launch would be refused. Top up first.` : `${balance}: enough` };
}
