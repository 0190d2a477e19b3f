// A draft whose audience is resolved at launch (every contact or a segment, the email subscribers) has no recipients
// yet: its page says what launching it now would do, from the core's audience preview (the launch's own resolution),
// labelled as an estimate, since contacts added, tagged or blocked before the launch change it.
import type { AudiencePreview, AudiencePreviewInput } from '../../../src-core/contract/index.ts';
import { ErrorState } from '../../components/states.tsx';
import { AudienceWarnings, costOf, count } from './audience-preview.tsx';
import { useAudiencePreview, type CampaignDetail, type CampaignTab } from './queries.ts';

/** The preview a draft's audience asks for, or null when it has nothing to estimate (a list: its recipients are counted). */
export function draftPreviewInput(channel: CampaignTab, campaign: CampaignDetail): AudiencePreviewInput | null {
  if (campaign.status !== 'DRAFT') return null;
  if (channel === 'email') return campaign.audience === 'subscribers' ? { channel, audience: 'subscribers' } : null;
  if (channel === 'rcs' || (campaign.audienceType !== 'all' && campaign.audienceType !== 'segment')) return null;
  const { tags, search } = campaign.audienceCriteria ?? {};
  return { channel, audienceType: campaign.audienceType, audienceCriteria: { ...(tags?.length ? { tags } : {}), ...(search ? { search } : {}) } };
}

/** "Would reach 17 contacts · ₹4.25 if launched now" (those it sends to; the blocked ones are skipped, never charged). */
function reachText(preview: AudiencePreview): string {
  const noun = preview.channel === 'email' ? 'subscriber' : 'contact';
  if (preview.recipients === 0) return `Would reach no one if launched now: no ${noun} matches, so the launch would be refused`;
  return `Would reach ${count(preview.sendable, noun)} · ${costOf(preview)} if launched now`;
}

export function DraftEstimate({ channel, campaign }: { channel: CampaignTab; campaign: CampaignDetail }) {
  const input = draftPreviewInput(channel, campaign);
  const preview = useAudiencePreview(input);
  if (!input) return null;
  const data = preview.isPlaceholderData ? null : preview.data ?? null;
  return (
    <section className="callout estimate" aria-label="Estimate" data-testid="draft-estimate" data-ready={data ? 'true' : 'false'}>
      <strong>Estimate: resolved again at launch</strong>
      <span data-testid="draft-estimate-text">{data ? reachText(data) : preview.isError ? 'No estimate' : 'Counting…'}</span>
      <span className="small">Contacts added, tagged or blocked before the launch change it; the launch charges what it finds then.</span>
      <AudienceWarnings preview={data} listed={false} />
      {preview.isError ? <ErrorState error={preview.error} /> : null}
    </section>
  );
}
