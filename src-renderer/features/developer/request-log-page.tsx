// The request log, live: every /v1 call with its key, status, source IP and duration; filtered by key, status
// (a code or a class), path and error code; a page at a time, with the total. Page 1 follows new requests; an
// older page is anchored on the newest entry seen, so it stays put while new requests arrive, and says how many.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ERROR_STATUS, type ErrorCode, type RequestLogEntry } from '../../../src-core/contract/index.ts';
import { ApiError } from '../../api/http.ts';
import { DateTime } from '../../components/date-time.tsx';
import { milliseconds } from '../../components/format.ts';
import { Pager } from '../../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { thenFocus } from '../../components/focus.ts';
import { useUi } from '../../stores/ui.ts';
import { RequestDetails } from './request-details.tsx';
import { statusFilterOf, useKeys, useRequestLog, useRequestLogTotal, type LogFilter } from './queries.ts';

/** The error codes by their HTTP status, then by name: the codes one status can carry sit together, as a 4xx filter reads them. */
const ERROR_CODES = (Object.keys(ERROR_STATUS) as ErrorCode[])
  .sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b] || (a < b ? -1 : a > b ? 1 : 0));
const requests = (n: number) => `${n.toLocaleString()} request${n === 1 ? '' : 's'}`;

/** Which page is shown, and the entry the pages are anchored on (null: page 1, live). */
type View = { page: number; upTo: string | null };

function Filters({ filter, onChange, keys }: { filter: LogFilter; onChange(next: Partial<LogFilter>): void; keys: Array<{ id: string; name: string }> }) {
  const statusOk = statusFilterOf(filter.status).ok;
  return (
    <div className="log-filters">
      <div className="filters">
        <select value={filter.keyId} onChange={(e) => onChange({ keyId: e.target.value })} aria-label="Key" data-testid="filter-key">
          <option value="">All keys</option>
          {keys.map((key) => <option key={key.id} value={key.id}>{key.name}</option>)}
        </select>
        <input placeholder="Status: 403 or 4xx" value={filter.status} onChange={(e) => onChange({ status: e.target.value })} aria-label="Status"
          aria-invalid={!statusOk} aria-describedby={statusOk ? undefined : 'filter-status-problem'} data-testid="filter-status" maxLength={8} />
        <input placeholder="Path contains…" value={filter.path} onChange={(e) => onChange({ path: e.target.value })} aria-label="Path" data-testid="filter-path" />
        <select value={filter.code} onChange={(e) => onChange({ code: e.target.value })} aria-label="Error code" data-testid="filter-code">
          <option value="">Any error code</option>
          {ERROR_CODES.map((code) => <option key={code} value={code}>{code} ({ERROR_STATUS[code]})</option>)}
        </select>
      </div>
      {statusOk ? null : (
        <span className="field-error" id="filter-status-problem" role="alert" data-testid="filter-status-problem">
          A status is a code such as 403 or a class such as 4xx; the log is not filtered by status until it is one.
        </span>
      )}
    </div>
  );
}

/** The log of a server no one has called yet: where a first request comes from (a new key gives the commands to make one). */
function NoRequestsYet() {
  const go = useUi((s) => s.go);
  return (
    <Empty title="No requests yet">
      Calls to /v1 appear here as they happen. A <button type="button" className="link" onClick={() => go('keys')} data-testid="request-log-keys">new API key</button> comes
      with the commands to make a first one.
    </Empty>
  );
}

export function RequestLogPage() {
  const [filter, setFilter] = useState<LogFilter>({ keyId: '', status: '', path: '', code: '' });
  const [view, setView] = useState<View>({ page: 1, upTo: null });
  const [open, setOpen] = useState<RequestLogEntry | null>(null);
  const log = useRequestLog(filter, view.page, view.upTo);
  const anchored = view.upTo !== null;
  const liveTotal = useRequestLogTotal(filter, anchored);
  const keys = useKeys();
  const keyName = (id: string | null) => (id ? keys.data?.data.find((k) => k.id === id)?.name ?? id : 'no valid key');
  // A key made since the list was read (from the API or the CLI) is named once the list is read again.
  const unknownKey = Boolean(keys.data && log.data?.data.some((entry) => entry.keyId && !keys.data.data.some((k) => k.id === entry.keyId)));
  const { refetch: refetchKeys } = keys;
  useEffect(() => {
    if (unknownKey) void refetchKeys();
  }, [unknownKey, refetchKeys]);
  const refine = (next: Partial<LogFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setView({ page: 1, upTo: null });
  };
  // Leaving page 1 anchors on its newest entry; back on page 1 the log is live again.
  const goTo = (page: number) => setView((current) => (page === 1 ? { page: 1, upTo: null } : { page, upTo: current.upTo ?? log.data?.data[0]?.id ?? null }));
  const total = log.data?.meta.total ?? 0;
  const arrived = anchored && liveTotal.data !== undefined ? Math.max(0, liveTotal.data - total) : 0;
  const filtered = Boolean(filter.keyId || filter.path || filter.code || (statusFilterOf(filter.status).ok && filter.status.trim()));
  const anchorLost = anchored && log.error instanceof ApiError && log.error.status === 404;
  // Older and Newer sit under the rows: each page the table card shows starts at its first row, not where the last one was scrolled to.
  const card = useRef<HTMLDivElement>(null);
  const shownPage = log.data?.meta.page;
  useLayoutEffect(() => {
    if (card.current) card.current.scrollTop = 0;
  }, [shownPage]);
  // Closing the details gives the focus back to the request's row, or the first row once it has left this page.
  const openerOf = (id: string) => card.current?.querySelector<HTMLElement>(`[data-request-id="${CSS.escape(id)}"] button`)
    ?? card.current?.querySelector<HTMLElement>('[data-testid="open-request"]');

  return (
    <div className="page padded">
      <div className="page-title">
        <div>
          <h1>Request log</h1>
          <p className="muted subtitle">Every API request made with your keys, as it happens, newest first: filter by key, status or path, and open one for its details.</p>
        </div>
      </div>
      <Filters filter={filter} onChange={refine} keys={keys.data?.data ?? []} />
      <div className="log-summary">
        <span className="muted small" data-testid="request-log-total">{log.data ? `${requests(total)} · newest first` : ''}</span>
        {anchored ? (
          <span className="small log-new" role="status" data-testid="request-log-new" data-count={arrived}>
            {arrived > 0 ? `${arrived.toLocaleString()} new request${arrived === 1 ? '' : 's'} on page 1` : 'New requests appear on page 1'}
            {' · '}<button type="button" className="link" onClick={() => goTo(1)} data-testid="request-log-newest">Show the newest</button>
          </span>
        ) : null}
      </div>
      {log.isPending ? <Loading />
        : log.isError ? <ErrorState error={log.error} {...(anchorLost ? { action: { label: 'Show the newest', run: () => goTo(1) } } : { onRetry: () => void log.refetch() })} />
          : log.data.data.length === 0 ? (filtered ? <Empty title="No requests match these filters" /> : <NoRequestsYet />) : (
            <div className="card table-card" ref={card} data-testid="request-log-card" data-ready={!log.isPlaceholderData} data-page={log.data.meta.page}
              data-total={total} data-anchored={anchored}>
              <table className="table clickable request-log" data-testid="request-log">
                <thead><tr><th>When</th><th>Request</th><th>Status</th><th>Key</th><th className="phone-hide">IP</th><th className="num phone-hide">ms</th></tr></thead>
                <tbody>
                  {log.data.data.map((entry) => (
                    <tr key={entry.id} onClick={() => setOpen(entry)} data-testid="request-row" data-request-id={entry.id}>
                      <td className="muted request-when"><DateTime iso={entry.at} /></td>
                      {/* The row opens on a click anywhere; the keyboard opens it with this button (Enter or Space). */}
                      <td className="request-cell"><button type="button" className="cell-button" aria-expanded={open?.id === entry.id} data-testid="open-request"
                        onClick={() => setOpen(entry)}><code className="request-line" title={`${entry.method} ${entry.endpoint}`}>{entry.method} {entry.endpoint}</code></button></td>
                      <td><span className={`status s${String(entry.statusCode)[0]}`}>{entry.statusCode}</span></td>
                      <td><span className="request-key" title={keyName(entry.keyId)}>{keyName(entry.keyId)}</span></td>
                      <td className="mono phone-hide">{entry.sourceIp}</td>
                      <td className="num phone-hide" data-testid="request-ms">{milliseconds(entry.durationMs)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager page={log.data.meta.page} totalPages={log.data.meta.totalPages} onPage={goTo} detail={requests(total)} />
            </div>
          )}
      {open ? <RequestDetails entry={open} keyName={keyName(open.keyId)} onClose={() => thenFocus(() => setOpen(null), () => openerOf(open.id))} /> : null}
    </div>
  );
}
