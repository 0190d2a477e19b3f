// UI state of the webhook inspector: the open tab, the deliveries filter, the open delivery, and the
// signing secrets shown once at creation or rotation (kept in memory only, never persisted).
import { create } from 'zustand';
import type { DeliveryStatus } from '../../../src-core/contract/index.ts';

export type WebhooksTab = 'endpoints' | 'deliveries';
export type ShownSecret = { endpointId: string; url: string; secret: string; reason: 'created' | 'rotated' };

type WebhooksUiState = {
  tab: WebhooksTab;
  setTab(tab: WebhooksTab): void;
  status: DeliveryStatus | '';
  setStatus(status: DeliveryStatus | ''): void;
  endpointFilter: string;
  setEndpointFilter(endpointId: string): void;
  selectedDeliveryId: string | null;
  openDelivery(id: string | null): void;
  /** The latest secret seen per endpoint: the "current secret" for the local signature check. */
  secrets: Record<string, string>;
  /** The secret on screen right now (shown once); dismissed by the user. */
  shown: ShownSecret | null;
  showSecret(shown: ShownSecret): void;
  dismissSecret(): void;
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
  secrets: {},
  shown: null,
  showSecret: (shown) => set((state) => ({ shown, secrets: { ...state.secrets, [shown.endpointId]: shown.secret } })),
  dismissSecret: () => set({ shown: null }),
}));
