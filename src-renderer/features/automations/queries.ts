// Server data of the Automations page: the automations a page at a time, the node catalog (names of triggers and
// steps), and one automation's recent executions, polled gently (the live stream carries no automation events).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Automation, AutomationExecution, ListEnvelope, NodeCatalog } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

/** How often the list and an open automation's runs are read again while the page is open. */
export const AUTOMATIONS_POLL_MS = 3_000;
export const AUTOMATIONS_PAGE_SIZE = 20;
export const RECENT_RUNS = 10;

export function useAutomations(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['automations', 'list', page],
    queryFn: () => api.get<ListEnvelope<Automation>>(`/dashboard/automations?page=${page}&limit=${AUTOMATIONS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
    refetchInterval: AUTOMATIONS_POLL_MS,
  });
}

export function useNodeCatalog() {
  const api = useApi();
  return useQuery({ queryKey: ['automations', 'catalog'], queryFn: () => api.get<NodeCatalog>('/dashboard/automations/node-catalog'), staleTime: Infinity });
}

/** The automation's latest runs, newest first; read only while shown (`enabled`). */
export function useRecentRuns(automationId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['automations', 'runs', automationId],
    queryFn: () => api.get<ListEnvelope<AutomationExecution>>(`/dashboard/automations/${encodeURIComponent(automationId)}/executions?limit=${RECENT_RUNS}`),
    enabled,
    refetchInterval: enabled ? AUTOMATIONS_POLL_MS : false,
  });
}
