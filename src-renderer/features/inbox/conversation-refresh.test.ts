// The inbox's loaded pages of conversations after a live change: a read of the first page alone, joined to the pages
// shown, lists every conversation once, in the core's order, with no gap; the other pages are not read again. A status
// change marks (or clears) a row's failed last message in every list showing it, the contact panel's too.
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, ConversationState, ListEnvelope, Message } from '../../../src-core/contract/index.ts';
import type { Api } from '../../api/http.ts';
import { conversationRows } from './conversation-pages.tsx';
import { joinFirstPage, refreshConversations, showConversationRead, showLastMessageStatus, withConversation, type ConversationPages } from './conversation-refresh.ts';
import { firstPageReadKey } from './queries.ts';

const LIMIT = 3;
/** A channel's conversations on the core, most recent first, read by page (of `limit`) as the route reads them. */
function core(count: number, limit = LIMIT) {
  const order = Array.from({ length: count }, (_, i) => `c${i + 1}`);
  const unread = new Map<string, number>();
  const lastAt = new Map(order.map((id, i) => [id, count - i]));
  let clock = count;
  const conversation = (id: string) => ({
    id, channel: 'sms', unreadCount: unread.get(id) ?? 0, lastMessageAt: new Date(Date.UTC(2026, 0, 1, 0, 0, lastAt.get(id) ?? 0)).toISOString(),
  }) as Conversation;
  const page = (n: number): ListEnvelope<Conversation> => ({
    data: order.slice((n - 1) * limit, n * limit).map(conversation),
    meta: { total: order.length, page: n, limit, totalPages: Math.ceil(order.length / limit) },
  });
  /** A message in conversation `id` (new when it is not listed yet): to the top, one more unread, its time the latest. */
  const message = (id: string) => {
    const at = order.indexOf(id);
    if (at >= 0) order.splice(at, 1);
    order.unshift(id);
    unread.set(id, (unread.get(id) ?? 0) + 1);
    lastAt.set(id, ++clock);
  };
  return { order, page, message, conversation, read: (id: string) => unread.set(id, 0) };
}
const loaded = (s: ReturnType<typeof core>, pages: number): ConversationPages => ({
  pages: Array.from({ length: pages }, (_, i) => s.page(i + 1)), pageParams: Array.from({ length: pages }, (_, i) => i + 1),
});
const ids = (pages: ConversationPages) => conversationRows(pages.pages).map((c) => c.id);

describe('joinFirstPage', () => {
  it('lifts a conversation from a later page to the top, once, with no gap where the first page pushed rows down', () => {
    const s = core(10);
    const shown = loaded(s, 3);
    s.message('c8');
    const joined = joinFirstPage(shown, s.page(1))!;
    expect(ids(joined)).toEqual(s.order.slice(0, 9));
    expect(joined.pages[0]?.data.find((c) => c.id === 'c8')?.unreadCount).toBe(1);
    expect(joined.pageParams).toEqual([1, 2, 3]);
  });

  it('adds a new conversation at the top and keeps the one it pushed off the first page; the count grows with it', () => {
    const s = core(6);
    const shown = loaded(s, 2);
    s.message('c7');
    s.message('c2');
    const joined = joinFirstPage(shown, s.page(1))!;
    expect(ids(joined)).toEqual(s.order);
    expect(joined.pages.map((page) => page.meta.total)).toEqual([7, 7]);
  });

  it('stays in the core\'s order through many changes, each joined in turn', () => {
    const s = core(12);
    let shown = loaded(s, 3);
    for (const id of ['c9', 'c13', 'c1', 'c14', 'c5', 'c9', 'c15', 'c12']) {
      s.message(id);
      shown = joinFirstPage(shown, s.page(1))!;
      expect(ids(shown)).toEqual(s.order.slice(0, ids(shown).length));
    }
    // The nine loaded, three new ones, and c12 lifted from beyond the pages loaded.
    expect(ids(shown)).toHaveLength(9 + 3 + 1);
  });

  it('refuses a join when more than a page moved up (no row of the new first page unchanged), and joins a whole list', () => {
    const s = core(12);
    const shown = loaded(s, 3);
    for (const id of ['c10', 'c11', 'c12', 'c7']) s.message(id);
    expect(joinFirstPage(shown, s.page(1))).toBeNull();
    const whole = core(3);
    const one = loaded(whole, 1);
    for (const id of ['c1', 'c2', 'c3', 'c4']) whole.message(id);
    expect(ids(joinFirstPage(one, { ...whole.page(1), data: whole.order.map(whole.conversation), meta: { ...whole.page(1).meta, totalPages: 1 } })!)).toEqual(whole.order);
  });
});

describe('withConversation', () => {
  it('puts a read conversation in place wherever it is listed, and leaves pages without it as they are', () => {
    const s = core(7);
    const shown = loaded(s, 3);
    s.read('c5');
    const read = { ...s.conversation('c5'), unreadCount: 0 };
    const changed = withConversation(shown, read);
    expect(changed.pages[1]?.data[1]).toBe(read);
    expect(changed.pages[0]).toBe(shown.pages[0]);
    expect(withConversation(shown, s.conversation('c99'))).toBe(shown);
  });
  it('keeps a search\'s row what the search matched, which the read conversation does not carry', () => {
    const s = core(3);
    const searchMatch = { messageId: 'msg_1', snippet: '…the delivery address?', highlights: [{ start: 5, end: 21 }] } as unknown as Conversation['searchMatch'];
    const shown = loaded(s, 1);
    const found = { ...(shown.pages[0]?.data[1] as Conversation), searchMatch };
    const searched: ConversationPages = { ...shown, pages: [{ ...(shown.pages[0] as ListEnvelope<Conversation>), data: [shown.pages[0]?.data[0] as Conversation, found, shown.pages[0]?.data[2] as Conversation] }] };
    const read = { ...s.conversation('c2'), unreadCount: 0 };
    expect(withConversation(searched, read).pages[0]?.data[1]).toEqual({ ...read, searchMatch });
  });
});

describe('refreshConversations', () => {
  const clients: QueryClient[] = [];
  afterEach(() => clients.splice(0).forEach((client) => client.clear()));

  /** An inbox list on screen with `pages` loaded, on a core whose first page reads are counted and may be held. */
  async function inbox(s: ReturnType<typeof core>, pages: number, state: ConversationState = 'open') {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    clients.push(client);
    const reads: string[] = [];
    const held: Array<() => void> = [];
    let holding = false;
    const api = {
      get: async (path: string) => {
        reads.push(path);
        const answer = s.page(Number(new URL(path, 'http://x').searchParams.get('page')));
        if (holding) await new Promise<void>((release) => held.push(release));
        return answer;
      },
    } as unknown as Api;
    const observer = new InfiniteQueryObserver(client, {
      queryKey: ['conversations', 'sms', '', state], initialPageParam: 1,
      queryFn: ({ pageParam }: { pageParam: number }) => api.get<ListEnvelope<Conversation>>(`/c?page=${pageParam}`),
      getNextPageParam: (last: ListEnvelope<Conversation>) => (last.meta.page < last.meta.totalPages ? last.meta.page + 1 : undefined),
    });
    const stop = observer.subscribe(() => undefined);
    await observer.refetch();
    for (let n = 1; n < pages; n++) await observer.fetchNextPage();
    reads.length = 0;
    const shown = () => client.getQueryData<ConversationPages>(['conversations', 'sms', '', state])!;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { client, api, reads, shown, settle, stop, hold: (on: boolean) => { holding = on; }, release: () => held.splice(0).forEach((go) => go()) };
  }

  it('reads only the first page of a list with several loaded, and lists what the core lists', async () => {
    const s = core(9);
    const list = await inbox(s, 3);
    s.message('c9');
    refreshConversations(list.client, list.api, 'sms');
    await list.settle();
    expect(list.reads).toEqual(['/dashboard/conversations?channel=sms&state=open&limit=100&page=1']);
    expect(ids(list.shown())).toEqual(s.order);
    list.stop();
  });

  it('reads the first page of the list\'s own state: a Resolved list\'s among the resolved conversations', async () => {
    const s = core(9);
    const list = await inbox(s, 3, 'resolved');
    s.message('c9');
    refreshConversations(list.client, list.api, 'sms');
    await list.settle();
    expect(list.reads).toEqual(['/dashboard/conversations?channel=sms&state=resolved&limit=100&page=1']);
    list.stop();
  });

  it('reads every loaded page of the Snoozed list again: in wake order, a reply lifts no row but changes one wherever it is', async () => {
    const s = core(9);
    const list = await inbox(s, 3, 'snoozed');
    refreshConversations(list.client, list.api, 'sms');
    await expect.poll(() => list.reads).toEqual(['/c?page=1', '/c?page=2', '/c?page=3']);
    list.stop();
  });

  it('reads every loaded page again when more than a page of conversations moved up: none lost, the core\'s order', async () => {
    // The auditor's case: 500 conversations by pages of 100, three loaded; 150 of ranks 321-470 get a message.
    const s = core(500, 100);
    const list = await inbox(s, 3);
    for (let rank = 470; rank >= 321; rank--) s.message(`c${rank}`);
    refreshConversations(list.client, list.api, 'sms');
    await vi.waitFor(() => expect(list.reads).toHaveLength(4));
    await vi.waitFor(() => expect(ids(list.shown())).toEqual(s.order.slice(0, 300)));
    expect(list.reads.slice(1).map((path) => new URL(path, 'http://x').searchParams.get('page'))).toEqual(['1', '2', '3']);
    // Ranks 150-448 lifted, some of them loaded: still the core's order.
    list.reads.length = 0;
    for (let rank = 448; rank >= 150; rank--) s.message(s.order[rank - 1]!);
    refreshConversations(list.client, list.api, 'sms');
    await vi.waitFor(() => expect(list.reads).toHaveLength(4));
    await vi.waitFor(() => expect(ids(list.shown())).toEqual(s.order.slice(0, 300)));
    list.stop();
  });

  it('still reads the first page alone when fewer than a page moved up, by pages of 100', async () => {
    const s = core(500, 100);
    const list = await inbox(s, 3);
    for (let rank = 470; rank >= 381; rank--) s.message(`c${rank}`);
    refreshConversations(list.client, list.api, 'sms');
    await list.settle();
    expect(list.reads).toEqual(['/dashboard/conversations?channel=sms&state=open&limit=100&page=1']);
    expect(ids(list.shown())).toEqual(s.order.slice(0, 390));
    list.stop();
  });

  it('does not let a first page read earlier, landing later, put back what a later read moved on', async () => {
    const s = core(9);
    const list = await inbox(s, 3);
    s.message('c7');
    list.hold(true);
    refreshConversations(list.client, list.api, 'sms');
    await list.settle();
    list.hold(false);
    s.message('c8');
    refreshConversations(list.client, list.api, 'sms');
    await list.settle();
    expect(ids(list.shown()).slice(0, 2)).toEqual(['c8', 'c7']);
    list.release();
    await list.settle();
    await list.settle();
    expect(ids(list.shown())).toEqual(s.order);
    list.stop();
  });

  it('shows the list busy from a first page read to its join, as while its own query reads; each read its own', async () => {
    const s = core(9);
    const list = await inbox(s, 3);
    /** What the inbox shows as the list being read (`useConversationsBusy`): its query, or a read of its first page. */
    const busy = () => list.client.isFetching({ queryKey: ['conversations', 'sms', '', 'open'], exact: true })
      + list.client.isMutating({ mutationKey: firstPageReadKey(['conversations', 'sms', '', 'open']), exact: true });
    expect(busy()).toBe(0);
    list.hold(true);
    s.message('c7');
    refreshConversations(list.client, list.api, 'sms');
    await list.settle();
    expect(busy()).toBe(1);
    s.message('c8');
    refreshConversations(list.client, list.api, 'sms');
    await list.settle();
    expect(busy()).toBe(2);
    expect(list.reads).toHaveLength(2);
    list.hold(false);
    list.release();
    await vi.waitFor(() => expect(busy()).toBe(0));
    expect(ids(list.shown())).toEqual(s.order);
    list.stop();
  });

  it('puts a conversation read on a later page in place, though the first page read does not hold it', async () => {
    const s = core(9);
    for (const id of ['c8', 'c1', 'c2', 'c3']) s.message(id);
    const list = await inbox(s, 3);
    expect(list.shown().pages[1]?.data[0]).toEqual({ ...s.conversation('c8'), unreadCount: 1 });
    s.read('c8');
    showConversationRead(list.client, list.api, s.conversation('c8'));
    await list.settle();
    expect(list.shown().pages[1]?.data[0]?.unreadCount).toBe(0);
    expect(ids(list.shown())).toEqual(s.order);
    expect(list.reads).toHaveLength(1);
    list.stop();
  });
});

describe('showLastMessageStatus', () => {
  const at = '2026-01-01T00:00:05.000Z';
  const row = (id: string, lastMessageAt = at) => ({ id, channel: 'sms', lastMessageAt, lastMessageFailed: false }) as Conversation;
  const envelope = (data: Conversation[]): ListEnvelope<Conversation> => ({ data, meta: { total: data.length, page: 1, limit: 100, totalPages: 1 } });
  const failed = (conversationId: string, createdAt = at) => ({ conversationId, channel: 'sms', status: 'failed', createdAt }) as Message;

  it('marks the row of a conversation whose last message failed, in the inbox\'s lists and the contact panel\'s, and clears it as it goes', () => {
    const client = new QueryClient();
    client.setQueryData<ConversationPages>(['conversations', 'sms', '', 'open'], { pages: [envelope([row('c1'), row('c2')])], pageParams: [1] });
    client.setQueryData(['contact-conversations', 'ct_1'], envelope([row('c1'), row('c3')]));
    const failedIn = () => [
      client.getQueryData<ConversationPages>(['conversations', 'sms', '', 'open'])?.pages[0]?.data.map((c) => c.lastMessageFailed),
      client.getQueryData<ListEnvelope<Conversation>>(['contact-conversations', 'ct_1'])?.data.map((c) => c.lastMessageFailed),
    ];
    showLastMessageStatus(client, failed('c1'));
    expect(failedIn()).toEqual([[true, false], [true, false]]);
    showLastMessageStatus(client, failed('c3', '2026-01-01T00:00:01.000Z')); // an older message of c3: not its last
    expect(failedIn()).toEqual([[true, false], [true, false]]);
    showLastMessageStatus(client, { ...failed('c1'), status: 'delivered' });
    expect(failedIn()).toEqual([[false, false], [false, false]]);
  });
});
