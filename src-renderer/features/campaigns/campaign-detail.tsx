// One campaign: status, live dispatch progress, launch (asked first: launch-confirm.tsx) or delete (a draft) or cancel (scheduled or running) with the
// refund it made, a draft's estimate (an audience resolved at launch), the facts of its configuration, its analytics as a funnel and rates, and who it failed to reach and why.
import { useRef, useState } from 'react';
import { thenFocus, useFocusAfterChange, useFocusIfLost } from '../../components/focus.ts';
import { rupees, time } from '../../components/format.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { Funnel, RateRings } from './campaign-charts.tsx';
import { CampaignSpend, Facts } from './campaign-facts.tsx';
import { FailedRecipients } from './campaign-failures.tsx';
import { lastSentAt } from './funnel-receipts.ts';
import { CampaignProgress } from './campaign-progress.tsx';
import { StatusBadge } from './campaign-status.tsx';
import { DeleteDraftButton } from './delete-draft.tsx';
import { DraftEstimate, draftPreviewInput } from './draft-estimate.tsx';
import { LaunchDialog, useLaunchConfirm } from './launch-confirm.tsx';
import { previewCounts, type LaunchFacts } from './launch-words.ts';
import { useCancelCampaign, useLaunchCampaign } from './mutations.ts';
import { CHANNEL_LABEL, useAudiencePreview, useCampaign, useCampaignAnalytics, useWallet, type CampaignDetail as Detail, type CampaignTab } from './queries.ts';
import { useVirtualNow } from '../simulator/queries.ts';
import { useTopUpAction } from '../wallet/top-up-action.ts';
import { scheduleHasPassed, scheduleLabel } from './schedule.ts';

/**
 * What launching a draft would do, for its confirmation: an audience resolved at launch counted by the core's preview (the
 * draft's estimate's own query), a list by its recipients; the wallet's price and balance; its time unless it has passed.
 */
function useDraftLaunchFacts(channel: CampaignTab, campaign: Detail, passed: boolean): LaunchFacts {
  const input = draftPreviewInput(channel, campaign);
  const preview = useAudiencePreview(input);
  const wallet = useWallet();
  const estimate = preview.isPlaceholderData ? undefined : preview.data;
  const counts = !input ? { recipients: campaign.totalRecipients, blocked: null, failing: null } : estimate ? previewCounts(estimate)
    : { recipients: preview.isError ? 'unknown' as const : 'counting' as const, blocked: null, failing: null };
  return {
    name: campaign.name, channel, ...counts, wallet: wallet.data, pricePaise: channel === 'email' ? undefined : wallet.data?.prices[channel],
    sendsAt: campaign.scheduledAt && !passed ? scheduleLabel(campaign.scheduledAt, campaign.scheduleTimezone) : null,
  };
}

function Actions({ channel, campaign, onDeleted }: { channel: CampaignTab; campaign: Detail; onDeleted(): void }) {
  const launch = useLaunchCampaign(channel);
  const topUp = useTopUpAction(launch.error);
  const cancel = useCancelCampaign(channel);
  const [confirming, setConfirming] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const cancellable = campaign.status === 'SCHEDULED' || campaign.status === 'RUNNING';
  // A draft whose time the virtual clock has passed is not scheduled by a launch: the core sends it at once.
  const passed = scheduleHasPassed(campaign.scheduledAt, useVirtualNow());
  const doCancel = () => cancel.mutate(campaign.id, { onSuccess: () => setConfirming(false) });
  const confirm = useLaunchConfirm();
  const facts = useDraftLaunchFacts(channel, campaign, passed);
  return (
    <div className="detail-actions">
      {campaign.status === 'DRAFT' ? (
        <button type="button" className="button primary" disabled={launch.isPending} aria-haspopup="dialog" onClick={confirm.ask} data-testid="launch-campaign">
          {campaign.scheduledAt && !passed ? 'Launch (schedule)' : 'Launch now'}
        </button>
      ) : null}
      {campaign.status === 'DRAFT' && passed ? (
        <span className="muted small" role="note" data-testid="schedule-passed">
          Its scheduled time, {scheduleLabel(campaign.scheduledAt, campaign.scheduleTimezone)}, has passed: launching sends it at once.
        </span>
      ) : null}
      {campaign.status === 'DRAFT' && channel !== 'rcs' ? <DeleteDraftButton channel={channel} id={campaign.id} onDeleted={onDeleted} /> : null}
      {cancellable && !confirming ? (
        <button ref={cancelButton} type="button" className="button danger-outline" onClick={() => setConfirming(true)} data-testid="cancel-campaign">Cancel campaign</button>
      ) : null}
      {cancellable && confirming ? (
        <div className="confirm" role="group" aria-label="Confirm cancellation">
          <span>Unsent recipients will not be messaged and are refunded.</span>
          <button type="button" className="button ghost" onClick={() => thenFocus(() => setConfirming(false), () => cancelButton.current)} autoFocus>Keep it</button>
          <button type="button" className="button danger" disabled={cancel.isPending} onClick={doCancel} data-testid="confirm-cancel">Cancel campaign</button>
        </div>
      ) : null}
      {campaign.status === 'DRAFT' ? <LaunchDialog confirm={confirm} facts={facts} onConfirm={() => launch.mutate(campaign.id)} /> : null}
      {launch.isError ? <ErrorState error={launch.error} action={topUp} /> : null}
      {cancel.isError ? <ErrorState error={cancel.error} /> : null}
    </div>
  );
}

function Analytics({ channel, campaign }: { channel: CampaignTab; campaign: Detail }) {
  const analytics = useCampaignAnalytics(channel, campaign.id, campaign.status !== 'DRAFT');
  // Ticks with a running clock, so "none yet" turns into a real 0% when the customers' time to act has passed.
  // A cancelled campaign's unsent recipients never will be: its funnel says so, not "not sent yet".
  const sending = { lastSentAt: lastSentAt(campaign), now: useVirtualNow(), cancelled: campaign.status === 'CANCELLED' ? campaign.counts.cancelled : null };
  if (campaign.status === 'DRAFT') return <p className="muted">Analytics appear once the campaign is launched.</p>;
  if (analytics.isError) return <ErrorState error={analytics.error} onRetry={() => void analytics.refetch()} />;
  if (!analytics.data) return <div className="charts-skeleton"><Loading label="Loading analytics…" /></div>;
  return (
    <div className="charts" data-testid="campaign-analytics">
      <div><h3>Funnel</h3><Funnel channel={channel} counts={analytics.data} total={analytics.data.totalRecipients} sending={sending} /></div>
      <div><h3>Rates</h3><RateRings channel={channel} rates={analytics.data} sending={sending} /></div>
    </div>
  );
}

export function CampaignDetailView({ channel, id, onBack }: { channel: CampaignTab; id: string; onBack(): void }) {
  const detail = useCampaign(channel, id);
  const campaign = detail.data?.id === id ? detail.data : undefined;
  // Opened from its row (gone with the list) or from the builder: the focus goes to the campaign's name.
  const title = useRef<HTMLHeadingElement>(null);
  useFocusIfLost(campaign !== undefined, title);
  // A launch, a cancel or the end of a run takes away the button that held the focus (Launch, the cancel's confirmation,
  // Cancel campaign): it goes to the campaign's name, above the status just changed, not to the page.
  useFocusAfterChange(campaign?.status, title);
  const back = <button type="button" className="button ghost back" onClick={onBack} data-testid="back-to-list">← Campaigns</button>;
  if (detail.isError && !campaign) return <div className="campaign-detail">{back}<ErrorState error={detail.error} onRetry={() => void detail.refetch()} /></div>;
  if (!campaign) return <div className="campaign-detail">{back}<Loading label="Loading campaign…" /></div>;
  // The refund is on the campaign itself once it is CANCELLED (the callout shows only then).
  const refunded = campaign.refundedRecipients;
  return (
    <div className="campaign-detail" data-testid="campaign-detail" data-status={campaign.status} data-campaign-id={campaign.id}>
      {back}
      <div className="card detail-head">
        <div className="detail-title">
          <h1 ref={title} tabIndex={-1}>{campaign.name}</h1>
          <StatusBadge status={campaign.status} />
          <span className="chip">{CHANNEL_LABEL[channel]}</span>
        </div>
        <Actions channel={channel} campaign={campaign} onDeleted={onBack} />
      </div>
      {campaign.status === 'CANCELLED' ? (
        <div className="callout refund" role="status" data-testid="refund-callout">
          <strong>Campaign cancelled {time(campaign.cancelledAt)}</strong>
          <span><b data-testid="refunded-recipients">{refunded.toLocaleString()}</b> unsent recipient{refunded === 1 ? '' : 's'} refunded
            {campaign.pricePaise ? ` (${rupees(refunded * campaign.pricePaise)} back in the wallet)` : ''}.</span>
        </div>
      ) : null}
      {campaign.status === 'SCHEDULED' ? (
        <div className="callout scheduled" role="status">
          <strong>Goes out {scheduleLabel(campaign.scheduledAt, campaign.scheduleTimezone)}</strong>
          <span>{channel === 'email' ? 'Its email credits are reserved until then; cancelling gives them back.'
            : `The wallet holds ${rupees(campaign.pricePaise * campaign.totalRecipients)} for it until then; cancelling refunds it.`}</span>
        </div>
      ) : null}
      <DraftEstimate channel={channel} campaign={campaign} />
      <div className="detail-grid">
        <section className="card" aria-label="Progress"><h2 className="card-title">Progress</h2><CampaignProgress counts={campaign.counts} failureReasons={campaign.failureReasons} unresolved={campaign.status === 'DRAFT' || campaign.status === 'SCHEDULED'} /></section>
        <section className="card" aria-label="Details"><h2 className="card-title">Details</h2><Facts campaign={campaign} channel={channel}><CampaignSpend channel={channel} campaign={campaign} /></Facts></section>
      </div>
      <section className="card" aria-label="Analytics"><h2 className="visually-hidden">Analytics</h2><Analytics channel={channel} campaign={campaign} /></section>
      <FailedRecipients channel={channel} id={campaign.id} failed={campaign.counts.failed} blocked={campaign.counts.blocked} />
    </div>
  );
}
