// The inbox's loaded pages of conversations kept current without reading them all again: a new message reads the first
// page alone (where its conversation now is, in the list's own state, open or resolved; the Snoozed list, in wake order,
// is read whole) and joins it to the pages shown; a conversation read is put in place. One resolved, snoozed or reopened leaves its list: every loaded page
// is read (live.ts).
import { MutationObserver, type InfiniteData, type Query, type QueryClient } from '@tanstack/react-query';
import type { Channel, Conversation, ListEnvelope, Message } from '../../../src-core/contract/index.ts';
import type { Api } from '../../api/http.ts';
import { conversationsPath, firstPageReadKey, stateOfList } from './queries.ts';

export type ConversationPages = InfiniteData<ListEnvelope<Conversation>, unknown>;

/**
 * Whether a first page read now can be joined to the pages shown: only if every conversation that changed since they
 * were read is on it. A new message lifts its conversation above every one without (the list is most recent first), so
 * one row on the new first page unchanged since (same id, same last message) means all the changed ones rank above it;
 * a first page that is the whole list holds them all too. Otherwise (more than a page of them moved) some may sit
 * further down, where the loaded pages show them in their old place or not at all.
 */
function holdsEveryChange(shown: ConversationPages, first: ListEnvelope<Conversation>): boolean {
  if (first.meta.totalPages <= 1) return true;
  const lastMessageAt = new Map(shown.pages.flatMap((page) => page.data.map((c) => [c.id, c.lastMessageAt] as const)));
  return first.data.some((c) => lastMessageAt.has(c.id) && lastMessageAt.get(c.id) === c.lastMessageAt);
}

/**
 * The pages shown after a read of the first alone; null when that read cannot be joined (see `holdsEveryChange`) and
 * the loaded pages must be read again. A new message only ever lifts its conversation to the top (rows change place no
 * other way), so: the first page as read, then the rest as shown less the conversations it now holds, led by the rows
 * of the old first page it pushed down. Rows further down keep what they showed: only a conversation with a new message
 * changes, and it is on the first page (a read is put in place by `withConversation`; a contact's change reads all pages).
 */
export function joinFirstPage(shown: ConversationPages, first: ListEnvelope<Conversation>): ConversationPages | null {
  if (!holdsEveryChange(shown, first)) return null;
  const onFirst = new Set(first.data.map((c) => c.id));
  const [pushedDown, ...later] = shown.pages;
  const { total, totalPages } = first.meta;
  const pages = later.map((page, i) => ({
    data: [...(i === 0 && pushedDown ? pushedDown.data : []), ...page.data].filter((c) => !onFirst.has(c.id)),
    meta: { ...page.meta, total, totalPages },
  }));
  return { pages: [first, ...pages], pageParams: shown.pageParams };
}

/**
 * The pages shown with `conversation` as the core now has it, wherever it is listed. A search's row keeps what the search
 * matched (`searchMatch`, which only a search's answer carries): the conversation read from a search still shows, and
 * its thread still marks, the message it was found by.
 */
export function withConversation(shown: ConversationPages, conversation: Conversation): ConversationPages {
  if (!shown.pages.some((page) => page.data.some((c) => c.id === conversation.id))) return shown;
  const inPlace = (listed: Conversation): Conversation => (listed.searchMatch ? { ...conversation, searchMatch: listed.searchMatch } : conversation);
  const pages = shown.pages.map((page) => (page.data.some((c) => c.id === conversation.id)
    ? { ...page, data: page.data.map((c) => (c.id === conversation.id ? inPlace(c) : c)) } : page));
  return { ...shown, pages };
}

/** Reads of the first page before the loaded pages are read again instead, while other reads keep changing them. */
const ATTEMPTS = 3;

const listsOf = (client: QueryClient, channel: Channel) => client.getQueryCache().findAll({ queryKey: ['conversations', channel] });
const readAll = (client: QueryClient, query: Query) => void client.invalidateQueries({ queryKey: query.queryKey, exact: true });

/** Once no read of the query is under way (its next page, all its pages): what it shows then is what a join meets. */
function settled(client: QueryClient, query: Query): Promise<void> {
  if (query.state.fetchStatus === 'idle') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = client.getQueryCache().subscribe((event) => {
      if (event.query !== query || (event.type !== 'removed' && query.state.fetchStatus !== 'idle')) return;
      stop();
      resolve();
    });
  });
}

/**
 * The first page read and joined to what the query shows. The join is made only to the pages the read started from:
 * if they changed meanwhile (another live read, the next page, a conversation read), the read is made again, as a
 * first page read earlier may land later and would put back what a later one had moved on.
 */
async function readFirstPage(client: QueryClient, api: Api, query: Query, channel: Channel, attempts: number): Promise<void> {
  const shown = client.getQueryData<ConversationPages>(query.queryKey);
  let first: ListEnvelope<Conversation>;
  try {
    first = await api.get<ListEnvelope<Conversation>>(conversationsPath(channel, '', 1, stateOfList(query.queryKey)));
    await settled(client, query);
  } catch {
    readAll(client, query);
    return;
  }
  if (client.getQueryCache().get(query.queryHash) !== query) return;
  if (shown && client.getQueryData<ConversationPages>(query.queryKey) === shown) {
    const joined = joinFirstPage(shown, first);
    if (joined) client.setQueryData<ConversationPages>(query.queryKey, joined);
    else readAll(client, query);
  } else if (attempts > 1) await readFirstPage(client, api, query, channel, attempts - 1);
  else readAll(client, query);
}

/**
 * `readFirstPage` under the list's first-page read key, so the list shows itself busy from the read to the join, as it
 * does while its own query reads (`useConversationsBusy`): not ready, and its next page waits.
 */
function readFirstPageShown(client: QueryClient, api: Api, query: Query, channel: Channel): void {
  const read = new MutationObserver(client, {
    mutationKey: firstPageReadKey(query.queryKey), mutationFn: () => readFirstPage(client, api, query, channel, ATTEMPTS), gcTime: 0,
  });
  void read.mutate().catch(() => undefined);
}

/**
 * A list of a channel's conversations after a new message. A search, a single page, a list not on screen and the
 * Snoozed list are read the usual way (a new message may make a conversation match a search or stop matching it,
 * wherever it was listed; the Snoozed list is in wake order, where a reply lifts no row to the top but changes a row
 * wherever it is; the others are one page, or read when next shown); otherwise the first page alone.
 */
function refreshList(client: QueryClient, api: Api, query: Query, channel: Channel): void {
  const pages = client.getQueryData<ConversationPages>(query.queryKey)?.pages.length ?? 0;
  if (query.queryKey[2] || pages < 2 || !query.isActive() || stateOfList(query.queryKey) === 'snoozed') readAll(client, query);
  else readFirstPageShown(client, api, query, channel);
}

/** A channel's conversations changed by a new message: every list of them shown is brought up to date. */
export function refreshConversations(client: QueryClient, api: Api, channel: Channel): void {
  for (const query of listsOf(client, channel)) refreshList(client, api, query, channel);
}

/**
 * A conversation the agent read (its unread count now 0), put in place in every list of its channel, whose first page
 * is then read as after a new message (one may have come in since the core answered). A list being read meanwhile is
 * read again whole: its read, begun before, would put back the unread count.
 */
export function showConversationRead(client: QueryClient, api: Api, conversation: Conversation): void {
  for (const query of listsOf(client, conversation.channel)) {
    const shown = client.getQueryData<ConversationPages>(query.queryKey);
    if (query.state.fetchStatus !== 'idle') {
      readAll(client, query);
      continue;
    }
    const read = shown && withConversation(shown, conversation);
    if (read !== shown) client.setQueryData<ConversationPages>(query.queryKey, read);
    refreshList(client, api, query, conversation.channel);
  }
}

/** The pages shown without the conversation `id`, one fewer in all; the same pages when it is not listed. */
export function withoutConversation(shown: ConversationPages, id: string): ConversationPages {
  if (!shown.pages.some((page) => page.data.some((c) => c.id === id))) return shown;
  const pages = shown.pages.map((page) => ({ data: page.data.filter((c) => c.id !== id), meta: { ...page.meta, total: Math.max(0, page.meta.total - 1) } }));
  return { ...shown, pages };
}

/**
 * A conversation resolved, snoozed or reopened here: at once out of every list of its channel in the state it left (the
 * next one shows in its place) and as it now is in its detail; every list of the channel is then read again
 * (`useConversationState`).
 */
export function showConversationState(client: QueryClient, conversation: Conversation): void {
  for (const query of listsOf(client, conversation.channel)) {
    if (stateOfList(query.queryKey) === conversation.state) continue;
    const shown = client.getQueryData<ConversationPages>(query.queryKey);
    const left = shown && withoutConversation(shown, conversation.id);
    if (left !== shown) client.setQueryData<ConversationPages>(query.queryKey, left);
  }
  client.setQueryData<Conversation>(['thread', conversation.id, 'detail'], (detail) => (detail ? { ...detail, ...conversation } : detail));
}

/** `row` with a failed mark as `message`'s new status says, when `message` is its last (same time); null when unchanged. */
function withLastStatus(row: Conversation | undefined, message: Message): Conversation | null {
  const failed = message.status === 'failed';
  return row && row.lastMessageAt === message.createdAt && row.lastMessageFailed !== failed ? { ...row, lastMessageFailed: failed } : null;
}

/**
 * A message's new status on its conversation's row, when it is that conversation's last message (same time): the row
 * marks a last message that failed, in the inbox's lists and in the contact panel's (`contact-conversations`). Only a
 * new message reads those lists again, and a reply usually fails after it was listed. A list being read meanwhile is
 * read again whole: its read may have begun before the failure.
 */
export function showLastMessageStatus(client: QueryClient, message: Message): void {
  for (const query of listsOf(client, message.channel)) {
    const shown = client.getQueryData<ConversationPages>(query.queryKey);
    const row = withLastStatus(shown?.pages.flatMap((page) => page.data).find((c) => c.id === message.conversationId), message);
    if (!shown || !row) continue;
    if (query.state.fetchStatus !== 'idle') readAll(client, query);
    else client.setQueryData<ConversationPages>(query.queryKey, withConversation(shown, row));
  }
  for (const query of client.getQueryCache().findAll({ queryKey: ['contact-conversations'] })) {
    const shown = client.getQueryData<ListEnvelope<Conversation>>(query.queryKey);
    const row = withLastStatus(shown?.data.find((c) => c.id === message.conversationId), message);
    if (!shown || !row) continue;
    if (query.state.fetchStatus !== 'idle') readAll(client, query);
    else client.setQueryData<ListEnvelope<Conversation>>(query.queryKey, { ...shown, data: shown.data.map((c) => (c.id === row.id ? row : c)) });
  }
}
