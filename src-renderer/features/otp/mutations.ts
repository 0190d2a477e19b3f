// OTP widget actions: create one, change one (partial). The list is read again; the log and analytics show
// widget names from it, so nothing else needs reloading.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOtpWidgetInput, OtpWidget, UpdateOtpWidgetInput } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

/** What the form sends: the core fills in the defaults of fields left out. */
export type NewOtpWidget = Partial<CreateOtpWidgetInput> & { name: string };

export function useCreateOtpWidget() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewOtpWidget) => api.post<OtpWidget>('/dashboard/otp-widgets', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['otp', 'widgets'] }),
  });
}

export function useUpdateOtpWidget() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateOtpWidgetInput }) => api.patch<OtpWidget>(`/dashboard/otp-widgets/${encodeURIComponent(id)}`, changes),
    onSuccess: () => client.invalidateQueries({ queryKey: ['otp', 'widgets'] }),
  });
}

/** Sending, resending and checking a code from the console (the /v1 routes' dashboard twins): the log and analytics move. */
export function useOtpAction<I, O>(path: 'send' | 'retry' | 'verify') {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => api.post<O>(`/dashboard/otp/${path}`, input),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['otp', 'logs'] }), client.invalidateQueries({ queryKey: ['otp', 'analytics'] })]),
  });
}
