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
