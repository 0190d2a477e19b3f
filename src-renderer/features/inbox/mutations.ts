// Inbox actions: reply (sent as MANUAL through the channel's own path) and mark read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation, Message, WaSendComponent } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { ApiError } from '../../api/http.ts';

/** A template reply: the template and its send components (header, body, button parameters). */
export type TemplateReply = { templateId: string; components: WaSendComponent[] };

export function useReply(conversationId: string, contactId: string | null) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    /** Text, or (WhatsApp, once the window has closed) an approved template with its values. */
    mutationFn: (reply: string | { template: TemplateReply }) =>
      api.post<Message>(`/dashboard/conversations/${conversationId}/reply`, typeof reply === 'string' ? { text: reply } : reply),
    onSuccess: () => client.invalidateQueries({ queryKey: ['thread', conversationId] }),
    // Blocked elsewhere while the composer was open (the live event not yet here): refresh the contact so the notice shows.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CONTACT_BLOCKED' && contactId) void client.invalidateQueries({ queryKey: ['contact', contactId] });
    },
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
      client.invalidateQueries({ queryKey: ['unread-counts'] }),
    ]),
  });
}
