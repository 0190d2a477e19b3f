// Webhook actions: create (secret once), enable/disable (holding or resuming its deliveries), rotate
// (secret once), delete, send a test, replay a delivery. Each refreshes the lists it changes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { SCENARIOS_KEY } from '../simulator/queries.ts';

export type CreateEndpointInput = { url: string; events: '*' | WebhookEventType[]; description?: string };
export type TestSent = { deliveryId: string; eventId: string; eventType: string };

function useInvalidate() {
  const client = useQueryClient();
  return (...keys: string[]) => Promise.all(keys.map((key) => client.invalidateQueries({ queryKey: [key] })));
}
/** The endpoints listening (or not) to `voice.app.call.inbound` decide where a phone's call goes: the Simulator's words for it follow. */
const ROUTING = SCENARIOS_KEY[0];

export function useCreateEndpoint() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CreateEndpointInput) => api.post<WebhookEndpoint>('/dashboard/webhooks', input),
    onSuccess: () => invalidate('webhooks', ROUTING),
  });
}

export function useSetEndpointActive() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => api.patch<WebhookEndpoint>(`/dashboard/webhooks/${encodeURIComponent(id)}`, { isActive }),
    // Disabling holds the endpoint's waiting deliveries and enabling resumes them: the log changes too.
    onSuccess: () => invalidate('webhooks', 'webhook-deliveries', 'webhook-delivery', ROUTING),
  });
}

export function useRotateSecret() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.post<WebhookEndpoint>(`/dashboard/webhooks/${encodeURIComponent(id)}/rotate-secret`),
    onSuccess: () => invalidate('webhooks'),
  });
}

export function useDeleteEndpoint() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.del<undefined>(`/dashboard/webhooks/${encodeURIComponent(id)}`),
    onSuccess: () => invalidate('webhooks', 'webhook-deliveries', ROUTING),
  });
}

export function useSendTest() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, eventType }: { id: string; eventType: WebhookEventType | '' }) =>
      api.post<TestSent>(`/dashboard/webhooks/${encodeURIComponent(id)}/test`, eventType ? { eventType } : {}),
    onSuccess: () => invalidate('webhook-deliveries'),
  });
}

export function useReplay() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (deliveryId: string) => api.post<WebhookDelivery>(`/dashboard/webhooks/deliveries/${encodeURIComponent(deliveryId)}/replay`),
    onSuccess: () => invalidate('webhook-deliveries'),
  });
}
