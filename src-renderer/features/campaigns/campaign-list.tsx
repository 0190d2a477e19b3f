// The campaigns of one channel: name, status, recipients, sent/delivered, schedule and creation; a row opens the detail.
import { useState } from 'react';
import { time } from '../../components/format.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { StatusBadge } from './campaign-status.tsx';
import { useCampaigns, type CampaignTab } from './queries.ts';
import { scheduleLabel } from './schedule.ts';

const TABS: Array<{ channel: CampaignTab; label: string }> = [{ channel: 'whatsapp', label: 'WhatsApp' }, { channel: 'sms', label: 'SMS' }];

export function ChannelTabs({ tab, onTab }: { tab: CampaignTab; onTab(tab: CampaignTab): void }) {
  return (
    <div className="tabs campaign-tabs" role="tablist" aria-label="Channel">
      {TABS.map((t) => (
        <button key={t.channel} type="button" role="tab" aria-selected={t.channel === tab} className={`tab${t.channel === tab ? ' active' : ''}`}
          data-testid={`campaign-tab-${t.channel}`} onClick={() => onTab(t.channel)}>{t.label}</button>
      ))}
    </div>
  );
}

const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '—');

export function CampaignList({ channel, onOpen, onNew }: { channel: CampaignTab; onOpen(id: string): void; onNew(): void }) {
  const [page, setPage] = useState(1);
  const list = useCampaigns(channel, page);
  if (list.isPending) return <Loading label="Loading campaigns…" />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.data.length === 0) {
    return (
      <div className="card">
        <Empty title={`No ${channel === 'sms' ? 'SMS' : 'WhatsApp'} campaigns yet`}>
          {channel === 'whatsapp'
            ? <button type="button" className="link" onClick={onNew}>Create your first campaign from an approved template.</button>
            : 'SMS campaigns created through the API appear here.'}
        </Empty>
      </div>
    );
  }
  const { meta } = list.data;
  return (
    <div className="card table-card">
      <table className="table clickable campaign-table" data-testid="campaign-list">
        <thead>
          <tr><th>Campaign</th><th>Status</th><th className="num">Recipients</th><th className="num">Sent</th><th className="num">Delivered</th><th>Scheduled</th><th>Created</th></tr>
        </thead>
        <tbody>
          {list.data.data.map((c) => (
            <tr key={c.id} data-testid="campaign-row" data-campaign-id={c.id} tabIndex={0} onClick={() => onOpen(c.id)}
              onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onOpen(c.id); } }}>
              <td>
                <div className="campaign-name">{c.name}</div>
                <div className="muted small">{c.templateName ?? c.senderId ?? ''}</div>
              </td>
              <td><StatusBadge status={c.status} /></td>
              <td className="num">{c.totalRecipients.toLocaleString()}</td>
              <td className="num">{c.sentCount.toLocaleString()}</td>
              <td className="num">{c.deliveredCount.toLocaleString()} <span className="muted small">{percent(c.deliveredCount, c.sentCount)}</span></td>
              <td className="muted">{scheduleLabel(c.scheduledAt, null)}</td>
              <td className="muted">{time(c.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {meta.totalPages > 1 ? (
        <nav className="pager" aria-label="Pages">
          <button type="button" className="button ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>Newer</button>
          <span className="muted">Page {page} of {meta.totalPages}</span>
          <button type="button" className="button ghost" disabled={page >= meta.totalPages} onClick={() => setPage(page + 1)}>Older</button>
        </nav>
      ) : null}
    </div>
  );
}
