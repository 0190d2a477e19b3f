// How the inbox names the customer of a message that came in (its row's name, else its address): what the console's
// sentences and notices about customers writing in say (app/customers-wrote-in.ts).
import type { QueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '../../../src-core/contract/index.ts';
import type { Api } from '../../api/http.ts';
import { customerLabel } from '../../components/format.ts';
import type { ConversationPages } from './conversation-refresh.ts';

/** How a conversation's customer is named, and whether their contact is blocked (then nothing is said). */
export type Named = { who: string; blocked: boolean };

/** The conversation `id` as a list of the inbox, or an open thread, last read it: no request for one already shown. */
function cachedConversation(client: QueryClient, id: string): Conversation | undefined {
  for (const query of client.getQueryCache().findAll({ queryKey: ['conversations'] })) {
    const found = (query.state.data as ConversationPages | undefined)?.pages.flatMap((page) => page.data).find((c) => c.id === id);
    if (found) return found;
  }
  return client.getQueryData<Conversation>(['thread', id, 'detail']);
}

/** How the inbox names a message's customer (its row's name, else its address), from what is shown, else read. */
export async function inboxNameOf(client: QueryClient, api: Api, message: Pick<Message, 'conversationId' | 'address'>): Promise<Named | null> {
  if (!message.conversationId) return null;
  const conversation = cachedConversation(client, message.conversationId)
    ?? await api.get<Conversation>(`/dashboard/conversations/${encodeURIComponent(message.conversationId)}`);
  return { who: customerLabel(conversation), blocked: conversation.contactBlocked };
}
