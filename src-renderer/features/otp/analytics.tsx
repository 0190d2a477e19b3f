// The analytics of one widget or all of them: requests sent, verified, expired and blocked, the success
// rate, and each channel's sends (retries included) and verified requests.
import { OTP_CHANNELS } from '../../../src-core/contract/index.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { CHANNEL_LABEL, percent } from './otp-format.tsx';
import { useOtpAnalytics } from './queries.ts';

function Stat({ id, label, value, detail, tone = '' }: { id: string; label: string; value: number | string; detail?: string; tone?: string }) {
  return (
    <div className={`stat card otp-stat ${tone}`} data-testid={`otp-stat-${id}`} data-value={value}>
      <span className="muted">{label}</span>
      <strong className="amount">{typeof value === 'number' ? value.toLocaleString() : value}</strong>
      {detail ? <span className="muted small">{detail}</span> : null}
    </div>
  );
}

export function AnalyticsCards({ widgetId }: { widgetId: string }) {
  const analytics = useOtpAnalytics(widgetId);
  if (analytics.isPending) return <Loading label="Loading analytics…" />;
  if (analytics.isError) return <ErrorState error={analytics.error} onRetry={() => void analytics.refetch()} />;
  const stats = analytics.data;
  const waiting = stats.totalSent - stats.totalVerified - stats.totalExpired - stats.totalBlocked;
  return (
    <div className="otp-analytics" data-testid="otp-analytics" data-widget={widgetId || 'all'} data-ready={!analytics.isPlaceholderData}>
      <div className="otp-stats">
        <Stat id="sent" label="Requests sent" value={stats.totalSent} detail={`${waiting.toLocaleString()} awaiting a code`} />
        <Stat id="verified" label="Verified" value={stats.totalVerified} tone="is-verified" />
        {/* No request sent: no rate to show, not a 0% that reads as every code failing (as a campaign's rates before receipts). */}
        <Stat id="rate" label="Success rate" value={stats.totalSent === 0 ? '—' : percent(stats.successRate)} detail={stats.totalSent === 0 ? 'none sent yet' : 'verified of requests sent'} />
        <Stat id="expired" label="Expired" value={stats.totalExpired} tone="is-expired" />
        <Stat id="blocked" label="Blocked" value={stats.totalBlocked} tone="is-blocked" />
      </div>
      <div className="otp-breakdown card" data-testid="otp-breakdown">
        <span className="muted">By channel</span>
        {OTP_CHANNELS.map((channel) => {
          const counts = stats.channelBreakdown[channel] ?? { sent: 0, verified: 0 };
          return (
            <div key={channel} className="otp-breakdown-row" data-channel={channel} data-sent={counts.sent} data-verified={counts.verified}>
              <strong>{CHANNEL_LABEL[channel]}</strong>
              <span><b>{counts.sent.toLocaleString()}</b> {counts.sent === 1 ? 'send' : 'sends'} <span className="muted">(retries included)</span></span>
              <span><b>{counts.verified.toLocaleString()}</b> verified</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
