// Server data of the developer tools: keys, scopes and the request log.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiKey, ListEnvelope, RequestLogEntry, Scope } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

export function useKeys() {
  const api = useApi();
  return useQuery({ queryKey: ['keys'], queryFn: () => api.get<{ data: ApiKey[] }>('/dashboard/api-keys') });
}

export function useScopes() {
  const api = useApi();
  return useQuery({ queryKey: ['scopes'], queryFn: () => api.get<{ data: Scope[]; groups: Record<string, Scope[]> }>('/dashboard/scopes'), staleTime: Infinity });
}

export type LogFilter = { keyId: string; status: string; path: string };

export function useRequestLog(filter: LogFilter) {
  const api = useApi();
  const params = new URLSearchParams({ limit: '100' });
  if (filter.keyId) params.set('keyId', filter.keyId);
  // Only a whole status filters: while "4" or "40" is being typed the list stays as it was.
  if (/^[1-5]\d\d$/.test(filter.status)) params.set('status', filter.status);
  if (filter.path) params.set('path', filter.path);
  return useQuery({
    queryKey: ['request-log', params.toString()],
    queryFn: () => api.get<ListEnvelope<RequestLogEntry>>(`/dashboard/request-log?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}
