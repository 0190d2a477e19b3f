// The deliveries tab: filters (status, endpoint), the live virtualised log and the detail panel. A filter
// that would hide the open delivery closes it: the panel never shows a delivery the list hides.
import { useState, type CSSProperties } from 'react';
import { DELIVERY_STATUSES, type DeliveryStatus, type WebhookEndpoint } from '../../../src-core/contract/index.ts';
import { moveChoice, tabPanelProps, tabStop } from '../../components/arrow-keys.ts';
import { DeliveriesTable } from './deliveries-table.tsx';
import { DeliveryDetail } from './delivery-detail.tsx';
import { hostAndPath, STATUS_LABEL } from './delivery-status.tsx';
import type { KnownEndpoint } from './endpoint-names.ts';
import { useDeliveriesHead, useDelivery } from './queries.ts';
import { useWebhooksUi } from './webhooks-store.ts';

/** `endpoints`: those listed (the filter's choices); `known`: every endpoint a delivery may name, gone ones too. */
export function DeliveriesPanel({ endpoints, known, now }: { endpoints: WebhookEndpoint[]; known: KnownEndpoint[]; now: string | undefined }) {
  const { status, setStatus, endpointFilter, setEndpointFilter, selectedDeliveryId } = useWebhooksUi();
  const scope = { status, endpointId: endpointFilter };
  const head = useDeliveriesHead(scope);
  // The open delivery as the panel last read it (the same query, so no request of its own).
  const open = useDelivery(selectedDeliveryId);
  const openFacts = open.data?.id === selectedDeliveryId ? open.data : undefined;
  // Where the panel floats over the list (below 1100 px), it stops short of the list's scrollbar (webhooks.css).
  const [scrollbar, setScrollbar] = useState(0);
  return (
    <div className={`wh-deliveries${selectedDeliveryId ? ' with-detail' : ''}`} style={{ '--wh-list-scrollbar': `${scrollbar}px` } as CSSProperties}
      {...tabPanelProps('webhooks', 'deliveries')}>
      <div className="wh-deliveries-main">
        <div className="wh-toolbar">
          <div className="wh-segmented" role="radiogroup" aria-label="Status" onKeyDown={moveChoice}>
            {(['', ...DELIVERY_STATUSES] as Array<DeliveryStatus | ''>).map((value) => (
              <button key={value || 'all'} type="button" role="radio" aria-checked={status === value} tabIndex={tabStop(status === value)} className={status === value ? 'active' : ''}
                onClick={() => setStatus(value, openFacts)} data-testid={`status-filter-${value || 'all'}`}>{value ? STATUS_LABEL[value].replace(' · retrying', '') : 'All'}</button>
            ))}
          </div>
          <select value={endpointFilter} onChange={(e) => setEndpointFilter(e.target.value, openFacts)} aria-label="Endpoint" data-testid="endpoint-filter" className="wh-select">
            <option value="">All endpoints</option>
            {endpoints.map((endpoint) => <option key={endpoint.id} value={endpoint.id}>{hostAndPath(endpoint.url)}</option>)}
          </select>
          <div className="spacer" />
          <span className="muted small" data-testid="deliveries-count">{head.data ? `${head.data.meta.total.toLocaleString()} deliver${head.data.meta.total === 1 ? 'y' : 'ies'} · newest first` : ''}</span>
        </div>
        <DeliveriesTable scope={scope} known={known} now={now} onScrollbarWidth={setScrollbar} />
      </div>
      {selectedDeliveryId ? <DeliveryDetail known={known} now={now} /> : null}
    </div>
  );
}
