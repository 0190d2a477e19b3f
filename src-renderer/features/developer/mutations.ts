// Developer-tool actions: create a key (its plaintext comes back once) and revoke one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

export function useCreateKey() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => api.post<CreatedApiKey>('/dashboard/api-keys', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['keys'] }),
  });
}

export function useRevokeKey() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del<ApiKey>(`/dashboard/api-keys/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['keys'] }),
  });
}
