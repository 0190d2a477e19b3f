// Server data of the Automations page: the automations a page at a time, the node catalog (names of triggers and
// steps), which integrations are connected, and one automation's recent executions. The live stream reads them again
// as they change (`automations:changed`, `integration:changed`; see api/live.ts), so nothing here is polled.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Automation, AutomationExecution, ListEnvelope, NodeCatalog } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { joinPages, pageAfter } from '../../api/paged-list.ts';
import { useInstagramConnection, useShopifyConnection } from '../channels/queries.ts';

export const AUTOMATIONS_PAGE_SIZE = 20;
export const RECENT_RUNS = 10;

export function useAutomations(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['automations', 'list', page],
    queryFn: () => api.get<ListEnvelope<Automation>>(`/dashboard/automations?page=${page}&limit=${AUTOMATIONS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

export function useNodeCatalog() {
  const api = useApi();
  return useQuery({ queryKey: ['automations', 'catalog'], queryFn: () => api.get<NodeCatalog>('/dashboard/automations/node-catalog'), staleTime: Infinity });
}

/** An integration's name in the catalog (`instagram`) → whether it is connected; one not read (yet) is not. */
export type ConnectedIntegrations = Partial<Record<string, boolean>>;

/**
 * Which of the integrations a trigger or step can need are connected (read again when one is connected or
 * disconnected, on the Channels page or through the dashboard API); `ready` once both were read.
 */
export function useConnectedIntegrations(): { ready: boolean; connected: ConnectedIntegrations } {
  const instagram = useInstagramConnection();
  const shopify = useShopifyConnection();
  return {
    ready: !instagram.isPending && !shopify.isPending,
    connected: { instagram: instagram.data?.connected === true, shopify: shopify.data?.connected === true },
  };
}

/**
 * The automation's runs, newest first, RECENT_RUNS at a time (`fetchNextPage`: Show more runs, under those shown);
 * read only while shown (`enabled`). A new run reloads the pages shown.
 */
export function useRecentRuns(automationId: string, enabled: boolean) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: ['automations', 'runs', automationId],
    queryFn: ({ pageParam }) => api.get<ListEnvelope<AutomationExecution>>(
      `/dashboard/automations/${encodeURIComponent(automationId)}/executions?limit=${RECENT_RUNS}&page=${pageParam}`,
    ),
    initialPageParam: 1,
    getNextPageParam: pageAfter,
    select: (read) => joinPages(read.pages),
    enabled,
  });
}
