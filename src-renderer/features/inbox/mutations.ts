// Inbox actions: reply (sent as MANUAL through the channel's own path) and mark read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

export function useReply(conversationId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<Message>(`/dashboard/conversations/${conversationId}/reply`, { text }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['thread', conversationId] }),
  });
}

export function useMarkRead(conversationId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Conversation>(`/dashboard/conversations/${conversationId}/read`, {}),
    onSuccess: (conversation) => Promise.all([
      client.invalidateQueries({ queryKey: ['conversations', conversation.channel] }),
      client.invalidateQueries({ queryKey: ['thread', conversationId] }),
    ]),
  });
}
