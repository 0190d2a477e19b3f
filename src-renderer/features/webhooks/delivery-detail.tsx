// One delivery, opened from the table: summary, attempt timeline with the next retry, the local
// signature check, the request headers and the response of the chosen attempt, the payload, Replay.
import { useEffect, useRef, useState } from 'react';
import type { WebhookDeliveryDetail, WebhookEndpoint } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { thenFocus } from '../../components/focus.ts';
import { time } from '../../components/format.ts';
import { scrollRegion } from '../../components/scroll-region.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { AttemptTimeline, type EndpointFate } from './attempt-timeline.tsx';
import { DeliveryStatusBadge, ResponseCode } from './delivery-status.tsx';
import { attemptsSaid, latency } from './delivery-words.ts';
import { GONE } from './endpoint-gone.tsx';
import { goneMark, type KnownEndpoint } from './endpoint-names.ts';
import { JsonView } from './json-view.tsx';
import { useReplay } from './mutations.ts';
import { useDelivery, useEndpoints } from './queries.ts';
import { SignatureCheck } from './signature-check.tsx';
import { rawBodyOf, SIGNATURE_HEADER } from './signature.ts';
import { useWebhooksUi } from './webhooks-store.ts';

/**
 * A delivery to a deleted endpoint cannot be replayed (409): the button stays, disabled, with the reason. While a replay
 * is sent the button keeps the focus (an unavailable Button, not a disabled one, which dropped it to the page), and what
 * came of it is said in a status region that is always there, so a screen reader hears "Replay queued as …".
 */
function ReplayBar({ delivery, fate }: { delivery: WebhookDeliveryDetail; fate: EndpointFate }) {
  const replay = useReplay();
  const showDelivery = useWebhooksUi((s) => s.showDelivery);
  const replayed = replay.data?.id;
  return (
    <div className="wh-replay">
      <Button type="button" className="button primary" disabled={replay.isPending || fate !== null} onClick={() => replay.mutate(delivery.id)}
        aria-describedby="wh-replay-why" data-testid="replay">
        {replay.isPending ? 'Replaying…' : '↻ Replay'}
      </Button>
      {fate ? (
        <span className="muted small" id="wh-replay-why" data-testid="replay-unavailable">
          Replay is not possible: {fate === 'gone-410' ? 'the receiver answered 410 Gone, so the endpoint was deleted' : 'the endpoint of this delivery was deleted'}.
        </span>
      ) : (
        <span className="muted small" id="wh-replay-why">Sends the same payload again with the same event id <code>{delivery.eventId}</code>, as a new delivery.</span>
      )}
      <span role="status" className="wh-replay-said">
        {replayed ? (
          <span className="wh-note wh-note-ok" data-testid="replayed">Replay queued as <code>{replayed}</code> · <button type="button" className="link" onClick={() => showDelivery(replayed, delivery.endpointId)} data-testid="open-replay">Open it →</button></span>
        ) : null}
      </span>
      {replay.isError ? <ErrorState error={replay.error} /> : null}
    </div>
  );
}

/** Whether the delivery's endpoint is gone: a 410 answer deletes it at once (so it is known before the list reloads), else the loaded list lacks it. */
function fateOf(delivery: WebhookDeliveryDetail, endpoints: WebhookEndpoint[] | undefined): EndpointFate {
  const last = [...delivery.attemptLog].sort((a, b) => b.attempt - a.attempt)[0];
  if (last?.responseStatus === GONE) return 'gone-410';
  return endpoints && !endpoints.some((e) => e.id === delivery.endpointId) ? 'deleted' : null;
}

type BodyProps = { delivery: WebhookDeliveryDetail; endpoints: WebhookEndpoint[] | undefined; known: KnownEndpoint[]; now: string | undefined };

function Body({ delivery, endpoints, known, now }: BodyProps) {
  const fate = fateOf(delivery, endpoints);
  // A gone endpoint is named by the URL the console last listed it by, or the core noted a 410's by; by its id
  // only if neither is known. This delivery's own 410 marks it removed before the endpoints list reloads.
  const endpoint = known.find((e) => e.id === delivery.endpointId);
  const gone = endpoint?.gone ?? (fate === 'gone-410' ? 'removed' : fate);
  const endpointName = `${endpoint?.url ?? delivery.endpointId}${goneMark(gone)}`;
  const latest = delivery.attemptLog.reduce((max, a) => Math.max(max, a.attempt), 0);
  const [chosen, setChosen] = useState<{ delivery: string; attempt: number } | null>(null);
  const selected = chosen?.delivery === delivery.id ? chosen.attempt : latest;
  const attempt = delivery.attemptLog.find((a) => a.attempt === selected);
  const rawBody = rawBodyOf(delivery.payload);
  const summary: Array<[string, string]> = [
    ['Endpoint', endpointName], ['Event id', delivery.eventId], ['Delivery id', delivery.id],
    ['Created', time(delivery.createdAt)], ['Attempts', attemptsSaid(delivery)],
  ];
  return (
    <>
      <dl className="fields wh-summary">{summary.map(([label, value]) => <div key={label}><dt>{label}</dt><dd className="mono">{value}</dd></div>)}</dl>
      <ReplayBar delivery={delivery} fate={fate} />
      <section className="wh-section">
        <h3>Attempts</h3>
        <AttemptTimeline delivery={delivery} fate={fate} now={now} selected={selected} onSelect={(n) => setChosen({ delivery: delivery.id, attempt: n })} />
      </section>
      {attempt ? (
        <>
          <section className="wh-section" data-testid="last-response">
            <h3>Response to attempt {attempt.attempt}</h3>
            <div className="wh-response-line">
              <ResponseCode status={attempt.responseStatus} error={attempt.error} />
              <span data-testid="response-latency">{latency(attempt.latencyMs)}</span>
              <span className="muted">{time(attempt.at)}</span>
            </div>
            {attempt.error ? <div className="wh-error-text">{attempt.error}</div> : null}
            <pre className="wh-pre scroll-region" {...scrollRegion('Response body')} data-testid="response-body">{attempt.responseBody === null ? '(no body)' : attempt.responseBody || '(empty body)'}</pre>
          </section>
          <SignatureCheck endpointId={delivery.endpointId} header={attempt.requestHeaders[SIGNATURE_HEADER]} rawBody={rawBody} />
          <section className="wh-section">
            <h3>Request headers of attempt {attempt.attempt}</h3>
            <dl className="wh-headers" data-testid="request-headers">
              {Object.entries(attempt.requestHeaders).map(([name, value]) => (
                <div key={name} className={name.startsWith('x-service-') ? 'is-service' : ''}><dt className="mono">{name}</dt><dd className="mono">{value}</dd></div>
              ))}
            </dl>
          </section>
        </>
      ) : null}
      <section className="wh-section">
        <h3>Payload</h3>
        <JsonView value={delivery.payload} label="Payload" testId="payload" />
      </section>
    </>
  );
}

/** The button of a delivery's row, or of the first row shown once that one is not (scrolled away or filtered out). */
const rowButton = (id: string) => document.querySelector<HTMLElement>(`[data-testid="delivery-row"][data-delivery-id="${CSS.escape(id)}"] button`)
  ?? document.querySelector<HTMLElement>('[data-testid="open-delivery"]');

export function DeliveryDetail({ known, now }: { known: KnownEndpoint[]; now: string | undefined }) {
  const id = useWebhooksUi((s) => s.selectedDeliveryId);
  const endpoints = useEndpoints();
  const openDelivery = useWebhooksUi((s) => s.openDelivery);
  const delivery = useDelivery(id);
  const data = delivery.data?.id === id ? delivery.data : undefined;
  // The detail comes after every rendered row: the focus moves to it as it opens (a screen reader reads it next), and
  // goes back to the delivery's row when it closes (✕ or Escape).
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (id) panel.current?.focus();
  }, [id]);
  const close = () => thenFocus(() => openDelivery(null), () => (id ? rowButton(id) : null));
  return (
    <aside className="card wh-detail" data-testid="delivery-detail" data-delivery-id={id ?? ''} data-status={data?.status ?? ''} data-attempts={data?.attempts ?? ''}
      aria-label="Delivery detail" ref={panel} tabIndex={-1} onKeyDown={(e) => { if (e.key === 'Escape') close(); }}>
      <header className="wh-detail-head">
        <div>
          <h2 className="wh-detail-title"><code className="wh-detail-type">{data?.eventType ?? '…'}</code></h2>
          {data ? <DeliveryStatusBadge status={data.status} title={data.heldReason} /> : null}
        </div>
        <button type="button" className="button ghost small" onClick={close} aria-label="Close delivery" data-testid="close-delivery">✕</button>
      </header>
      <div className="wh-detail-body">
        {delivery.isError ? <ErrorState error={delivery.error} onRetry={() => void delivery.refetch()} /> : !data ? <Loading label="Loading delivery…" /> : (
          <Body key={data.id} delivery={data} endpoints={endpoints.data?.data} known={known} now={now} />
        )}
      </div>
    </aside>
  );
}
