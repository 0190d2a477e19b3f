// The campaigns of one channel: name, status, recipients, sent, delivered with the delivery rate, failed (and blocked), schedule and
// creation; a row opens the detail.
import { Fragment, useState } from 'react';
import { moveChoice, tabProps } from '../../components/arrow-keys.ts';
import { DateTime } from '../../components/date-time.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { Pager } from '../../components/pager.tsx';
import { CampaignNeeds } from './campaign-needs.tsx';
import { StatusBadge } from './campaign-status.tsx';
import { attemptedWords } from './figure-bases.ts';
import { CAMPAIGN_TABS, CHANNEL_LABEL, useCampaigns, type CampaignListItem, type CampaignTab } from './queries.ts';
import { browserZone, scheduleParts } from './schedule.ts';
import { displayAddress } from '../../components/email-address.ts';

/** The channels with a campaign builder (Instagram has none, so no tab). */
const TABS = CAMPAIGN_TABS.map((channel) => ({ channel, label: CHANNEL_LABEL[channel] }));
const FIRST: Record<CampaignTab, string> = {
  whatsapp: 'Create your first campaign from an approved template.', sms: 'Create your first SMS campaign from a DLT-approved text.',
  rcs: 'Send your first rich card campaign.', email: 'Create your first email campaign from a template.',
};

/** The line under a campaign's name: what it sends and how. */
function subline(c: CampaignListItem): string {
  if (c.fromEmail) return [c.templateName, displayAddress(c.fromEmail)].filter(Boolean).join(' · ');
  if (c.fallback !== undefined) return c.fallback ? 'With SMS fallback' : 'RCS only';
  return c.templateName ?? c.senderId ?? '';
}

export function ChannelTabs({ tab, onTab }: { tab: CampaignTab; onTab(tab: CampaignTab): void }) {
  return (
    <div className="tabs campaign-tabs" role="tablist" aria-label="Channel" onKeyDown={moveChoice}>
      {TABS.map((t) => (
        <button key={t.channel} type="button" {...tabProps('campaigns', t.channel, t.channel === tab)} className={`tab${t.channel === tab ? ' active' : ''}`}
          data-testid={`campaign-tab-${t.channel}`} onClick={() => onTab(t.channel)}>{t.label}</button>
      ))}
    </div>
  );
}

/** What the Sent column counts, unlike the Overview's Sent (every outbound message, failed ones included). */
export const SENT_MEANS = 'Recipients whose message went out; failed and blocked ones are counted under Failed, not here';

/** The core's delivery rate (delivered of attempted, as the detail's ring); none before anything was attempted. */
const deliveryRate = (c: CampaignListItem) => (c.sentCount + c.failedCount > 0 ? `${Math.round(c.deliveryRate)}%` : '—');

export function CampaignList({ channel, onOpen, onNew }: { channel: CampaignTab; onOpen(id: string): void; onNew(): void }) {
  const [page, setPage] = useState(1);
  const list = useCampaigns(channel, page);
  // A row does not carry its campaign's zone: its schedule is written in the browser's, named like the detail's.
  const zone = browserZone();
  if (list.isPending) return <Loading label="Loading campaigns…" />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.data.length === 0) {
    return (
      <div className="card">
        <Empty title={`No ${CHANNEL_LABEL[channel] === 'Email' ? 'email' : CHANNEL_LABEL[channel]} campaigns yet`}>
          <CampaignNeeds channel={channel} onNew={onNew} first={FIRST[channel]} />
        </Empty>
      </div>
    );
  }
  const { meta } = list.data;
  return (
    <div className="card table-card">
      <table className="table clickable campaign-table" data-testid="campaign-list">
        <thead>
          <tr><th className="campaign-cell">Campaign</th><th>Status</th><th className="num phone-hide">Recipients</th><th className="num phone-hide" title={SENT_MEANS} data-testid="campaign-head-sent">Sent</th><th className="num">Delivered</th><th className="num">Failed</th><th className="phone-hide">Scheduled</th><th className="phone-hide">Created</th></tr>
        </thead>
        <tbody>
          {list.data.data.map((c) => (
            <tr key={c.id} data-testid="campaign-row" data-campaign-id={c.id} tabIndex={0} onClick={() => onOpen(c.id)}
              onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onOpen(c.id); } }}>
              <td className="campaign-cell">
                <div className="campaign-name" title={c.name}>{c.name}</div>
                <div className="muted small campaign-sends" title={subline(c) || undefined}>{subline(c)}</div>
              </td>
              <td><StatusBadge status={c.status} /></td>
              <td className="num phone-hide">{c.totalRecipients.toLocaleString()}</td>
              <td className="num phone-hide">{c.sentCount.toLocaleString()}</td>
              <td className="num" data-testid="campaign-delivered">{c.deliveredCount.toLocaleString()}{' '}
                <span className="muted small" data-testid="campaign-delivery-rate" title={`Delivery rate: delivered of ${attemptedWords(c.blockedCount)}`}>{deliveryRate(c)}</span>
              </td>
              <td className="num"><span data-testid="campaign-failed">{(c.failedCount - c.blockedCount).toLocaleString()}</span>
                {c.blockedCount > 0 ? <span className="muted small campaign-blocked" data-testid="campaign-blocked"> +{c.blockedCount.toLocaleString()} blocked</span> : null}
              </td>
              <td className="muted campaign-when phone-hide" data-testid="campaign-scheduled">
                {scheduleParts(c.scheduledAt, zone).map((part, at) => <Fragment key={at}>{at > 0 ? ' ' : null}<span className="nowrap">{part}</span></Fragment>)}
              </td>
              <td className="muted campaign-when phone-hide" data-testid="campaign-created"><DateTime iso={c.createdAt} /></td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} totalPages={meta.totalPages} onPage={setPage} />
    </div>
  );
}
