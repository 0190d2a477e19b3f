// Changes to campaigns: create (a draft, or a campaign launched at once), launch, cancel, delete a draft;
// each refreshes the campaign queries and the wallet.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelResult, LaunchResult, ListEnvelope } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import type { CampaignTab } from './queries.ts';

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ['campaigns'] }), client.invalidateQueries({ queryKey: ['wallet'] })]);
}

/**
 * POST /dashboard/{channel}/campaigns: every channel answers at least the new campaign's id. With
 * `andLaunch`, POST /dashboard/{channel}/campaigns/create-and-launch: created and launched in one
 * transaction, so a refusal (the wallet, the template, an audience matching nobody) leaves no draft behind.
 */
export function useCreateCampaign<Input, Created extends { id: string } = { id: string }>(channel: CampaignTab, andLaunch = false) {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: Input) => api.post<Created>(`/dashboard/${channel}/campaigns${andLaunch ? '/create-and-launch' : ''}`, input),
    onSuccess: refresh,
  });
}

export function useLaunchCampaign(channel: CampaignTab) {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post<LaunchResult>(`/dashboard/${channel}/campaigns/${id}/launch`),
    onSuccess: refresh,
  });
}

export function useCancelCampaign(channel: CampaignTab) {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post<CancelResult>(`/dashboard/${channel}/campaigns/${id}/cancel`),
    onSuccess: refresh,
  });
}

/** DELETE /dashboard/{channel}/campaigns/{id}: a DRAFT only (409 otherwise). */
export function useDeleteDraft(channel: CampaignTab) {
  const api = useApi();
  const refresh = useRefresh();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del<undefined>(`/dashboard/${channel}/campaigns/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) => {
      // The list is not on screen while the draft is, so its refetch comes after it shows again: the cached
      // pages drop the draft now, or it would flash back for a moment.
      client.setQueriesData<ListEnvelope<{ id: string }>>({ queryKey: ['campaigns', channel, 'list'] }, (page) =>
        (page ? { ...page, data: page.data.filter((c) => c.id !== id) } : page));
      return refresh();
    },
  });
}
