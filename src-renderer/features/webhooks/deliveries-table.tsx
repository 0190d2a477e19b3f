// The delivery log, newest first and live: a virtualised list sized by the log's total that fetches
// only the pages its visible rows fall in, so 10,000 deliveries render a screenful of rows.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { WebhookDelivery } from '../../../src-core/contract/index.ts';
import { relativeTime, time } from '../../components/format.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { DeliveryStatusBadge, hostAndPath, ResponseCode } from './delivery-status.tsx';
import { goneMark, shortEndpointNames, type EndpointGoneAs, type KnownEndpoint } from './endpoint-names.ts';
import { DELIVERY_PAGE_SIZE, useDeliveriesHead, useDeliveryPages, type DeliveryScope } from './queries.ts';
import { useWebhooksUi } from './webhooks-store.ts';

const ROW_HEIGHT = 44;

type Props = { scope: DeliveryScope; known: KnownEndpoint[]; now: string | undefined };

/** `endpointUrl` is the endpoint's id where the console knows no URL for it; `gone`, why it is no longer listed. */
type RowProps = {
  delivery: WebhookDelivery; endpointUrl: string; endpointName: string; gone: EndpointGoneAs; now: string | undefined; selected: boolean; rowIndex: number; onOpen(): void;
};

/**
 * Where the Endpoint column does not fit, the event cell's second line starts with the endpoint's short name. A click
 * anywhere on the row opens the delivery; the keyboard (and a screen reader, which hears a button) opens it with the event.
 */
function Row({ delivery, endpointUrl, endpointName, gone: goneAs, now, selected, rowIndex, onOpen }: RowProps) {
  const gone = goneMark(goneAs);
  return (
    <div role="row" aria-rowindex={rowIndex} className={`wh-row${selected ? ' selected' : ''}`} onClick={onOpen}
      data-testid="delivery-row" data-delivery-id={delivery.id} data-endpoint-id={delivery.endpointId} data-status={delivery.status} data-event-type={delivery.eventType} aria-selected={selected}>
      <span role="cell"><DeliveryStatusBadge status={delivery.status} title={delivery.heldReason} /></span>
      <span role="cell" className="wh-cell-event">
        <button type="button" className="cell-button" aria-expanded={selected} onClick={onOpen} data-testid="open-delivery"><code>{delivery.eventType}</code></button>
        <span className="wh-cell-sub mono"><span className="wh-sub-endpoint" title={endpointUrl} data-testid="row-endpoint">{endpointName}{gone}</span><span className="muted">{delivery.eventId}</span></span>
      </span>
      <span role="cell" className="wh-cell-url muted" title={endpointUrl} data-testid="row-endpoint">{hostAndPath(endpointUrl)}{gone}</span>
      <span role="cell" className="num">{delivery.attempts}</span>
      <span role="cell"><ResponseCode status={delivery.lastResponseStatus} error={delivery.attempts > 0 ? 'No HTTP answer: open the delivery for the error' : null} /></span>
      <span role="cell" className="muted">{time(delivery.createdAt)}</span>
      <span role="cell" className="muted" title={delivery.nextAttemptAt ? time(delivery.nextAttemptAt) : delivery.heldReason ?? undefined}>
        {delivery.nextAttemptAt ? relativeTime(delivery.nextAttemptAt, now) : delivery.status === 'HELD' ? 'on enable' : '—'}
      </span>
    </div>
  );
}

const SkeletonRow = () => <div className="wh-row is-loading" aria-hidden><span className="wh-skeleton" /><span className="wh-skeleton wide" /><span className="wh-skeleton" /></div>;

export function DeliveriesTable({ scope, known, now }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const head = useDeliveriesHead(scope);
  const total = head.data?.meta.total ?? 0;
  const selectedId = useWebhooksUi((s) => s.selectedDeliveryId);
  const openDelivery = useWebhooksUi((s) => s.openDelivery);
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const pageNumbers = [...new Set(items.map((item) => Math.floor(item.index / DELIVERY_PAGE_SIZE) + 1))];
  const pages = useDeliveryPages(scope, pageNumbers);
  const rowAt = (index: number): WebhookDelivery | undefined => {
    const slot = pageNumbers.indexOf(Math.floor(index / DELIVERY_PAGE_SIZE) + 1);
    return pages[slot]?.data?.data[index % DELIVERY_PAGE_SIZE];
  };
  // A gone endpoint keeps its URL (as last listed, or as the core noted a 410's); only one with neither shows as its id.
  const names = useMemo(() => shortEndpointNames(known), [known]);
  const endpointOf = (endpointId: string) => known.find((e) => e.id === endpointId);

  // New deliveries are inserted at the top; when the reader has scrolled down, move the scroll
  // position by as many rows so the rows under their eyes stay put instead of sliding down.
  const seen = useRef({ key: '', total: 0 });
  const scopeKey = `${scope.endpointId}|${scope.status}`;
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const previous = seen.current;
    if (element && previous.key === scopeKey && total > previous.total && element.scrollTop > 0) element.scrollTop += (total - previous.total) * ROW_HEIGHT;
    seen.current = { key: scopeKey, total };
  }, [scopeKey, total]);

  return (
    <div className="card wh-table" role="table" aria-label="Webhook deliveries" aria-rowcount={total} data-testid="deliveries-table"
      data-total={total} data-ready={head.isSuccess && !head.isPlaceholderData ? 'true' : 'false'}>
      <div role="row" className="wh-row wh-head">
        <span role="columnheader">Status</span><span role="columnheader">Event</span><span role="columnheader">Endpoint</span>
        <span role="columnheader" className="num">Attempts</span><span role="columnheader">Response</span><span role="columnheader">Created</span><span role="columnheader">Next retry</span>
      </div>
      <div className={`wh-scroll${head.isPlaceholderData ? ' is-stale' : ''}`} ref={scrollRef} data-testid="deliveries-scroll">
        {head.isPending ? <Loading label="Loading deliveries…" /> : head.isError ? <ErrorState error={head.error} onRetry={() => void head.refetch()} /> : total === 0 ? (
          <Empty title={scope.status ? 'No deliveries with this status' : 'No deliveries yet'}>Deliveries appear here live as events fire. Send a test from an endpoint to see one.</Empty>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const delivery = rowAt(item.index);
              return (
                <div key={delivery?.id ?? `slot-${item.index}`} className="wh-slot" style={{ transform: `translateY(${item.start}px)`, height: item.size }}>
                  {delivery ? <Row delivery={delivery} endpointUrl={endpointOf(delivery.endpointId)?.url ?? delivery.endpointId} rowIndex={item.index + 2}
                    endpointName={names.get(delivery.endpointId) ?? delivery.endpointId} gone={endpointOf(delivery.endpointId)?.gone ?? null} now={now} selected={delivery.id === selectedId} onOpen={() => openDelivery(delivery.id)} /> : <SkeletonRow />}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {pages.some((page) => page.isError) ? <ErrorState error={pages.find((page) => page.isError)?.error} /> : null}
    </div>
  );
}
