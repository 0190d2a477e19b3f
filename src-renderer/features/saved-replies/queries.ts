// Server data of saved replies: the organization's, by name, or those a search finds (the picker's).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SavedReply } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

export const SAVED_REPLIES_KEY = ['saved-replies'] as const;

export function useSavedReplies(search: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...SAVED_REPLIES_KEY, search],
    queryFn: () => api.get<{ data: SavedReply[] }>(`/dashboard/saved-replies${search ? `?search=${encodeURIComponent(search)}` : ''}`),
    // While a search is typed the last answer stays: the picker does not flash empty between keys.
    placeholderData: keepPreviousData,
  });
}
