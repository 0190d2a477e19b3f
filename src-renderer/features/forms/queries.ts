// Server data of forms: the organization's forms (with their public links, submission and spam counts), and one form's
// submissions, newest first, a page at a time.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Form, FormSubmissionList } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { joinPages, pageAfter } from '../../api/paged-list.ts';

export const FORMS_KEY = ['forms'] as const;
/** Submissions read at once: the route's default page. */
export const SUBMISSIONS_PAGE = 50;

export function useForms() {
  const api = useApi();
  return useQuery({ queryKey: FORMS_KEY, queryFn: () => api.get<{ data: Form[] }>('/dashboard/forms') });
}

/**
 * A form's submissions, newest first, a page at a time (`fetchNextPage`: Show more). Under FORMS_KEY, so a submission
 * made anywhere (the stream's `form:submitted`) reloads the pages shown: the new one on top, each listed once.
 */
export function useFormSubmissions(formId: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: [...FORMS_KEY, formId, 'submissions'],
    queryFn: ({ pageParam }) => api.get<FormSubmissionList>(`/dashboard/forms/${encodeURIComponent(formId)}/submissions?limit=${SUBMISSIONS_PAGE}&page=${pageParam}`),
    initialPageParam: 1,
    getNextPageParam: pageAfter,
    select: (read) => joinPages(read.pages),
  });
}
