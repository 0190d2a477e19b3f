// The OTP log: one row per request, newest first, filtered by widget and status, a page at a time, read
// again every few seconds so a code that is verified, expires or gets blocked changes here without a reload.
import type { OtpWidget } from '../../../src-core/contract/index.ts';
import { minutesSeconds, time } from '../../components/format.ts';
import { Pager } from '../../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { When } from '../../components/when.tsx';
import { useVirtualNow } from '../simulator/queries.ts';
import { CHANNEL_LABEL, OtpStatusChip } from './otp-format.tsx';
import { useOtpLogs, type OtpLogFilter } from './queries.ts';

const count = (n: number) => `${n.toLocaleString()} request${n === 1 ? '' : 's'}`;

/** "4:32 left" for a code still waiting, on the virtual clock; "expiring" once its time is up (the expiry job follows). */
function timeLeft(expiresAt: string, now: string | undefined): string {
  if (!now) return '';
  const seconds = Math.ceil((Date.parse(expiresAt) - Date.parse(now)) / 1000);
  if (seconds <= 0) return 'expiring';
  return `${minutesSeconds(seconds)} left`;
}

export function OtpLogTable({ filter, page, onPage, widgets }: { filter: OtpLogFilter; page: number; onPage(page: number): void; widgets: OtpWidget[] }) {
  const log = useOtpLogs(filter, page);
  const now = useVirtualNow();
  const widgetOf = (id: string) => widgets.find((w) => w.id === id);
  if (log.isPending) return <Loading label="Loading the log…" />;
  if (log.isError) return <ErrorState error={log.error} onRetry={() => void log.refetch()} />;
  const { data, meta } = log.data;
  const ready = !log.isPlaceholderData;
  if (data.length === 0) {
    return (
      <div data-testid="otp-log" data-ready={ready} data-total={0}>
        {filter.widgetId || filter.status ? <Empty title="No OTP requests match these filters" />
          : <Empty title="No OTPs sent yet">Codes sent with <code>POST /v1/otp/send</code> appear here within a few seconds.</Empty>}
      </div>
    );
  }
  return (
    <div className="card table-card otp-log" data-testid="otp-log" data-ready={ready} data-total={meta.total} data-page={meta.page}>
      <table className="table">
        <thead>
          <tr><th>Sent</th><th>Phone</th><th className="phone-hide">Widget</th><th className="phone-hide">Channel</th><th>Status</th><th className="num phone-hide">Wrong codes</th><th className="num phone-hide">Resends</th><th className="phone-hide">Verified</th></tr>
        </thead>
        <tbody>
          {data.map((entry) => {
            const widget = widgetOf(entry.widgetId);
            return (
              <tr key={entry.id} data-testid="otp-log-row" data-request-id={entry.id} data-status={entry.status} title={`Request ${entry.id}`}>
                <td className="muted" title={time(entry.sentAt)}><When iso={entry.sentAt} /></td>
                <td className="mono">{entry.identifier}</td>
                <td className="phone-hide">{widget?.name ?? <code>{entry.widgetId}</code>}</td>
                <td className="phone-hide"><span className="chip">{CHANNEL_LABEL[entry.channel]}</span></td>
                <td>
                  <OtpStatusChip status={entry.status} />
                  {entry.status === 'sent' ? <span className="muted small otp-left" data-testid="otp-time-left" title={`Expires ${time(entry.expiresAt)}`}> {timeLeft(entry.expiresAt, now)}</span> : null}
                </td>
                <td className="num phone-hide" data-testid="otp-log-attempts">{entry.attempts}{widget ? <span className="muted"> / {widget.maxVerifyAttempts}</span> : null}</td>
                <td className="num phone-hide">{entry.resends}{widget ? <span className="muted"> / {widget.maxResends}</span> : null}</td>
                <td className="muted phone-hide" title={time(entry.verifiedAt)}>{entry.verifiedAt ? <When iso={entry.verifiedAt} /> : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {meta.totalPages > 1 ? <Pager page={meta.page} totalPages={meta.totalPages} onPage={onPage} detail={`${count(meta.total)}`} />
        : <div className="otp-log-foot muted small">{count(meta.total)}</div>}
    </div>
  );
}
