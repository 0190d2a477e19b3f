// Changes to forms (the builder: create, change; delete) and a visitor's submission through the form's public route
// (the simulator's); each reloads the forms, a submission the contacts too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateFormInput, Form, FormSubmission, SubmissionInput } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { FORMS_KEY } from './queries.ts';

export function useSaveForm() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    /** A new form (no `id`), or a change to one. */
    mutationFn: ({ id, ...body }: CreateFormInput & { id?: string | undefined }) =>
      (id ? api.patch<Form>(`/dashboard/forms/${id}`, body) : api.post<Form>('/dashboard/forms', body)),
    onSuccess: () => client.invalidateQueries({ queryKey: FORMS_KEY }),
  });
}

export function useDeleteForm() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => api.del(`/dashboard/forms/${id}`), onSuccess: () => client.invalidateQueries({ queryKey: FORMS_KEY }) });
}

/** Posts the answers to `POST /forms/{id}/submissions`, the public route a visitor's page posts to (JSON here). */
export function useSubmitForm() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, answers }: { formId: string; answers: SubmissionInput }) => api.post<FormSubmission>(`/forms/${formId}/submissions`, answers),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: FORMS_KEY });
      await client.invalidateQueries({ queryKey: ['contacts'] });
    },
  });
}
