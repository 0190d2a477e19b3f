// UI state of the webhook inspector: the open tab, the deliveries filter, the open delivery, the signing
// secrets shown once at creation or rotation (kept in memory only, never persisted), and the endpoints a
// receiver's 410 removed (said until dismissed).
import { create } from 'zustand';
import type { DeliveryStatus } from '../../../src-core/contract/index.ts';

export type WebhooksTab = 'endpoints' | 'deliveries';
export type ShownSecret = { endpointId: string; url: string; secret: string; reason: 'created' | 'rotated' };
/** An endpoint the core deleted because its receiver answered 410 Gone; `url` is null when the console never listed it. */
export type EndpointGone = { endpointId: string; url: string | null; eventType: string; deliveryId: string };

type WebhooksUiState = {
  tab: WebhooksTab;
  setTab(tab: WebhooksTab): void;
  status: DeliveryStatus | '';
  setStatus(status: DeliveryStatus | ''): void;
  endpointFilter: string;
  setEndpointFilter(endpointId: string): void;
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
  noteEndpointGone(gone: EndpointGone): void;
  dismissGone(endpointId: string): void;
};

export const useWebhooksUi = create<WebhooksUiState>((set) => ({
  tab: 'endpoints',
  setTab: (tab) => set({ tab }),
  status: '',
  setStatus: (status) => set({ status }),
  endpointFilter: '',
  setEndpointFilter: (endpointFilter) => set({ endpointFilter }),
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
  // Several deliveries in flight may each get the 410: the endpoint is named once.
  noteEndpointGone: (gone) => set((state) => (state.gone.some((g) => g.endpointId === gone.endpointId) ? {} : {
    gone: [...state.gone, gone],
    shown: state.shown?.endpointId === gone.endpointId ? null : state.shown,
    endpointFilter: state.endpointFilter === gone.endpointId ? '' : state.endpointFilter,
  })),
  dismissGone: (endpointId) => set((state) => ({ gone: state.gone.filter((g) => g.endpointId !== endpointId) })),
}));
