// The organizations the console can show, and the one it shows (the default: the one its live stream joins).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Organization } from '../../src-core/contract/index.ts';
import { useApi } from './context.tsx';

export type Organizations = { data: Organization[]; defaultOrganizationId: string };

export function useOrganizations() {
  const api = useApi();
  return useQuery({ queryKey: ['organizations'], queryFn: () => api.get<Organizations>('/dashboard/organizations') });
}

/** The organization the console shows (undefined until read). */
export const useOrganizationId = (): string | undefined => useOrganizations().data?.defaultOrganizationId;

/** The organization the console shows, whole (undefined until read). */
export function useOrganization(): Organization | undefined {
  const { data } = useOrganizations();
  return data?.data.find((org) => org.id === data.defaultOrganizationId);
}

/** Renames an organization: the name customers see as the sender of what has no sender of its own (WhatsApp). */
export function useRenameOrganization() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api.patch<Organization>(`/dashboard/organizations/${id}`, { name }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['organizations'] }),
  });
}
