// Server data of the webhook inspector: endpoints and their last attempts, the event catalogue, pages of the delivery log,
// one delivery with its attempts, and the endpoints a receiver's 410 removed. Live updates arrive as invalidations from api/live.ts.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { DeliveryStatus, EndpointLastAttempts, ListEnvelope, WebhookCatalogueEntry, WebhookDelivery, WebhookDeliveryDetail, WebhookEndpoint, WebhookEndpointsGone } from '../../../src-core/contract/index.ts';
import type { Api } from '../../api/http.ts';
import { useApi } from '../../api/context.tsx';

/** One entry of `GET /webhooks/events` (seed 001: "not shown"; `emitted` is false for events this build never fires). */
export type CatalogueEvent = WebhookCatalogueEntry;

/** Rows per request of the delivery log; the virtualised table asks only for the pages it shows. */
export const DELIVERY_PAGE_SIZE = 100;

export type DeliveryScope = { status: DeliveryStatus | ''; endpointId: string };

/** The endpoints list (all of them: at most MAX_ENDPOINTS, under the limit asked for). */
export const ENDPOINTS_KEY = ['webhooks'] as const;
/** One read holds every endpoint while MAX_ENDPOINTS (50) is at most this, the route's largest page (queries.test.ts). */
export const ENDPOINTS_LIMIT = 100;

export function useEndpoints() {
  const api = useApi();
  return useQuery({ queryKey: ENDPOINTS_KEY, queryFn: () => api.get<ListEnvelope<WebhookEndpoint>>(`/dashboard/webhooks?limit=${ENDPOINTS_LIMIT}`) });
}

/**
 * Each endpoint's last attempt, test or real (its card's health). Under the endpoints' key, so whatever reloads them
 * (every finished attempt, live) reloads it too.
 */
export function useLastAttempts() {
  const api = useApi();
  return useQuery({ queryKey: [...ENDPOINTS_KEY, 'last-attempts'], queryFn: () => api.get<EndpointLastAttempts>('/dashboard/webhooks/last-attempts') });
}

export function useEventCatalogue() {
  const api = useApi();
  return useQuery({ queryKey: ['webhook-events'], queryFn: () => api.get<{ data: CatalogueEvent[] }>('/dashboard/webhooks/events'), staleTime: Infinity });
}

function deliveriesPage(api: Api, scope: DeliveryScope, page: number) {
  const params = new URLSearchParams({ page: String(page), limit: String(DELIVERY_PAGE_SIZE) });
  if (scope.status) params.set('status', scope.status);
  const base = scope.endpointId ? `/dashboard/webhooks/${encodeURIComponent(scope.endpointId)}/deliveries` : '/dashboard/webhook-deliveries';
  return api.get<ListEnvelope<WebhookDelivery>>(`${base}?${params.toString()}`);
}

const pageQuery = (api: Api, scope: DeliveryScope, page: number) => ({
  queryKey: ['webhook-deliveries', scope.endpointId, scope.status, page] as const,
  queryFn: () => deliveriesPage(api, scope, page),
  placeholderData: keepPreviousData,
});

/** The first page: the newest rows and the total the virtual list is sized by. */
export function useDeliveriesHead(scope: DeliveryScope) {
  const api = useApi();
  return useQuery(pageQuery(api, scope, 1));
}

/** The pages (1-based) that the visible rows fall in; other pages are never requested. */
export function useDeliveryPages(scope: DeliveryScope, pages: number[]) {
  const api = useApi();
  return useQueries({ queries: pages.map((page) => pageQuery(api, scope, page)) });
}

export function useDelivery(id: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['webhook-delivery', id],
    queryFn: () => api.get<WebhookDeliveryDetail>(`/dashboard/webhooks/deliveries/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/** The endpoints a 410 removed lately (the core keeps them whether or not a console was open); read afresh whenever the inspector opens. */
export const GONE_KEY = ['webhooks-gone'] as const;

export function useGoneEndpoints() {
  const api = useApi();
  return useQuery({ queryKey: GONE_KEY, queryFn: () => api.get<WebhookEndpointsGone>('/dashboard/webhooks/gone'), staleTime: 0 });
}
