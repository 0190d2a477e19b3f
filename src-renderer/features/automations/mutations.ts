// Automation actions from the console: create (always paused), change, activate, pause, delete, and rerun an
// execution. Each reads again the lists it changes (the list's counts and statuses, the automation's runs).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Automation, AutomationExecution } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import type { AutomationBody } from './draft.ts';

const path = (id: string) => `/dashboard/automations/${encodeURIComponent(id)}`;

function useInvalidate() {
  const client = useQueryClient();
  return (...keys: unknown[][]) => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function useCreateAutomation() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AutomationBody) => api.post<Automation>('/dashboard/automations', body),
    onSuccess: () => invalidate(['automations', 'list']),
  });
}

export function useUpdateAutomation(id: string) {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AutomationBody) => api.patch<Automation>(path(id), body),
    onSuccess: () => invalidate(['automations', 'list']),
  });
}

/** Activate or pause; pausing stops the waiting runs, so the runs are read again too. */
export function useSetAutomationStatus(id: string) {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (to: 'activate' | 'pause') => api.post<Automation>(`${path(id)}/${to}`),
    onSuccess: () => invalidate(['automations', 'list'], ['automations', 'runs', id]),
  });
}

export function useDeleteAutomation(id: string) {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => api.del<undefined>(path(id)),
    onSuccess: () => invalidate(['automations', 'list']),
  });
}

export function useRerun(automationId: string) {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (executionId: string) => api.post<AutomationExecution>(`${path(automationId)}/executions/${encodeURIComponent(executionId)}/rerun`),
    onSuccess: () => invalidate(['automations', 'runs', automationId], ['automations', 'list']),
  });
}
