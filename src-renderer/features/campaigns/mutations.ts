// Changes to campaigns: create a WhatsApp draft, launch, cancel; each refreshes the campaign queries and the wallet.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignStatus, CancelResult, CreateWaCampaignInput, LaunchResult } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import type { CampaignTab } from './queries.ts';

/** The answer of POST /…/whatsapp/campaigns. */
export type CreatedWaCampaign = {
  id: string; name: string; status: CampaignStatus; templateId: string; totalRecipients: number; duplicatesRemoved: number;
  scheduledAt: string | null; scheduleTimezone: string | null; createdAt: string;
};

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ['campaigns'] }), client.invalidateQueries({ queryKey: ['wallet'] })]);
}

export function useCreateWaCampaign() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreateWaCampaignInput) => api.post<CreatedWaCampaign>('/dashboard/whatsapp/campaigns', input),
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
