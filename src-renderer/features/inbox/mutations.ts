// Inbox actions: reply (sent as MANUAL through the channel's own path) and mark read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation, Message, WaSendComponent } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { ApiError } from '../../api/http.ts';
import { showConversationRead } from './conversation-refresh.ts';

/** A WhatsApp template reply: the template and its send components (header, body, button parameters). */
export type TemplateReply = { templateId: string; components: WaSendComponent[] };
/** An RCS reply: an approved RCS template and a value for each of its {{variables}}. */
export type RcsTemplateReply = { templateId: string; variables: Record<string, string> };

export function useReply(conversationId: string, contactId: string | null) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    /** Text, or an approved template with its values: WhatsApp's once the window has closed, RCS's always. */
    mutationFn: (reply: string | { template: TemplateReply | RcsTemplateReply }) =>
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
      // Put in place where it is listed, and the first page read: not every loaded page again.
      showConversationRead(client, api, conversation),
      client.invalidateQueries({ queryKey: ['thread', conversationId] }),
      client.invalidateQueries({ queryKey: ['unread-counts'] }),
    ]),
  });
}
