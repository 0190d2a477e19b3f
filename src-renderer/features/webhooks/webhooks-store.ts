// UI state of the webhook inspector: the open tab, the deliveries filter, the open delivery, the signing
// secrets shown once at creation or rotation (kept in memory only, never persisted), the endpoints a
// receiver's 410 removed (said until dismissed), and the URL of every endpoint the console has listed (so a
// deleted endpoint's deliveries are still named by it).
import { create } from 'zustand';
import type { DeliveryStatus, WebhookDelivery } from '../../../src-core/contract/index.ts';

export type WebhooksTab = 'endpoints' | 'deliveries';
export type ShownSecret = { endpointId: string; url: string; secret: string; reason: 'created' | 'rotated' };
/** An endpoint the core deleted because its receiver answered 410 Gone; `url` is null when the console never listed it. */
export type EndpointGone = { endpointId: string; url: string | null; eventType: string; deliveryId: string };
/** What the deliveries filter needs of the open delivery: its status and endpoint. */
export type OpenDeliveryFacts = Pick<WebhookDelivery, 'status' | 'endpointId'>;

/**
 * Whether the list, filtered by `status` and `endpointId` ('' for all), shows a delivery with these facts;
 * a delivery not read yet (`undefined`) counts as shown only where the filter hides nothing.
 */
export function filterShows(filter: { status: DeliveryStatus | ''; endpointId: string }, open: OpenDeliveryFacts | undefined): boolean {
  if (!open) return filter.status === '' && filter.endpointId === '';
  return (filter.status === '' || filter.status === open.status) && (filter.endpointId === '' || filter.endpointId === open.endpointId);
}

type WebhooksUiState = {
  tab: WebhooksTab;
  setTab(tab: WebhooksTab): void;
  status: DeliveryStatus | '';
  /** Filters by status; `open` is the open delivery as last read: a filter that hides it closes it. */
  setStatus(status: DeliveryStatus | '', open: OpenDeliveryFacts | undefined): void;
  endpointFilter: string;
  /** Filters by endpoint ('' for all); like `setStatus`, closes the open delivery if the list would hide it. */
  setEndpointFilter(endpointId: string, open: OpenDeliveryFacts | undefined): void;
  selectedDeliveryId: string | null;
  openDelivery(id: string | null): void;
  /**
   * Opens a delivery from outside the list (an endpoint's test, a replay, a notice): the status filter is
   * cleared and an endpoint filter on another endpoint moves to this one (or to all endpoints, for `''`), so
   * the list never hides the open delivery.
   */
  showDelivery(id: string, endpointId: string): void;
  /** The latest secret seen per endpoint: the "current secret" for the local signature check. */
  secrets: Record<string, string>;
  /** The secret on screen right now (shown once), and when it was shown (ms); dismissed by the user, or when its endpoint goes. */
  shown: (ShownSecret & { shownAt: number }) | null;
  showSecret(shown: ShownSecret): void;
  dismissSecret(): void;
  gone: EndpointGone[];
  /** Every endpoint's URL as the console last listed it, deleted ones included (for as long as the console runs). */
  seen: Record<string, string>;
  noteEndpoints(endpoints: ReadonlyArray<{ id: string; url: string }>): void;
  noteEndpointGone(gone: EndpointGone): void;
  dismissGone(endpointId: string): void;
};

/** The filter changed to `next`: the open delivery stays open only if the list still shows it. */
const refilter = (state: WebhooksUiState, next: { status: DeliveryStatus | ''; endpointFilter: string }, open: OpenDeliveryFacts | undefined) => ({
  ...next, selectedDeliveryId: filterShows({ status: next.status, endpointId: next.endpointFilter }, open) ? state.selectedDeliveryId : null,
});

export const useWebhooksUi = create<WebhooksUiState>((set) => ({
  tab: 'endpoints',
  setTab: (tab) => set({ tab }),
  status: '',
  setStatus: (status, open) => set((state) => refilter(state, { status, endpointFilter: state.endpointFilter }, open)),
  endpointFilter: '',
  setEndpointFilter: (endpointFilter, open) => set((state) => refilter(state, { status: state.status, endpointFilter }, open)),
  selectedDeliveryId: null,
  openDelivery: (id) => set(id ? { selectedDeliveryId: id, tab: 'deliveries' } : { selectedDeliveryId: null }),
  showDelivery: (id, endpointId) => set((state) => ({
    selectedDeliveryId: id, tab: 'deliveries', status: '', endpointFilter: state.endpointFilter === '' ? '' : endpointId,
  })),
  secrets: {},
  shown: null,
  showSecret: (shown) => set((state) => ({ shown: { ...shown, shownAt: Date.now() }, secrets: { ...state.secrets, [shown.endpointId]: shown.secret } })),
  dismissSecret: () => set({ shown: null }),
  gone: [],
  seen: {},
  noteEndpoints: (endpoints) => set((state) => (endpoints.every((e) => state.seen[e.id] === e.url) ? {}
    : { seen: { ...state.seen, ...Object.fromEntries(endpoints.map((e) => [e.id, e.url])) } })),
  // Several deliveries in flight may each get the 410: the endpoint is named once.
  noteEndpointGone: (gone) => set((state) => (state.gone.some((g) => g.endpointId === gone.endpointId) ? {} : {
    gone: [...state.gone, gone],
    seen: gone.url ? { ...state.seen, [gone.endpointId]: gone.url } : state.seen,
    shown: state.shown?.endpointId === gone.endpointId ? null : state.shown,
    endpointFilter: state.endpointFilter === gone.endpointId ? '' : state.endpointFilter,
  })),
  dismissGone: (endpointId) => set((state) => ({ gone: state.gone.filter((g) => g.endpointId !== endpointId) })),
}));
