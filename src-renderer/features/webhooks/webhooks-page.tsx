// The webhook inspector: endpoints (create, secret once, rotate, enable/disable, test) and the live
// delivery log with each delivery's attempts, signature check and replay.
import { useEffect, useMemo } from 'react';
import { moveChoice, tabProps } from '../../components/arrow-keys.ts';
import { useVirtualNow } from '../simulator/queries.ts';
import { DeliveriesPanel } from './deliveries-panel.tsx';
import { retryGaps } from './delivery-words.ts';
import { EndpointGoneNotices } from './endpoint-gone.tsx';
import { knownEndpoints } from './endpoint-names.ts';
import { EndpointsPanel } from './endpoints-panel.tsx';
import { countFailing } from './endpoint-health.ts';
import { useEndpoints, useGoneEndpoints, useLastAttempts } from './queries.ts';
import { useWebhooksUi, type WebhooksTab } from './webhooks-store.ts';
import './webhooks.css';

const TABS: Array<{ tab: WebhooksTab; label: string }> = [{ tab: 'endpoints', label: 'Endpoints' }, { tab: 'deliveries', label: 'Deliveries' }];

export function WebhooksPage() {
  const { tab, setTab } = useWebhooksUi();
  const endpoints = useEndpoints();
  const now = useVirtualNow();
  const noteEndpoints = useWebhooksUi((s) => s.noteEndpoints);
  useEffect(() => { if (endpoints.data) noteEndpoints(endpoints.data.data); }, [endpoints.data, noteEndpoints]);
  // What a delivery names as its endpoint: listed, or gone, by a 410 (the core's list and the live notices) or a deletion.
  const seen = useWebhooksUi((s) => s.seen);
  const liveGone = useWebhooksUi((s) => s.gone);
  const storedGone = useGoneEndpoints().data?.data;
  const known = useMemo(() => knownEndpoints(endpoints.data?.data ?? [], seen, [...liveGone, ...(storedGone ?? [])]), [endpoints.data, seen, liveGone, storedGone]);
  const lastAttempts = useLastAttempts().data?.data;
  const failing = countFailing(endpoints.data?.data ?? [], lastAttempts ?? []);
  return (
    <div className="page padded wh-page" data-testid="webhooks-page">
      <div className="page-title">
        <div>
          <h1>Webhooks</h1>
          <p className="muted subtitle">Signed event deliveries to your endpoints; a failed one is tried again {retryGaps()} after the one before, as the hosted service does, timed on the virtual clock; signatures carry real time, as receivers check them.</p>
        </div>
      </div>
      <div className="tabs wh-tabs" role="tablist" aria-label="Webhooks" onKeyDown={moveChoice}>
        {TABS.map((item) => (
          <button key={item.tab} type="button" {...tabProps('webhooks', item.tab, tab === item.tab)} className={`tab wh-tab${tab === item.tab ? ' active' : ''}`} onClick={() => setTab(item.tab)} data-testid={`tab-${item.tab}`}>
            {item.label}
            {item.tab === 'endpoints' && endpoints.data ? <span className="wh-count">{endpoints.data.meta.total}</span> : null}
            {item.tab === 'endpoints' && failing > 0 ? <span className="wh-count is-bad" title="Endpoints whose last delivery failed, or disabled">{failing} failing</span> : null}
          </button>
        ))}
      </div>
      <EndpointGoneNotices />
      {/* The endpoints stay mounted, hidden, while the deliveries show: their cards keep what they showed (a sent test's
          line, an opened fold, a form half filled in) across a switch of tabs. */}
      <EndpointsPanel shown={tab === 'endpoints'} />
      {tab === 'deliveries' ? <DeliveriesPanel endpoints={endpoints.data?.data ?? []} known={known} now={now} /> : null}
    </div>
  );
}
