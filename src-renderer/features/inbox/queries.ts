// Server data of the inbox: conversations per channel (open, snoozed or resolved), a conversation, its thread (paged back), the unread counts.
import { keepPreviousData, useInfiniteQuery, useIsMutating, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { CHANNELS, CONVERSATION_STATES, type Channel, type Conversation, type ConversationState, type ListEnvelope, type Message, type ThreadPage, type UnreadCounts } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { conversationRows } from './conversation-pages.tsx';
import { joinOlder, readNewest, withMessage } from './thread-pages.ts';

export type ConversationDetail = Conversation & { careWindow: { open: boolean; lastMessageAt: string | null; closesAt: string | null } };

/** Conversations read a page at a time (the route's maximum). */
const CONVERSATIONS_PAGE = 100;

/** A page of a channel's open, snoozed or resolved conversations (or of those matching `search`), most recent first (snoozed: soonest to wake). */
export const conversationsPath = (channel: Channel, search: string, page: number, state: ConversationState) =>
  `/dashboard/conversations?channel=${channel}&state=${state}&limit=${CONVERSATIONS_PAGE}&page=${page}${search ? `&search=${encodeURIComponent(search)}` : ''}`;

/** The key of a channel's list of open, snoozed or resolved conversations (or of those matching `search`). */
const conversationsKey = (channel: Channel, search: string, state: ConversationState): QueryKey => ['conversations', channel, search, state];
/** Which conversations a list's query (`conversationsKey`) reads. */
export const stateOfList = (key: QueryKey): ConversationState => CONVERSATION_STATES.find((state) => state === key[3]) ?? 'open';

/**
 * The key of a live read of a list's first page alone (conversation-refresh.ts), made beside the list's own query and
 * joined to it: a mutation, so each read is its own (one begun after a new message is never answered by one begun
 * before it), pending from the read until the join.
 */
export const firstPageReadKey = (list: QueryKey): QueryKey => ['conversations-first-page', ...list.slice(1)];

/**
 * A channel's open, snoozed or resolved conversations (or those matching `search`), most recent first (the snoozed ones
 * soonest to wake first), a page at a time: `fetchNextPage` reads the next, while some are not listed yet. A live change
 * reads the first page alone (conversation-refresh.ts; the Snoozed list every loaded page), so a conversation lifted to
 * the top leaves no gap further down; after a failure, a reconnect or a conversation resolved, snoozed or reopened every
 * loaded page is read.
 */
export function useConversations(channel: Channel, search: string, state: ConversationState) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: conversationsKey(channel, search, state),
    queryFn: ({ pageParam }) => api.get<ListEnvelope<Conversation>>(conversationsPath(channel, search, pageParam, state)),
    initialPageParam: 1,
    // Every one listed (a live read of the first page adds a new conversation without reading the pages after it): done.
    getNextPageParam: (last, pages) => (last.meta.page < last.meta.totalPages && conversationRows(pages).length < last.meta.total ? last.meta.page + 1 : undefined),
    // While a search is typed the last answer stays on screen; another channel's conversations never do (a
    // click on one under the new tab would open a WhatsApp thread as an SMS one), nor open ones under Resolved.
    placeholderData: (previous, query) => (query?.queryKey[1] === channel && query.queryKey[3] === state ? keepPreviousData(previous) : undefined),
  });
}

/**
 * Whether a list of conversations is being read: a page, all its pages, or its first page alone after a new message
 * (until that is joined). While it is, the list is not ready and its next page waits.
 */
export function useConversationsBusy(list: { isFetching: boolean }, channel: Channel, search: string, state: ConversationState): boolean {
  const readingFirstPage = useIsMutating({ mutationKey: firstPageReadKey(conversationsKey(channel, search, state)), exact: true }) > 0;
  return list.isFetching || readingFirstPage;
}

export function useConversation(id: string) {
  const api = useApi();
  return useQuery({ queryKey: ['thread', id, 'detail'], queryFn: () => api.get<ConversationDetail>(`/dashboard/conversations/${id}`) });
}

const threadKey = (id: string) => ['thread', id];
const threadPath = (id: string, before?: string) => `/dashboard/conversations/${id}/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`;

/**
 * A thread as shown: its newest page, and the older pages the agent loaded (`useOlderMessages`). A live reload reads
 * the newest page again and joins it to what is shown, so the history being read stays (see thread-pages.ts).
 */
export function useThread(id: string) {
  const api = useApi();
  const client = useQueryClient();
  return useQuery({
    queryKey: threadKey(id),
    queryFn: () => readNewest((before) => api.get<ThreadPage>(threadPath(id, before)), () => client.getQueryData<ThreadPage>(threadKey(id))),
  });
}

/**
 * A message's live change (a status event carries the whole message) shown in its thread, in whichever loaded page
 * holds it: the thread's live reload reads only the newest page, and an older one's ticks would stay as first read.
 */
export function showMessageChange(client: QueryClient, message: Message): void {
  if (!message.conversationId) return;
  const key = threadKey(message.conversationId);
  const shown = client.getQueryData<ThreadPage>(key);
  const changed = withMessage(shown, message);
  if (changed !== shown) client.setQueryData<ThreadPage>(key, changed);
}

/**
 * Loads the page of messages just older than the first shown, at the top of the thread (`useThread`'s data). A read
 * that changes nothing on the server, run on the agent's demand: a mutation gives it a pending and an error state.
 */
export function useOlderMessages(id: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<{ cursor: string; older: ThreadPage } | null> => {
      const first = client.getQueryData<ThreadPage>(threadKey(id))?.data[0];
      return first ? { cursor: first.id, older: await api.get<ThreadPage>(threadPath(id, first.id)) } : null;
    },
    onSuccess: (loaded) => {
      if (loaded) client.setQueryData<ThreadPage>(threadKey(id), (shown) => joinOlder(shown, loaded.cursor, loaded.older));
    },
  });
}

/**
 * Open conversations with unread messages per channel and in all (the inbox tabs and the sidebar); reloaded live on new
 * messages and on a conversation resolved, snoozed or reopened.
 */
export function useUnreadCounts() {
  const api = useApi();
  return useQuery({ queryKey: ['unread-counts'], queryFn: () => api.get<UnreadCounts>('/dashboard/conversations/unread-counts') });
}

/** A list of conversations a search finds some in: a channel's open, snoozed or resolved ones, and how many. */
export type SearchFound = { channel: Channel; state: ConversationState; total: number };
/** The key of where else a search finds conversations; reloaded live on a new message and a conversation's state changed. */
export const SEARCH_ELSEWHERE_KEY = ['conversation-search-elsewhere'] as const;

/**
 * Where else `search` finds conversations while the list shown (`channel`'s `state` ones) finds none: the channel's other
 * lists, then the same list on each other channel, those finding some only (a count read each, one row asked for).
 */
export function useSearchElsewhere(channel: Channel, search: string, state: ConversationState) {
  const api = useApi();
  return useQuery({
    queryKey: [...SEARCH_ELSEWHERE_KEY, channel, search, state],
    queryFn: async (): Promise<SearchFound[]> => {
      const places = [
        ...CONVERSATION_STATES.filter((other) => other !== state).map((other) => ({ channel, state: other })),
        ...CHANNELS.filter((other) => other !== channel).map((other) => ({ channel: other, state })),
      ];
      const found = await Promise.all(places.map(async (place) => ({
        ...place,
        total: (await api.get<ListEnvelope<Conversation>>(`/dashboard/conversations?channel=${place.channel}&state=${place.state}&limit=1&search=${encodeURIComponent(search)}`)).meta.total,
      })));
      return found.filter((place) => place.total > 0);
    },
  });
}
