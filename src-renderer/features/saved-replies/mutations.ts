// Changes to saved replies (the manage dialog): create, change, delete; each reloads every list of them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSavedReplyInput, SavedReply, UpdateSavedReplyInput } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { SAVED_REPLIES_KEY } from './queries.ts';

function useReload() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: SAVED_REPLIES_KEY });
}

export function useSaveSavedReply() {
  const api = useApi();
  const reload = useReload();
  return useMutation({
    /** A new reply (no `id`), or a change to one. */
    mutationFn: ({ id, ...body }: CreateSavedReplyInput & { id?: string | undefined }) =>
      (id ? api.patch<SavedReply>(`/dashboard/saved-replies/${id}`, body satisfies UpdateSavedReplyInput) : api.post<SavedReply>('/dashboard/saved-replies', body)),
    onSuccess: reload,
  });
}

export function useDeleteSavedReply() {
  const api = useApi();
  const reload = useReload();
  return useMutation({ mutationFn: (id: string) => api.del(`/dashboard/saved-replies/${id}`), onSuccess: reload });
}
