// The organizations the console can show, and the one it shows (the default: the one its live stream joins).
import { useQuery } from '@tanstack/react-query';
import { useApi } from './context.tsx';

export function useOrganizations() {
  const api = useApi();
  return useQuery({ queryKey: ['organizations'], queryFn: () => api.get<{ defaultOrganizationId: string }>('/dashboard/organizations') });
}

/** The organization the console shows (undefined until read). */
export const useOrganizationId = (): string | undefined => useOrganizations().data?.defaultOrganizationId;
