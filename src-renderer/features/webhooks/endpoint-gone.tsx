// A receiver that answers 410 Gone unsubscribes: the core deletes that endpoint at once and exhausts its
// waiting deliveries. The live stream notes it here, the core keeps a note for a console opened later, and
// the inspector says so until dismissed (a dismissal kept in the browser's storage).
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeliveryAttemptEvent, ListEnvelope, WebhookEndpoint } from '../../../src-core/contract/index.ts';
import { goneNotices, readDismissed, rememberDismissed } from './gone-notices.ts';
import { useOrganizationId } from '../../api/organizations.ts';
import { ENDPOINTS_KEY, useGoneEndpoints } from './queries.ts';
import { useWebhooksUi } from './webhooks-store.ts';

/** The status a receiver answers to unsubscribe (seed 001: the endpoint is deleted). */
export const GONE = 410;

/**
 * Notes the endpoint a 410 removed, named by the URL the console last listed for it (read before the list
 * reloads without it).
 */
export function noteIfGone(client: Pick<QueryClient, 'getQueryData'>, attempt: DeliveryAttemptEvent): void {
  if (attempt.responseStatus !== GONE) return;
  const listed = client.getQueryData<ListEnvelope<WebhookEndpoint>>(ENDPOINTS_KEY)?.data.find((e) => e.id === attempt.endpointId);
  useWebhooksUi.getState().noteEndpointGone({ endpointId: attempt.endpointId, url: listed?.url ?? null, eventType: attempt.eventType, deliveryId: attempt.deliveryId });
}

export function EndpointGoneNotices() {
  const live = useWebhooksUi((s) => s.gone);
  const dismissLive = useWebhooksUi((s) => s.dismissGone);
  const stored = useGoneEndpoints();
  const orgId = useOrganizationId();
  // A dismissal renders again, reading the stored dismissals anew (a short list, read on each render).
  const [, setDismissals] = useState(0);
  const dismissed = orgId ? readDismissed(localStorage, orgId) : [];
  // The core's notes wait for the organization: without it, which were dismissed is not known.
  const gone = goneNotices(live, orgId ? stored.data?.data ?? [] : [], dismissed);
  const dismiss = (endpointId: string) => {
    if (orgId) rememberDismissed(localStorage, orgId, endpointId);
    setDismissals((n) => n + 1);
    dismissLive(endpointId);
  };
  // Its endpoint is gone from the filter's choices: the delivery is shown among all endpoints'.
  const showDelivery = useWebhooksUi((s) => s.showDelivery);
  return (
    <div className="wh-gone-list" data-testid="endpoint-gone-list" data-ready={stored.isSuccess && !stored.isFetching && orgId !== undefined}>
      {gone.map((g) => (
        <div key={g.endpointId} className="wh-note wh-gone" role="alert" data-testid="endpoint-gone-notice" data-endpoint-id={g.endpointId}>
          <span>
            <strong>Endpoint removed:</strong> <span className="mono">{g.url ?? g.endpointId}</span> answered <strong>410 Gone</strong> to
            a <code>{g.eventType}</code> delivery, which asks the sender to stop, so the endpoint was deleted. Its waiting deliveries
            are exhausted. <button type="button" className="link" onClick={() => showDelivery(g.deliveryId, '')} data-testid="open-gone-delivery">View delivery →</button>
          </span>
          <button type="button" className="button ghost small" onClick={() => dismiss(g.endpointId)} data-testid="dismiss-gone">Dismiss</button>
        </div>
      ))}
    </div>
  );
}
