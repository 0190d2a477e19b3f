// What the Channels page lists and saves: WhatsApp templates, SMS sender ids and DLT templates, RCS bots and
// templates, email templates, sending domains and the SMTP connection, the Instagram connection. Reviews
// happen on the virtual clock, so the live stream reads these again when the clock moves (api/live.ts); a
// save also refreshes the campaign builders' pickers.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/context.tsx';

export function useLookup<T>(kind: string, path: string) {
  const api = useApi();
  return useQuery({ queryKey: ['templates', kind], queryFn: () => api.get<T>(path) });
}
/** Every list here is one page of at most 100, newest first. */
export const useTemplateList = <T>(kind: string, path: string) => useLookup<{ data: T[] }>(kind, path);

/** Writes through a dashboard route (POST by default); the page's lists and the campaign builders' pickers read again. */
export function useSave<Input>(path: string, method: 'post' | 'put' | 'del' = 'post') {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => (method === 'del' ? api.del<unknown>(path) : api[method]<unknown>(path, input)),
    onSuccess: () => {
      for (const queryKey of [['templates'], ['campaign-lookups'], ['whatsapp-templates']]) void client.invalidateQueries({ queryKey });
    },
  });
}
