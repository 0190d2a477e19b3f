// Server data of the inbox: conversations per channel, a conversation, its thread, the unread counts.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Channel, Conversation, ListEnvelope, Message, UnreadCounts } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

export type ConversationDetail = Conversation & { careWindow: { open: boolean; lastMessageAt: string | null; closesAt: string | null } };

export function useConversations(channel: Channel, search: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['conversations', channel, search],
    queryFn: () => api.get<ListEnvelope<Conversation>>(`/dashboard/conversations?channel=${channel}&limit=100${search ? `&search=${encodeURIComponent(search)}` : ''}`),
    // While a search is typed the last answer stays on screen; another channel's conversations never do (a
    // click on one under the new tab would open a WhatsApp thread as an SMS one).
    placeholderData: (previous, query) => (query?.queryKey[1] === channel ? keepPreviousData(previous) : undefined),
  });
}

export function useConversation(id: string) {
  const api = useApi();
  return useQuery({ queryKey: ['thread', id, 'detail'], queryFn: () => api.get<ConversationDetail>(`/dashboard/conversations/${id}`) });
}

export function useThread(id: string) {
  const api = useApi();
  return useQuery({ queryKey: ['thread', id], queryFn: () => api.get<{ data: Message[] }>(`/dashboard/conversations/${id}/messages`) });
}

/** Conversations with unread messages per channel and in all (the inbox tabs and the sidebar); reloaded live on new messages. */
export function useUnreadCounts() {
  const api = useApi();
  return useQuery({ queryKey: ['unread-counts'], queryFn: () => api.get<UnreadCounts>('/dashboard/conversations/unread-counts') });
}
