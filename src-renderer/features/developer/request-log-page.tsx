// The request log, live: every /v1 call with its key, status, source IP and duration; filterable.
import { useState } from 'react';
import type { RequestLogEntry } from '../../../src-core/contract/index.ts';
import { time } from '../../components/format.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { useKeys, useRequestLog, type LogFilter } from './queries.ts';

/** The full request as sent (path and query) and, for an error answer, the code and message the server sent. */
function Details({ entry, keyName, onClose }: { entry: RequestLogEntry; keyName: string; onClose(): void }) {
  const failed = entry.errorCode !== null || entry.errorMessage !== null;
  const rows: Array<[string, string]> = [
    ['Request', `${entry.method} ${entry.endpoint}${entry.query === null ? '' : `?${entry.query}`}`], ['Status', String(entry.statusCode)],
    ...(failed ? [['Error', entry.errorCode ?? 'none in the answer'], ['Message', entry.errorMessage ?? '']] satisfies Array<[string, string]> : []),
    ['Key', keyName], ['Source IP', entry.sourceIp], ['Duration', `${entry.durationMs} ms`], ['At', time(entry.at)], ['Id', entry.id],
  ];
  return (
    <aside className="card details" data-testid="request-details">
      <div className="page-title"><h2>Request</h2><button type="button" className="button ghost" onClick={onClose}>Close</button></div>
      <dl className="fields">
        {rows.map(([label, value]) => <div key={label} data-testid={`request-detail-${label.toLowerCase().replace(' ', '-')}`}><dt>{label}</dt><dd className="mono">{value}</dd></div>)}
      </dl>
    </aside>
  );
}

export function RequestLogPage() {
  const [filter, setFilter] = useState<LogFilter>({ keyId: '', status: '', path: '' });
  const [open, setOpen] = useState<RequestLogEntry | null>(null);
  const log = useRequestLog(filter);
  const keys = useKeys();
  const keyName = (id: string | null) => (id ? keys.data?.data.find((k) => k.id === id)?.name ?? id : 'no valid key');
  return (
    <div className="page padded">
      <h1>Request log</h1>
      <div className="filters">
        <select value={filter.keyId} onChange={(e) => setFilter({ ...filter, keyId: e.target.value })} aria-label="Key" data-testid="filter-key">
          <option value="">All keys</option>
          {keys.data?.data.map((key) => <option key={key.id} value={key.id}>{key.name}</option>)}
        </select>
        <input placeholder="Status, e.g. 403" value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.target.value.replace(/\D/g, '').slice(0, 3) })} aria-label="Status" />
        <input placeholder="Path contains…" value={filter.path} onChange={(e) => setFilter({ ...filter, path: e.target.value })} aria-label="Path" />
      </div>
      {log.isPending ? <Loading /> : log.isError ? <ErrorState error={log.error} /> : log.data.data.length === 0 ? <Empty title="No requests yet">Calls to /v1 appear here as they happen.</Empty> : (
        <div className="card table-card">
          <table className="table clickable" data-testid="request-log">
            <thead><tr><th>When</th><th>Request</th><th>Status</th><th>Key</th><th>IP</th><th className="num">ms</th></tr></thead>
            <tbody>
              {log.data.data.map((entry) => (
                <tr key={entry.id} onClick={() => setOpen(entry)} data-testid="request-row" tabIndex={0} onKeyDown={(e) => { if (e.key === 'Enter') setOpen(entry); }}>
                  <td className="muted">{time(entry.at)}</td>
                  <td><code>{entry.method} {entry.endpoint}</code></td>
                  <td><span className={`status s${String(entry.statusCode)[0]}`}>{entry.statusCode}</span></td>
                  <td>{keyName(entry.keyId)}</td>
                  <td className="mono">{entry.sourceIp}</td>
                  <td className="num">{entry.durationMs}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open ? <Details entry={open} keyName={keyName(open.keyId)} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
