// Server data of the developer tools: keys, scopes and the request log.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { statusRangeOf, type ApiKey, type ListEnvelope, type McpEndpointInfo, type RequestLogDetail, type RequestLogEntry, type Scope } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

export function useKeys() {
  const api = useApi();
  return useQuery({ queryKey: ['keys'], queryFn: () => api.get<{ data: ApiKey[] }>('/dashboard/api-keys') });
}

export function useScopes() {
  const api = useApi();
  return useQuery({ queryKey: ['scopes'], queryFn: () => api.get<{ data: Scope[]; groups: Record<string, Scope[]>; notUsedYet: Scope[] }>('/dashboard/scopes'), staleTime: Infinity });
}

/** The assistant endpoint (MCP): its URL and the tools this build offers (fixed while the server runs). */
export function useAssistantEndpoint() {
  const api = useApi();
  return useQuery({ queryKey: ['assistant-endpoint'], queryFn: () => api.get<McpEndpointInfo>('/dashboard/mcp'), staleTime: Infinity });
}

/** The log's filters as typed; `status` is text (a code or a class) and applies only once it is one. */
export type LogFilter = { keyId: string; status: string; path: string; code: string };
/** Entries per page of the request log. */
export const REQUEST_LOG_PAGE_SIZE = 50;

/** A status as typed: `403` or `4xx` (any case) as the core takes it; blank is no filter; anything else is not a status. */
export function statusFilterOf(text: string): { ok: true; status: string | null } | { ok: false } {
  const clean = text.trim().toLowerCase();
  if (clean === '') return { ok: true, status: null };
  return statusRangeOf(clean) ? { ok: true, status: clean } : { ok: false };
}

function logParams(filter: LogFilter, page: number, limit: number, upTo: string | null): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (filter.keyId) params.set('keyId', filter.keyId);
  const status = statusFilterOf(filter.status);
  if (status.ok && status.status) params.set('status', status.status);
  if (filter.path) params.set('path', filter.path);
  if (filter.code) params.set('code', filter.code);
  if (upTo) params.set('upTo', upTo);
  return params.toString();
}

/**
 * One page of the log, newest first. With `upTo` (an entry's id) the pages hold that entry and older ones only,
 * so new requests do not push the rows being read down a page; page 1 without it is the live head.
 */
export function useRequestLog(filter: LogFilter, page: number, upTo: string | null) {
  const api = useApi();
  const params = logParams(filter, page, REQUEST_LOG_PAGE_SIZE, upTo);
  return useQuery({
    queryKey: ['request-log', 'page', params],
    queryFn: () => api.get<ListEnvelope<RequestLogEntry>>(`/dashboard/request-log?${params}`),
    placeholderData: keepPreviousData,
  });
}

/** How many entries match the filter now, new ones included (read while an anchored page is shown). */
export function useRequestLogTotal(filter: LogFilter, enabled: boolean) {
  const api = useApi();
  const params = logParams(filter, 1, 1, null);
  return useQuery({
    queryKey: ['request-log', 'total', params],
    queryFn: async () => (await api.get<ListEnvelope<RequestLogEntry>>(`/dashboard/request-log?${params}`)).meta.total,
    enabled,
  });
}

/** One entry with the bodies the log kept of it (a failed request's); an entry does not change once logged. */
export function useRequestLogDetail(id: string) {
  const api = useApi();
  return useQuery({
    // Not under ['request-log'], which every logged request reloads: an entry's detail never changes.
    queryKey: ['request-log-detail', id],
    queryFn: () => api.get<RequestLogDetail>(`/dashboard/request-log/${encodeURIComponent(id)}`),
    staleTime: Infinity,
  });
}
