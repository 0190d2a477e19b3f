// The delivery log, newest first and live: a virtualised list sized by the log's total that fetches
// only the pages its visible rows fall in, so 10,000 deliveries render a screenful of rows. One Tab stop
// for the whole list; ↑ ↓ Home End move between rows, scrolling the one moved to into the rendered window.
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { WebhookDelivery } from '../../../src-core/contract/index.ts';
import { listStep, tabStop } from '../../components/arrow-keys.ts';
import { focusLost } from '../../components/focus.ts';
import { useScrollbarWidth } from '../../components/scrollbar-width.ts';
import { relativeTime, time } from '../../components/format.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { DeliveryStatusBadge, hostAndPath, ResponseCode } from './delivery-status.tsx';
import { goneMark, shortEndpointNames, type EndpointGoneAs, type KnownEndpoint } from './endpoint-names.ts';
import { DELIVERY_PAGE_SIZE, useDeliveriesHead, useDeliveryPages, type DeliveryScope } from './queries.ts';
import { useWebhooksUi } from './webhooks-store.ts';
import { DateTime } from '../../components/date-time.tsx';

const ROW_HEIGHT = 44;

type Props = {
  scope: DeliveryScope; known: KnownEndpoint[]; now: string | undefined;
  /** Told the list's scrollbar width as it changes (the inspector floating over the list leaves it clear). */
  onScrollbarWidth?: (width: number) => void;
};

/** `endpointUrl` is the endpoint's id where the console knows no URL for it; `gone`, why it is no longer listed. */
type RowProps = {
  delivery: WebhookDelivery; endpointUrl: string; endpointName: string; gone: EndpointGoneAs; now: string | undefined; selected: boolean; index: number;
  /** Whether this row's button is the list's one Tab stop. */
  isTabStop: boolean; onOpen(): void;
};

/**
 * Where the Endpoint column does not fit, the event cell's second line starts with the endpoint's short name. A click
 * anywhere on the row opens the delivery; the keyboard (and a screen reader, which hears a button) opens it with the event.
 */
function Row({ delivery, endpointUrl, endpointName, gone: goneAs, now, selected, index, isTabStop, onOpen }: RowProps) {
  const gone = goneMark(goneAs);
  return (
    <div role="row" aria-rowindex={index + 2} data-row-index={index} className={`wh-row${selected ? ' selected' : ''}`} onClick={onOpen}
      data-testid="delivery-row" data-delivery-id={delivery.id} data-endpoint-id={delivery.endpointId} data-status={delivery.status} data-event-type={delivery.eventType} aria-selected={selected}>
      <span role="cell"><DeliveryStatusBadge status={delivery.status} title={delivery.heldReason} /></span>
      <span role="cell" className="wh-cell-event">
        <button type="button" className="cell-button" aria-expanded={selected} onClick={onOpen} tabIndex={tabStop(isTabStop)} data-testid="open-delivery"><code>{delivery.eventType}</code></button>
        <span className="wh-cell-sub mono"><span className="wh-sub-endpoint" title={endpointUrl} data-testid="row-endpoint">{endpointName}{gone}</span><span className="muted">{delivery.eventId}</span></span>
      </span>
      <span role="cell" className="wh-cell-url muted" title={endpointUrl} data-testid="row-endpoint">{hostAndPath(endpointUrl)}{gone}</span>
      <span role="cell" className="num">{delivery.attempts}</span>
      <span role="cell"><ResponseCode status={delivery.lastResponseStatus} error={delivery.attempts > 0 ? 'No HTTP answer: open the delivery for the error' : null} /></span>
      <span role="cell" className="muted wh-cell-when" data-testid="row-created"><DateTime iso={delivery.createdAt} /></span>
      <span role="cell" className="muted" title={delivery.nextAttemptAt ? time(delivery.nextAttemptAt) : delivery.heldReason ?? undefined}>
        {delivery.nextAttemptAt ? relativeTime(delivery.nextAttemptAt, now) : delivery.status === 'HELD' ? 'on enable' : '—'}
      </span>
    </div>
  );
}

const SkeletonRow = () => <div className="wh-row is-loading" aria-hidden><span className="wh-skeleton" /><span className="wh-skeleton wide" /><span className="wh-skeleton" /></div>;

export function DeliveriesTable({ scope, known, now, onScrollbarWidth }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  useScrollbarWidth(scrollRef, onScrollbarWidth);
  const head = useDeliveriesHead(scope);
  const total = head.data?.meta.total ?? 0;
  const selectedId = useWebhooksUi((s) => s.selectedDeliveryId);
  const openDelivery = useWebhooksUi((s) => s.openDelivery);
  // The row that last had the focus stays rendered wherever the list is scrolled: the focus is not dropped to the page
  // while the arrows move it to a row whose page is still being read (End), and Tab comes back to it.
  const focusedIndex = useRef<number | null>(null);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const kept = focusedIndex.current;
    return kept === null || kept >= range.count || indexes.includes(kept) ? indexes : [kept, ...indexes].sort((a, b) => a - b);
  }, []);
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12, rangeExtractor });
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

  // The Tab stop follows the focus (arrows, a click, a closed delivery's return); while that row is not rendered,
  // the first row in view with its delivery read takes its place, so the list never drops out of the Tab order.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const loaded = items.flatMap((item) => {
    const delivery = rowAt(item.index);
    return delivery ? [{ index: item.index, id: delivery.id }] : [];
  });
  const wanted = focusedId ?? selectedId;
  const stopId = loaded.some((row) => row.id === wanted) ? wanted
    : (loaded.find((row) => row.index >= (virtualizer.range?.startIndex ?? 0)) ?? loaded[0])?.id;
  const noteFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row-index]');
    if (!row?.dataset.deliveryId) return;
    focusedIndex.current = Number(row.dataset.rowIndex);
    setFocusedId(row.dataset.deliveryId);
  };

  // The row the arrows moved to, focused as soon as it is rendered with its delivery read (its page may still be on
  // its way); until then the row moved from keeps the focus, and a key pressed meanwhile moves on from the one awaited.
  const moveTo = useRef<number | null>(null);
  const focusMovedTo = (): void => {
    if (moveTo.current === null) return;
    // The user went elsewhere meanwhile (a click, Tab): the row does not take the focus back from there.
    if (!focusLost() && !scrollRef.current?.contains(document.activeElement)) {
      moveTo.current = null;
      return;
    }
    const button = scrollRef.current?.querySelector<HTMLElement>(`[data-row-index="${moveTo.current}"] [data-testid="open-delivery"]`);
    if (!button) return;
    moveTo.current = null;
    button.focus();
  };
  useLayoutEffect(() => {
    focusMovedTo();
  });
  function onRowsKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row-index]');
    const next = listStep(event.key, moveTo.current ?? (row ? Number(row.dataset.rowIndex) : -1), total);
    if (next === null) return;
    event.preventDefault();
    moveTo.current = next;
    virtualizer.scrollToIndex(next, { align: 'auto' });
    focusMovedTo();
  }

  return (
    <div className="card wh-table" role="table" aria-label="Webhook deliveries" aria-rowcount={total} data-testid="deliveries-table"
      data-total={total} data-ready={head.isSuccess && !head.isPlaceholderData ? 'true' : 'false'}>
      <div role="row" className="wh-row wh-head">
        <span role="columnheader">Status</span><span role="columnheader">Event</span><span role="columnheader">Endpoint</span>
        <span role="columnheader" className="num">Attempts</span><span role="columnheader">Response</span><span role="columnheader">Created</span><span role="columnheader">Next retry</span>
      </div>
      <div className={`wh-scroll${head.isPlaceholderData ? ' is-stale' : ''}`} ref={scrollRef} data-testid="deliveries-scroll"
        onKeyDown={onRowsKey} onFocus={noteFocus}>
        {head.isPending ? <Loading label="Loading deliveries…" /> : head.isError ? <ErrorState error={head.error} onRetry={() => void head.refetch()} /> : total === 0 ? (
          <Empty title={scope.status ? 'No deliveries with this status' : 'No deliveries yet'}>Deliveries appear here live as events fire. Send a test from an endpoint to see one.</Empty>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const delivery = rowAt(item.index);
              return (
                <div key={delivery?.id ?? `slot-${item.index}`} className="wh-slot" style={{ transform: `translateY(${item.start}px)`, height: item.size }}>
                  {delivery ? <Row delivery={delivery} endpointUrl={endpointOf(delivery.endpointId)?.url ?? delivery.endpointId} index={item.index} isTabStop={delivery.id === stopId}
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
