// One request of the log: the full request as sent (path and query) and, for an error answer, the code and
// message the server sent, with the request's body and then the answer's as the log kept them (a failed request's
// only, secrets redacted, long ones cut): side by side where the panel is wide, one above the other where it is narrow;
// and the request as a curl command to run again, where the log can give it whole (curl.ts).
import { useEffect, useRef } from 'react';
import type { RequestLogEntry } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { milliseconds, time } from '../../components/format.ts';
import { scrollRegion } from '../../components/scroll-region.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { JsonView } from '../webhooks/json-view.tsx';
import { curlCommand, requestPath } from './curl.ts';
import { useRequestLogDetail } from './queries.ts';
import './request-details.css';

/** A kept body: pretty JSON when it parses; as kept otherwise (one cut at the cap ends `… [truncated]`). */
function KeptBody({ label, text, none, testId }: { label: string; text: string | null; none: string; testId: string }) {
  if (text === null) return <p className="muted small" data-testid={testId}>{none}</p>;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return <pre className="wh-pre scroll-region" {...scrollRegion(label)} data-testid={testId}>{text}</pre>;
  }
  return <JsonView value={value} label={label} testId={testId} />;
}

/** The request as a curl command with a Copy button; nothing when the log cannot give it whole (`body`: see curlCommand). */
function Curl({ entry, body }: { entry: RequestLogEntry; body?: string | null }) {
  const { baseUrl } = useApi();
  const curl = curlCommand(entry, baseUrl, body);
  if (!curl) return null;
  return (
    <section className="request-curl" data-testid="request-curl" aria-labelledby="request-curl-title">
      <h3 id="request-curl-title">As a curl command</h3>
      <div className="request-curl-command">
        <pre data-testid="request-curl-command">{curl.command}</pre>
        <CopyButton text={curl.command} what="curl command" of="this request" testId="copy-request-curl" />
      </div>
      <p className="muted small">
        It reads the key from <code>SWITCHBOARD_API_KEY</code> (the log never keeps it).
        {curl.redacted ? ' Fill in what the log shows as [redacted] before running it.' : ''}
      </p>
    </section>
  );
}

/** The bodies of a failed request, read with its detail (the list and the live stream carry none), and its curl command. */
function Bodies({ entry }: { entry: RequestLogEntry }) {
  const detail = useRequestLogDetail(entry.id);
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  const { requestBody, responseBody } = detail.data;
  const kept = requestBody === null && responseBody === null
    ? <p className="muted small" data-testid="request-bodies-none">No bodies were kept of this request (the log keeps them since this version).</p>
    : (
      <div className="request-bodies" data-testid="request-bodies">
        {/* What was sent, then what came back: the order a request is read in, and the order Tab goes through them. Each
            body is a named scroll region already (JsonView): the columns are plain boxes, not landmarks of the same name. */}
        <div className="request-bodies-pair">
          <div>
            <h3>Request body</h3>
            <KeptBody label="Request body" text={requestBody} none="None kept (it had no JSON body, or no route took the request)." testId="request-request-body" />
          </div>
          <div>
            <h3>Response body</h3>
            <KeptBody label="Response body" text={responseBody} none="None (the answer had no JSON body)." testId="request-response-body" />
          </div>
        </div>
        <p className="muted small">Kept for failed requests only: secrets are shown as [redacted], a phone stored encrypted masked (+1******0101), the Authorization header is never kept, and a body over 8 KB is cut.</p>
      </div>
    );
  return (
    <>
      {kept}
      <Curl entry={entry} body={requestBody} />
    </>
  );
}

export function RequestDetails({ entry, keyName, onClose }: { entry: RequestLogEntry; keyName: string; onClose(): void }) {
  const failed = entry.errorCode !== null || entry.errorMessage !== null;
  const answeredOk = entry.statusCode >= 200 && entry.statusCode < 300;
  const rows: Array<[string, string]> = [
    ['Request', `${entry.method} ${requestPath(entry)}`], ['Status', String(entry.statusCode)],
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
    <aside className={`card details${answeredOk ? '' : ' with-bodies'}`} data-testid="request-details" ref={ref} tabIndex={-1} aria-labelledby="request-details-title"
      onKeyDown={(e) => { if (e.key === 'Escape') onClose(); }}>
      <div className="page-title"><h2 id="request-details-title">Request</h2><button type="button" className="button ghost" onClick={onClose}>Close</button></div>
      <dl className="fields">
        {rows.map(([label, value]) => <div key={label} data-testid={`request-detail-${label.toLowerCase().replace(' ', '-')}`}><dt>{label}</dt><dd className="mono">{value}</dd></div>)}
      </dl>
      {/* A successful request's body is not kept: only one that sends none has its command then (a GET, a DELETE). */}
      {answeredOk ? <Curl entry={entry} /> : <Bodies entry={entry} />}
    </aside>
  );
}
