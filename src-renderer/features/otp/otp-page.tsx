// The OTP page: the widgets (create, change, try a code), and their activity: analytics and the request log, for one
// widget or all, with the log filtered by status.
import { useState } from 'react';
import { OTP_STATUSES, type OtpStatus } from '../../../src-core/contract/index.ts';
import { AnalyticsCards } from './analytics.tsx';
import { STATUS_LABEL } from './otp-format.tsx';
import { OtpLogTable } from './otp-log.tsx';
import { useOtpWidgets, type OtpLogFilter } from './queries.ts';
import { TryCode } from './try-code.tsx';
import { WidgetsSection } from './widgets.tsx';
import './otp.css';

export function OtpPage() {
  const widgets = useOtpWidgets();
  const [filter, setFilter] = useState<OtpLogFilter>({ widgetId: '', status: '' });
  const [page, setPage] = useState(1);
  const refine = (next: Partial<OtpLogFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const list = widgets.data?.data ?? [];
  return (
    <div className="page padded otp" data-testid="otp-page">
      <div className="page-title">
        <div>
          <h1>OTP</h1>
          <p className="muted subtitle">One-time codes: the widgets that shape them, and every code sent, verified, expired or blocked.</p>
        </div>
      </div>
      <WidgetsSection chosenId={filter.widgetId} onChoose={(widgetId) => refine({ widgetId })} />
      {list.length > 0 ? <TryCode widgets={list} /> : null}
      <section className="otp-section" aria-labelledby="otp-activity-title">
        <div className="page-title otp-activity-head">
          <h2 id="otp-activity-title">Activity</h2>
          <label className="inline small">
            <span className="muted">Widget</span>
            <select value={filter.widgetId} onChange={(e) => refine({ widgetId: e.target.value })} data-testid="otp-filter-widget">
              <option value="">All widgets</option>
              {list.map((widget) => <option key={widget.id} value={widget.id}>{widget.name}</option>)}
            </select>
          </label>
        </div>
        <AnalyticsCards widgetId={filter.widgetId} />
        <div className="page-title otp-log-head">
          <h3>Log</h3>
          <label className="inline small">
            <span className="muted">Status</span>
            <select value={filter.status} onChange={(e) => refine({ status: e.target.value as OtpStatus | '' })} data-testid="otp-filter-status">
              <option value="">Any</option>
              {OTP_STATUSES.map((status) => <option key={status} value={status}>{STATUS_LABEL[status]}</option>)}
            </select>
          </label>
        </div>
        <OtpLogTable filter={filter} page={page} onPage={setPage} widgets={list} />
      </section>
    </div>
  );
}
