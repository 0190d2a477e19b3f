// Changes to lifecycle stages and to a contact's stage; each reloads the contacts (the stages' key is under theirs).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleContact, LifecycleStage } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

function useReloadContacts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['contacts'] });
}

/** Puts the contact in a stage (null: none): the panel shows the answer at once, the lists and stage counts are read again. */
export function useSetContactStage(contactId: string) {
  const api = useApi();
  const client = useQueryClient();
  const reload = useReloadContacts();
  return useMutation({
    mutationFn: (stageId: string | null) => api.put<ConsoleContact>(`/dashboard/contacts/${contactId}/lifecycle-stage`, { stageId }),
    onSuccess: (contact) => {
      client.setQueryData(['contact', contactId], contact);
      return reload();
    },
  });
}

export function useCreateStage() {
  const api = useApi();
  const reload = useReloadContacts();
  return useMutation({ mutationFn: (name: string) => api.post<LifecycleStage>('/dashboard/lifecycle-stages', { name }), onSuccess: reload });
}

export function useRenameStage() {
  const api = useApi();
  const reload = useReloadContacts();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api.patch<LifecycleStage>(`/dashboard/lifecycle-stages/${id}`, { name }),
    onSuccess: reload,
  });
}

/** The whole order, first stage first. */
export function useReorderStages() {
  const api = useApi();
  const reload = useReloadContacts();
  return useMutation({ mutationFn: (stageIds: string[]) => api.put('/dashboard/lifecycle-stages/order', { stageIds }), onSuccess: reload });
}

/** Refused (409) while contacts are in the stage; the card says so before. */
export function useDeleteStage() {
  const api = useApi();
  const reload = useReloadContacts();
  return useMutation({ mutationFn: (id: string) => api.del(`/dashboard/lifecycle-stages/${id}`), onSuccess: reload });
}
