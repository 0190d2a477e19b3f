// What the Templates page lists and creates: WhatsApp templates, email templates and sending domains, SMS
// sender ids and DLT templates. Reviews happen on the virtual clock, so the live stream reads these again
// when the clock moves (api/live.ts); a creation also refreshes the campaign builders' pickers.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/context.tsx';

/** Every list here is one page of at most 100, newest first. */
export function useTemplateList<T>(kind: string, path: string) {
  const api = useApi();
  return useQuery({ queryKey: ['templates', kind], queryFn: () => api.get<{ data: T[] }>(path) });
}

export function useCreate<Input>(path: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => api.post<unknown>(path, input),
    onSuccess: () => {
      for (const queryKey of [['templates'], ['campaign-lookups'], ['whatsapp-templates']]) void client.invalidateQueries({ queryKey });
    },
  });
}
