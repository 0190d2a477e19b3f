// Server data of forms: the organization's forms (with their public links and submission counts), and one form's submissions.
import { useQuery } from '@tanstack/react-query';
import type { Form, FormSubmission } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

export const FORMS_KEY = ['forms'] as const;

export function useForms() {
  const api = useApi();
  return useQuery({ queryKey: FORMS_KEY, queryFn: () => api.get<{ data: Form[] }>('/dashboard/forms') });
}

export function useFormSubmissions(formId: string) {
  const api = useApi();
  return useQuery({ queryKey: [...FORMS_KEY, formId, 'submissions'], queryFn: () => api.get<{ data: FormSubmission[] }>(`/dashboard/forms/${formId}/submissions`) });
}
