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
  // The details open under a page of 50 rows: bring them into view, and the Close button into reach of the keyboard.
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
    ref.current?.querySelector('button')?.focus({ preventScroll: true });
  }, [entry.id]);
  return (
    <aside className="card details" data-testid="request-details" ref={ref}>
      <div className="page-title"><h2>Request</h2><button type="button" className="button ghost" onClick={onClose}>Close</button></div>
      <dl className="fields">
        {rows.map(([label, value]) => <div key={label} data-testid={`request-detail-${label.toLowerCase().replace(' ', '-')}`}><dt>{label}</dt><dd className="mono">{value}</dd></div>)}
      </dl>
    </aside>
  );
}
