// One request of the log: the full request as sent (path and query) and, for an error answer, the code and
// message the server sent.
import { useEffect, useRef } from 'react';
import type { RequestLogEntry } from '../../../src-core/contract/index.ts';
import { milliseconds, time } from '../../components/format.ts';

export function RequestDetails({ entry, keyName, onClose }: { entry: RequestLogEntry; keyName: string; onClose(): void }) {
  const failed = entry.errorCode !== null || entry.errorMessage !== null;
  const rows: Array<[string, string]> = [
    ['Request', `${entry.method} ${entry.endpoint}${entry.query === null ? '' : `?${entry.query}`}`], ['Status', String(entry.statusCode)],
    ...(failed ? [['Error', entry.errorCode ?? 'none in the answer'], ['Message', entry.errorMessage ?? '']] satisfies Array<[string, string]> : []),
    ['Key', keyName], ['Source IP', entry.sourceIp], ['Duration', `${milliseconds(entry.durationMs)} ms`], ['At', time(entry.at)], ['Id', entry.id],
  ];
  // The details open under a page of 50 rows: bring them into view, with the keyboard focus on them (a screen
  // reader reads them next, Tab reaches Close), not on Close, where a second Enter would shut them unread.
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
    ref.current?.focus({ preventScroll: true });
  }, [entry.id]);
  return (
    <aside className="card details" data-testid="request-details" ref={ref} tabIndex={-1} aria-labelledby="request-details-title"
      onKeyDown={(e) => { if (e.key === 'Escape') onClose(); }}>
      <div className="page-title"><h2 id="request-details-title">Request</h2><button type="button" className="button ghost" onClick={onClose}>Close</button></div>
      <dl className="fields">
        {rows.map(([label, value]) => <div key={label} data-testid={`request-detail-${label.toLowerCase().replace(' ', '-')}`}><dt>{label}</dt><dd className="mono">{value}</dd></div>)}
      </dl>
    </aside>
  );
}
