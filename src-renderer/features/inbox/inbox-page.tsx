// The inbox: channel tabs, open, snoozed or resolved conversations with unread counts and search (loaded a page at a time,
// with how many of how many are shown), and the selected thread, resolved or snoozed (then the next is shown, and a
// notice at the list's foot offers to undo it) or reopened from its header.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { type Channel, type Conversation, type ConversationState } from '../../../src-core/contract/index.ts';
import { listStep, moveChoice, tabPanelProps, tabProps, tabStop } from '../../components/arrow-keys.ts';
import { BackToList, useFocusBackOnOpen } from '../../components/back-to-list.tsx';
import { focusLost, thenFocus, typingIn, useFocusAfterChange } from '../../components/focus.ts';
import { CHANNEL_LABEL, customerAddress, customerLabel } from '../../components/format.ts';
import { Avatar, Empty, ErrorState, Loading } from '../../components/states.tsx';
import { When } from '../../components/when.tsx';
import { announce } from '../../stores/announcer.ts';
import { useUi } from '../../stores/ui.ts';
import { conversationRows, countSaying, LoadMoreConversations } from './conversation-pages.tsx';
import { ConversationPreview } from './conversation-preview.tsx';
import { useConversations, useConversationsBusy, useUnreadCounts, type SearchFound } from './queries.ts';
import { BROWSED_READ_AFTER_MS } from './read-after.ts';
import { RESOLVE_BUTTONS, RESOLVE_KEY } from './resolve-button.tsx';
import { afterStateChange } from './resolve-next.ts';
import { SearchElsewhere } from './search-elsewhere.tsx';
import { useSearchSaid } from './search-said.ts';
import { pressOnceShown } from './press-once-shown.ts';
import { snoozeTime } from './snooze-choices.ts';
import { Thread } from './thread.tsx';
import { UNDO_KEY, UNDO_SAYING, type Undoable } from './undo.ts';
import { UNDO_BUTTON, UndoNotice } from './undo-toast.tsx';
import { CampaignsLink, WriteInLink, writesIn } from './write-in-link.tsx';
import './inbox.css';

const TABS: Array<{ channel: Channel; label: string }> = (['whatsapp', 'sms', 'rcs', 'instagram', 'email'] as const)
  .map((channel) => ({ channel, label: CHANNEL_LABEL[channel] }));
const STATES: Array<{ state: ConversationState; label: string }> = [
  { state: 'open', label: 'Open' }, { state: 'snoozed', label: 'Snoozed' }, { state: 'resolved', label: 'Resolved' },
];

/** The buttons the inbox's letter keys press: Resolve (or Reopen), and the undo notice's Undo while it shows. */
const KEY_BUTTONS: Record<string, string> = { [RESOLVE_KEY]: RESOLVE_BUTTONS, [UNDO_KEY]: UNDO_BUTTON };

/**
 * Why a channel's Open list is empty. Customers write in on WhatsApp, SMS and Instagram; a message sent there from outside
 * the inbox (a campaign, the API) starts its conversation under Resolved, "Awaiting reply", until the customer answers.
 * On RCS and email customers do not write in here: what is sent there is listed open.
 */
function NoneOpen({ channel }: { channel: Channel }) {
  const name = CHANNEL_LABEL[channel];
  if (!writesIn(channel)) {
    const campaigns = channel === 'rcs' || channel === 'email' ? <CampaignsLink channel={channel}>campaigns</CampaignsLink> : 'campaigns';
    return <>Messages sent on {name} ({campaigns}, the API) appear here; customers do not write in on {name} here. Resolved ones are under Resolved.</>;
  }
  // The inbox has no "new conversation": a first one starts with a customer writing in, which the Simulator does.
  return (
    <>
      Customers who write in on {name} appear here (the <WriteInLink channel={channel} from={null} testId="inbox-empty-simulator">Simulator</WriteInLink> can
      write in as one). Messages sent from outside the inbox (campaigns, the API) wait under Resolved, marked &quot;Awaiting reply&quot;, until the customer answers;
      resolved ones are there too.
    </>
  );
}

/**
 * `e` anywhere in the inbox (but a text field, a select or the contact's panel) presses the open thread's Resolve, or
 * Reopen, and `z` the undo notice's Undo: only while the focus is in the inbox, so the letter is never taken from
 * another page or a text being typed.
 */
function onLetterKey(e: KeyboardEvent<HTMLDivElement>) {
  const pressed = KEY_BUTTONS[e.key.toLowerCase()];
  if (!pressed || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
  if (typingIn(e.target) || (e.target as HTMLElement).closest('[role="dialog"]')) return;
  const button = e.currentTarget.querySelector<HTMLButtonElement>(pressed);
  // Resolve asked for while the conversation loads: pressed once it shows (press-once-shown.ts).
  if (!button && pressed === RESOLVE_BUTTONS && pressOnceShown(e.currentTarget, pressed)) e.preventDefault();
  if (!button) return;
  e.preventDefault();
  button.click();
}

export function InboxPage() {
  // Kept in the UI store, so leaving for the simulator and coming back finds the same tab and thread.
  const { channel, conversationId: selected } = useUi((state) => state.inbox);
  const setInbox = useUi((state) => state.setInbox);
  // A conversation opened from a contact's panel (the thread's, or the Contacts page's): its thread takes the focus once shown.
  const focusOn = useUi((state) => state.replyFocus);
  const setFocusOn = useUi((state) => state.setReplyFocus);
  const open = useUi((state) => state.openConversation);
  // Open (the queue), Snoozed or Resolved, kept as the tab is.
  const listState = useUi((state) => state.inboxState);
  const setListState = useUi((state) => state.setInboxState);
  const setChannel = (next: Channel) => {
    setFocusOn(null);
    setInbox({ channel: next, conversationId: null });
  };
  const showState = (next: ConversationState) => {
    if (next === listState) return;
    setFocusOn(null);
    setListState(next);
    setInbox({ channel, conversationId: null });
  };
  // Opened with the arrow keys (browsing): the thread is read only once it stays shown a moment; a click or Enter opens it for good.
  const [browsing, setBrowsing] = useState(false);
  // At a phone's width the thread opened (a click, Enter, or one open on coming back) takes the page; browsed with the
  // arrows, moved on to after a Resolve, or left with Back or Escape, the list does (components/back-to-list.tsx).
  const [threadShown, setThreadShown] = useState(() => selected !== null);
  const pageRef = useRef<HTMLDivElement>(null);
  const focusBack = useFocusBackOnOpen(pageRef);
  const setSelected = (id: string | null, byArrows = false) => {
    setBrowsing(byArrows);
    setThreadShown(!byArrows);
    if (!byArrows && id) focusBack();
    setFocusOn(null);
    setInbox({ channel, conversationId: id });
  };
  const openConversation = (target: { id: string; channel: Channel; state?: ConversationState | undefined }) => {
    setBrowsing(false);
    setThreadShown(true);
    open(target);
    announce(`Opened the ${CHANNEL_LABEL[target.channel]} conversation.`);
  };
  const [search, setSearch] = useState('');
  const searching = search.trim() !== '';
  const conversations = useConversations(channel, search.trim(), listState);
  const busy = useConversationsBusy(conversations, channel, search.trim(), listState);
  const unread = useUnreadCounts().data;
  const rows = useMemo(() => conversationRows(conversations.data?.pages), [conversations.data]);
  const total = conversations.data?.pages.at(-1)?.meta.total ?? 0;
  // The search's count said to a screen reader once its answer is in and typing paused.
  const answered = Boolean(conversations.data) && !conversations.isPlaceholderData && !busy;
  useSearchSaid(search.trim(), `${channel} ${listState}`, answered, countSaying(rows.length, total, searching, listState));
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const { fetchNextPage, hasNextPage } = conversations;
  const pagesLoaded = useRef(0);
  pagesLoaded.current = conversations.data?.pages.length ?? 0;
  /** The next page; during a live reload of the loaded pages, once it is done (the next page follows what it read). */
  /** The last page said to screen readers: the list's end coming into view and ↓ on its last row may both ask for the same page. */
  const announcedPage = useRef<unknown>(null);
  const loadMore = useCallback(async (): Promise<void> => {
    const before = pagesLoaded.current;
    let read = await fetchNextPage({ cancelRefetch: false });
    if (read.data && read.data.pages.length === before && read.hasNextPage && !read.isError) read = await fetchNextPage({ cancelRefetch: false });
    const shown = conversationRows(read.data?.pages).length;
    const last = read.data?.pages.at(-1);
    if (!read.data || read.data.pages.length <= before || last === announcedPage.current) return;
    announcedPage.current = last;
    announce(`Showing ${countSaying(shown, last?.meta.total ?? shown, searching, listState)}.`);
  }, [fetchNextPage, searching, listState]);
  const onLoadMore = useCallback(() => void loadMore(), [loadMore]);
  // A next page that failed to load leaves the pages loaded listed, the reason at their foot.
  const nextPageError = conversations.isFetchNextPageError ? conversations.error : null;
  // ↓ on the last row loaded loads the next page, then moves on to the row after it (wherever live updates put it).
  const stepAfter = useRef<{ id: string; pages: number } | null>(null);
  // "/" anywhere on the inbox (outside a text field) jumps to the search, as in mail and chat apps.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || typingIn(e.target)) return;
      e.preventDefault();
      searchRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  /**
   * Arrow keys (and Home/End) move through the conversations and open the one they land on, read only if the agent stays
   * on it (read-after.ts); one row is in the tab order.
   */
  function onListKey(e: KeyboardEvent<HTMLUListElement>) {
    const focused = Array.prototype.indexOf.call(listRef.current?.children ?? [], document.activeElement) as number;
    const at = focused >= 0 ? focused : rows.findIndex((c) => c.id === selected);
    stepAfter.current = null;
    const last = rows[at];
    if (e.key === 'ArrowDown' && at === rows.length - 1 && last && hasNextPage) {
      e.preventDefault();
      stepAfter.current = { id: last.id, pages: pagesLoaded.current };
      void loadMore();
      return;
    }
    const next = listStep(e.key, at, rows.length);
    if (next === null || !rows[next]) return;
    e.preventDefault();
    setSelected(rows[next].id, true);
    (listRef.current?.children[next] as HTMLElement | undefined)?.focus();
  }
  const pages = conversations.data?.pages.length ?? 0;
  // The last page loaded takes the button away: if it held the focus, the first conversation it brought takes it.
  useFocusAfterChange(conversations.data ? hasNextPage : undefined, () => {
    const at = rows.findIndex((c) => c.id === conversations.data?.pages.at(-1)?.data[0]?.id);
    return listRef.current?.children[at] as HTMLElement | undefined;
  });
  useEffect(() => {
    const step = stepAfter.current;
    if (!step || pages <= step.pages) {
      if (step && nextPageError) stepAfter.current = null;
      return;
    }
    stepAfter.current = null;
    const at = rows.findIndex((c) => c.id === step.id);
    const next = rows[at + 1];
    if (at < 0 || !next) return;
    setBrowsing(true);
    setInbox({ channel, conversationId: next.id });
    (listRef.current?.children[at + 1] as HTMLElement | undefined)?.focus();
  }, [rows, pages, nextPageError, channel, setInbox]);
  /**
   * Resolved or snoozed from its thread (or reopened): the inbox moves on as resolve-next.ts says, read only if the agent
   * stays on the next (as the arrow keys open one), said to screen readers; the focus, lost with the thread or row that
   * held it, goes to the row of the conversation shown, or to the Open/Snoozed/Resolved switch when none is left.
   */
  const switchRef = useRef<HTMLDivElement>(null);
  const refocusAfter = useRef<string | null>(null);
  // The last Resolve or Snooze made here, which the notice at the list's foot offers to undo (the next replaces it).
  const [undoable, setUndoable] = useState<Undoable | null>(null);
  const undoCount = useRef(0);
  const onStateChanged = (changed: Conversation, before: Conversation) => {
    const { moveTo, saying } = afterStateChange(rows, listState, changed, CHANNEL_LABEL[channel], UNDO_SAYING);
    announce(saying);
    if (changed.state !== 'open') setUndoable({ id: ++undoCount.current, before, after: changed });
    if (moveTo === undefined) return;
    refocusAfter.current = changed.id;
    setSelected(moveTo?.id ?? null, true);
  };
  /** The row of the conversation shown, else the Open/Snoozed/Resolved switch: where a focus lost from the inbox goes. */
  const shownRowOrSwitch = () => {
    const at = rows.findIndex((c) => c.id === selected);
    return at >= 0 ? listRef.current?.children[at] as HTMLElement | undefined : switchRef.current?.querySelector<HTMLElement>('[aria-checked="true"]');
  };
  // After each render (the rows and the one shown are what it reads), until the conversation left has left the list.
  useLayoutEffect(() => {
    const left = refocusAfter.current;
    if (!left || rows.some((c) => c.id === left)) return;
    refocusAfter.current = null;
    if (focusLost()) shownRowOrSwitch()?.focus();
  });
  /**
   * Undone: the conversation is shown again where it now is (the list of its state, on its channel, the search kept),
   * its row focused once listed, as before its Resolve or Snooze. Dismissed, the notice gives a focus it held to the row shown.
   */
  const focusAfterUndo = useRef<string | null>(null);
  const showUndone = (restored: Conversation) => {
    focusAfterUndo.current = restored.id;
    setBrowsing(false);
    setThreadShown(false);
    setFocusOn(null);
    setListState(restored.state);
    setInbox({ channel: restored.channel, conversationId: restored.id });
  };
  useLayoutEffect(() => {
    const id = focusAfterUndo.current;
    if (!id) return;
    const at = rows.findIndex((c) => c.id === id);
    // Not listed yet (the list of its state being read): wait; another conversation shown meanwhile: the agent moved on.
    if (selected === id && at < 0) return;
    focusAfterUndo.current = null;
    if (selected === id) (listRef.current?.children[at] as HTMLElement | undefined)?.focus();
  }, [rows, selected]);
  const closeNotice = () => thenFocus(() => setUndoable(null), () => (focusLost() ? shownRowOrSwitch() : null));
  const focusable = rows.some((c) => c.id === selected) ? selected : rows[0]?.id;
  // A list a search found conversations in, shown from the empty search's buttons: the search stays, and the focus, lost
  // with the button, goes to the first conversation found once they are listed.
  const focusFound = useRef(false);
  const showFound = (found: SearchFound) => {
    focusFound.current = true;
    setFocusOn(null);
    setListState(found.state);
    setInbox({ channel: found.channel, conversationId: null });
  };
  useEffect(() => {
    if (!focusFound.current || busy || rows.length === 0) return;
    focusFound.current = false;
    if (focusLost()) (listRef.current?.children[0] as HTMLElement | undefined)?.focus();
  }, [rows, busy]);
  /**
   * Escape in the reply (a field of the thread's composer, with no picker or menu of its own to close) hands the focus
   * back to the conversation's row, its draft kept: from there `e` resolves, the arrows move on, as from the list.
   */
  const onInboxKey = (e: KeyboardEvent<HTMLDivElement>) => {
    onLetterKey(e);
    if (e.key !== 'Escape' || e.defaultPrevented || !typingIn(e.target) || !(e.target as HTMLElement).closest('.detail-pane .composer')) return;
    const row = listRef.current?.children[rows.findIndex((c) => c.id === selected)] as HTMLElement | undefined;
    if (!row) return;
    e.preventDefault();
    thenFocus(() => setThreadShown(false), () => row);
  };
  /** Back (a phone's width): the list again, the focus on the row of the conversation that was open. */
  const backToList = () => thenFocus(() => setThreadShown(false), shownRowOrSwitch);
  // The message the search matched in the open conversation, which its thread marks.
  const matchedMessageId = searching ? rows.find((c) => c.id === selected)?.searchMatch?.messageId : undefined;
  return (
    <div className="page split inbox" ref={pageRef} onKeyDown={onInboxKey} data-item-open={selected && threadShown ? '' : undefined}>
      <section className="pane list-pane">
        <header className="pane-header"><h1>Inbox</h1></header>
        <div className="tabs inbox-tabs" role="tablist" aria-label="Channel" onKeyDown={moveChoice}>
          {TABS.map((tab) => (
            <button key={tab.channel} type="button" {...tabProps('inbox', tab.channel, tab.channel === channel)} className={`tab${tab.channel === channel ? ' active' : ''}`}
              data-testid={`tab-${tab.channel}`} onClick={() => setChannel(tab.channel)}>
              {tab.label}
              {unread?.[tab.channel] ? <span className="unread" data-testid="tab-unread" aria-label={`${unread[tab.channel]} unread`}>{unread[tab.channel]}</span> : null}
            </button>
          ))}
        </div>
        <div className="tab-panel" {...tabPanelProps('inbox', channel)}>
          <div className="inbox-states" role="radiogroup" aria-label="Show" ref={switchRef} onKeyDown={moveChoice}>
            {STATES.map(({ state, label }) => (
              <button key={state} type="button" role="radio" aria-checked={state === listState} tabIndex={tabStop(state === listState)}
                className={state === listState ? 'active' : ''} data-testid={`show-${state}`} onClick={() => showState(state)}>{label}</button>
            ))}
          </div>
          <div className="search">
            <input ref={searchRef} type="search" placeholder="Search people and messages  ( / )" value={search} onChange={(e) => setSearch(e.target.value)}
              onKeyDown={(e) => { if (e.key === 'ArrowDown' && rows.length) { e.preventDefault(); (listRef.current?.children[0] as HTMLElement | undefined)?.focus(); } }}
              aria-label="Search conversations" aria-keyshortcuts="/" data-testid="conversation-search" />
          </div>
          {conversations.data ? <p className="list-count muted small" data-testid="conversation-count">{countSaying(rows.length, total, searching, listState)}</p> : null}
          {conversations.isPending ? <Loading label="Loading conversations…" /> : conversations.isError && !nextPageError ? <ErrorState error={conversations.error} /> : (
            <div className="list-wrap" ref={wrapRef} data-testid="conversation-list" data-ready={busy ? 'false' : 'true'}>
              {rows.length === 0 && search.trim() ? (
                <Empty title={`No ${listState === 'open' ? '' : `${listState} `}conversations match “${search.trim()}”`}>
                  Search looks at names, handles, numbers (or addresses) and the text of recent messages on this channel{listState === 'open' ? '' : `, among the ${listState} conversations`}.
                  <SearchElsewhere channel={channel} search={search.trim()} state={listState} order={TABS.map((tab) => tab.channel)} onShow={showFound} />
                </Empty>
              ) : rows.length === 0 && listState === 'resolved' ? <Empty title="No resolved conversations">Conversations resolved on {CHANNEL_LABEL[channel]} are listed here until their customer writes in again.</Empty>
                : rows.length === 0 && listState === 'snoozed' ? <Empty title="No snoozed conversations">Conversations snoozed on {CHANNEL_LABEL[channel]} wait here until their time comes, or their customer writes in first.</Empty>
                : rows.length === 0 ? <Empty title="No open conversations"><NoneOpen channel={channel} /></Empty> : (
                <ul ref={listRef} className="rows" role="listbox" aria-label="Conversations" onKeyDown={onListKey}>
                  {rows.map((c) => (
                    <li key={c.id} role="option" aria-selected={c.id === selected} className={`row${c.id === selected ? ' selected' : ''}`} onClick={() => setSelected(c.id)}
                      data-testid="conversation-row" data-address={c.address} tabIndex={c.id === focusable ? 0 : -1}
                      onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); setSelected(c.id); } }}>
                      <Avatar name={customerLabel(c)} />
                      <div className="row-main">
                        <div className="row-title">
                          <span className="name">{customerLabel(c)}</span>
                          {/* A named Instagram customer's handle beside the name, as the thread's header and the contacts list give it. */}
                          {c.customerName && c.channel === 'instagram' && customerAddress(c) !== c.address ? <span className="muted small row-handle" data-testid="row-handle">{customerAddress(c)}</span> : null}
                          {c.contactBlocked ? <span className="badge danger" data-testid="blocked-badge">Blocked</span> : null}
                        </div>
                        {c.state === 'snoozed' && c.snoozedUntil ? <span className="muted small snoozed-until" data-testid="row-snoozed-until">Until {snoozeTime(c.snoozedUntil)}</span> : null}
                        <ConversationPreview conversation={c} />
                      </div>
                      <div className="row-meta column">
                        <span className="muted small"><When iso={c.lastMessageAt} /></span>
                        {c.unreadCount > 0 && !c.contactBlocked ? <span className="unread" data-testid="unread">{c.unreadCount}</span> : null}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              {hasNextPage ? (
                <LoadMoreConversations scroller={wrapRef} busy={busy} loading={conversations.isFetchingNextPage}
                  error={nextPageError} onLoad={onLoadMore} />
              ) : null}
            </div>
          )}
        </div>
        <UndoNotice done={undoable} onUndone={showUndone} onClose={closeNotice} />
      </section>
      <section className="pane detail-pane">
        {selected ? <BackToList list={`${CHANNEL_LABEL[channel]} conversations`} onBack={backToList} /> : null}
        {selected ? <Thread key={selected} conversationId={selected} readAfterMs={browsing ? BROWSED_READ_AFTER_MS : 0} matchedMessageId={matchedMessageId}
          onOpenConversation={openConversation} takeFocus={focusOn === selected} onStateChanged={onStateChanged} /> : <Empty title="Select a conversation">Pick one to read it and reply. Replies go out through the same channels, billing and logs as API sends; the logs name them as sent from the console.</Empty>}
      </section>
    </div>
  );
}
