// The facts of a campaign's configuration on its page: what it sends (an email's subject and merge-tag values), from
// whom, to which audience (a segment's tags and search as it was sent to them), its schedule, when it was created,
// started and completed, and what it cost.
import type { ReactNode } from 'react';
import type { ReferenceTotals } from '../../../src-core/contract/index.ts';
import { rupees, time } from '../../components/format.ts';
import { useEmailTemplate } from '../channels/queries.ts';
import { PER_RECIPIENT_TAGS } from './merge-tags.ts';
import { useCampaignSpend, type CampaignDetail as Detail, type CampaignTab } from './queries.ts';
import { scheduleHasPassed, scheduleLabel } from './schedule.ts';
import { displayAddress } from '../../components/email-address.ts';

/**
 * The schedule a campaign kept. One launched when its time had already passed was sent at once, not on that time
 * (its Started time says when): the stale time is not presented as its schedule (the core may also clear it).
 */
function scheduleFact(campaign: Detail): string {
  if (campaign.launchedAt && scheduleHasPassed(campaign.scheduledAt, campaign.launchedAt)) return 'None: its time had passed at launch, so it was sent at once';
  return scheduleLabel(campaign.scheduledAt, campaign.scheduleTimezone);
}

/**
 * When it began sending. A scheduled campaign is launched (its wallet reserved) before its time, so its launch is not
 * its start: that comes from the core's `startedAt`, and is "Not yet" until then.
 */
function startedFact(campaign: Detail): string {
  if (campaign.startedAt) return time(campaign.startedAt);
  if (campaign.status === 'SCHEDULED') return 'Not yet';
  return campaign.status === 'CANCELLED' ? 'Never: cancelled before its time' : '—';
}

const quoted = (values: string[], joiner: string) => values.map((v) => `“${v}”`).join(joiner);

/** Who an SMS campaign (or a WhatsApp one made for every contact or a segment) went to, in words: every contact, a pasted list, or the segment's tags (any of them) and search (both apply). */
export function audienceLabel(campaign: Pick<Detail, 'audienceType' | 'audienceCriteria'>): string | null {
  if (campaign.audienceType === 'all') return 'All contacts';
  if (campaign.audienceType === 'manual') return 'A list of numbers';
  if (campaign.audienceType !== 'segment') return null;
  const { tags = [], search } = campaign.audienceCriteria ?? {};
  const parts = [tags.length ? `tagged ${quoted(tags, ' or ')}` : '', search ? `matching ${quoted([search], '')}` : ''].filter(Boolean);
  return `Segment: contacts ${parts.join(', ')}`;
}

const EMAIL_AUDIENCE = { list: 'A list of addresses', subscribers: 'Every subscriber' } as const;

/** An email campaign's subject: its own, or its template's (said so; "…" while the template loads). */
function subjectFact(subject: string | null | undefined, template: { data?: { subject: string } | undefined; isError: boolean }): string {
  if (subject) return subject;
  if (template.data) return `${template.data.subject} (the template's)`;
  return template.isError ? "The template's (it could not be read)" : '…';
}

/** "{{order}} #1001 · {{first_name}} there (for a recipient without one)": the values given for the template's tags. */
function mergeValuesFact(variables: Record<string, string>): string {
  const given = Object.entries(variables).filter(([, value]) => value !== '');
  if (!given.length) return 'None';
  return given.map(([tag, value]) => `{{${tag}}} ${value}${PER_RECIPIENT_TAGS.has(tag) ? ' (for a recipient without one)' : ''}`).join(' · ');
}

/**
 * `children`: rows read elsewhere (its cost), after the configuration's. A WhatsApp campaign to a pasted list keeps no
 * audience type (its recipients are the seed's `phones`), so `channel` says it is a list.
 */
export function Facts({ campaign, channel, children }: { campaign: Detail; channel: CampaignTab; children?: ReactNode }) {
  // An email sent with its template's subject keeps none of its own: the template says it.
  const template = useEmailTemplate(campaign.fromEmail && !campaign.subject ? campaign.templateId ?? '' : '');
  const rows: Array<[string, string]> = [
    ['Template', campaign.templateName ?? '—'],
    ['Scheduled', scheduleFact(campaign)],
    ['Created', time(campaign.createdAt)],
    ['Started', startedFact(campaign)],
    ['Completed', time(campaign.completedAt)],
    // An email is paid with a credit (its pricePaise is 0), a message of another channel from the wallet at launch.
    ['Price per message', campaign.fromEmail ? '1 email credit' : campaign.pricePaise ? rupees(campaign.pricePaise) : '—'],
  ];
  // The core's own count (WhatsApp, RCS), shown when it removed some: the builders drop repeats before sending
  // (their "duplicates" count), so a 0 here would only contradict them.
  if (campaign.duplicatesRemoved) rows.push(['Duplicates removed by the server', String(campaign.duplicatesRemoved)]);
  if (campaign.messageBody) rows.splice(0, 1, ['Message', campaign.messageBody]);
  const audience = audienceLabel(campaign) ?? (channel === 'whatsapp' ? audienceLabel({ audienceType: 'manual', audienceCriteria: undefined }) : null);
  if (audience) rows.splice(1, 0, ['Audience', audience]);
  if (campaign.senderId) rows.splice(1, 0, ['Sender id', campaign.senderId]);
  if (campaign.fallbackMessage) rows.splice(1, 0, ['SMS fallback', campaign.fallbackMessage]);
  if (campaign.country) rows.splice(1, 0, ['Country', campaign.country]);
  if (campaign.fromEmail) {
    rows.splice(1, 0, ['Subject', subjectFact(campaign.subject, template)], ['Merge tag values', mergeValuesFact(campaign.variables ?? {})],
      ['From', `${campaign.fromName ?? ''} <${displayAddress(campaign.fromEmail)}>`], ['Audience', EMAIL_AUDIENCE[campaign.audience ?? 'list']]);
  }
  return (
    <dl className="facts" data-testid="campaign-facts">
      {rows.map(([label, value]) => <div key={label} data-testid={`fact-${label.toLowerCase().replace(/\W+/g, '-')}`}><dt>{label}</dt><dd>{value}</dd></div>)}
      {children}
    </dl>
  );
}

const credits = (n: number) => `${n.toLocaleString()} email credit${n === 1 ? '' : 's'}`;
/** "Charged ₹4.80 · refunded ₹1.60", in email credits for an email campaign; the refund said only when there is one. */
export function spendLine(channel: CampaignTab, spend: ReferenceTotals): string {
  const [charged, refunded] = channel === 'email'
    ? [credits(spend.emailCreditsSpent), spend.emailCreditsRefunded ? credits(spend.emailCreditsRefunded) : '']
    : [rupees(spend.chargedPaise), spend.refundedPaise ? rupees(spend.refundedPaise) : ''];
  return refunded ? `Charged ${charged} · refunded ${refunded}` : `Charged ${charged}`;
}

/**
 * What the campaign cost, from the wallet's ledger lines for it (its launch charge and every refund, each naming it), so
 * the page and the ledger agree. A draft has been charged nothing.
 */
export function CampaignSpend({ channel, campaign }: { channel: CampaignTab; campaign: Detail }) {
  const launched = campaign.status !== 'DRAFT';
  const spend = useCampaignSpend(channel, campaign.id, launched);
  const text = !launched ? 'Nothing yet: it is charged at launch' : spend.data ? spendLine(channel, spend.data) : spend.isError ? 'Could not be read' : '…';
  return <div data-testid="campaign-spend" data-charged={spend.data?.chargedPaise} data-refunded={spend.data?.refundedPaise}><dt>Cost</dt><dd>{text}</dd></div>;
}
