// One conversation: messages oldest first with live status ticks (older ones loaded as the agent scrolls up), the
// reply composer (or why the contact is blocked), Snooze and Resolve (snoozed: Snooze for another time, Unsnooze; or
// Reopen), and the contact's panel, opened beside it by View contact.
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import type { ConsoleContact, Contact, Conversation, Message } from '../../../src-core/contract/index.ts';
import { thenFocus, useFocusAfterChange, useFocusIfLost } from '../../components/focus.ts';
import { KeepPlaceAbove } from '../../components/keep-place-above.tsx';
import { useStickToBottom } from '../../components/stick-to-bottom.ts';
import { CHANNEL_LABEL, contactDisplayName, customerAddress, customerLabel, time } from '../../components/format.ts';
import { When } from '../../components/when.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { ContactDrawer } from './contact-drawer.tsx';
import { NoComposer, SmsComposer, TextComposer } from './channel-composers.tsx';
import { RcsComposer } from './rcs-composer.tsx';
import { MessageBody } from './message-body.tsx';
import { TemplateComposer } from './template-composer.tsx';
import { useUnblockContact } from '../contacts/mutations.ts';
import { UnblockButton } from '../contacts/unblock-button.tsx';
import type { ConversationTarget } from '../contacts/contact-conversations.tsx';
import { useContact } from '../contacts/queries.ts';
import { useMarkRead, useReply } from './mutations.ts';
import { useConversation, useThread } from './queries.ts';
import { useThreadAnnouncements } from './thread-announcements.ts';
import { newMessages, useNewBelow } from './new-below.ts';
import { ownerChanges } from './owner-change.ts';
import { OwnerChange } from './owner-change.tsx';
import { OlderMessagesBar, useOlderMessagesAtTop } from './older-messages.tsx';
import { ReplyWalletShort } from './reply-wallet-short.tsx';
import { ResolveButton } from './resolve-button.tsx';
import { SnoozeMenu } from './snooze-menu.tsx';
import { snoozeTime } from './snooze-choices.ts';
import { useReadAfter } from './read-after.ts';
import { useTopUpAction } from '../wallet/top-up-action.ts';
import { useConnectInstagramAction } from '../channels/connect-action.ts';
import { useDraft } from '../../stores/drafts.ts';
import { WriteInLink, writesIn } from './write-in-link.tsx';
import { DraftOwnerNote, useDraftWrittenToAnother } from './draft-owner-note.tsx';

/** A reply's status as a glyph, and in words for a screen reader (the glyph and its colour say nothing to one). Read is filled (see styles/conversations.css). */
const TICKS: Record<string, { glyph: string; label: string }> = {
  queued: { glyph: '…', label: 'Queued' }, sent: { glyph: '✓', label: 'Sent' }, delivered: { glyph: '✓✓', label: 'Delivered' },
  read: { glyph: '✓✓', label: 'Read' }, failed: { glyph: '!', label: 'Failed' },
};
/**
 * What takes the focus when the composer and the blocked notice take each other's place: Unblock, or the
 * composer's first field (a reply, an SMS text or a template's choice: WhatsApp's or RCS's); with no composer
 * (Instagram's closed window), the messages.
 */
const COMPOSER_FOCUS = '[data-testid="composer-unblock"], [data-testid="composer"], [data-testid="reply-template"]';
/** The channels where the platform's 24-hour customer-care window decides what may be sent. */
const WINDOWED = new Set(['whatsapp', 'instagram']);

function Ticks({ message }: { message: Message }) {
  const ticks = TICKS[message.status];
  return (
    <span className={`ticks ${message.status}`} title={message.errorMessage ?? message.status} data-testid="ticks">
      <span aria-hidden>{ticks?.glyph ?? ''}</span><span className="visually-hidden">{ticks?.label ?? message.status}</span>
    </span>
  );
}

/** `matched`: the message the inbox's search matched (the one its row shows), outlined (inbox.css) and said so. */
function Bubble({ message, matched }: { message: Message; matched: boolean }) {
  const outbound = message.direction === 'outbound';
  return (
    <li className={`bubble ${outbound ? 'out' : 'in'}${matched ? ' matched' : ''}`} data-testid="message" data-status={message.status} data-key={message.id}
      data-matched={matched ? 'true' : undefined}>
      {matched ? <span className="visually-hidden">Matches the search: </span> : null}
      {message.templateName ? <span className="template-tag">template · {message.templateName}</span> : null}
      <MessageBody message={message} />
      <span className="bubble-meta">
        <When iso={message.createdAt} />
        {outbound ? <Ticks message={message} /> : null}
      </span>
      {message.status === 'failed' ? <span className="bubble-error">{message.errorMessage}</span> : null}
    </li>
  );
}

/**
 * Floats over the foot of the list while the agent reads the history and the customer wrote since; takes them to
 * the newest. Pressed with a pointer it leaves the focus where it was (the reply being typed, say).
 */
function NewBelow({ count, onJump }: { count: number; onJump(event: MouseEvent<HTMLButtonElement>): void }) {
  return (
    <button type="button" className="new-below" data-testid="new-below" onMouseDown={(e) => e.preventDefault()} onClick={onJump}>
      <span aria-hidden>↓ </span>{newMessages(count)}
    </button>
  );
}

/** Takes the composer's place while the contact is blocked: every send would be refused with this reason. */
function BlockedNotice({ contact, onUnblock }: { contact: ConsoleContact; onUnblock(): void }) {
  const unblock = useUnblockContact(contact.id);
  return (
    <div className="composer inline composer-blocked" data-testid="composer-blocked">
      <div className="callout danger spacer">
        <strong className="reason">Blocked: {contact.blockedReason ?? 'no reason given'}</strong>
        <span>Replies are refused until the contact is unblocked.</span>
        {unblock.isError ? <span data-testid="unblock-error">{unblock.error.message}</span> : null}
      </div>
      <UnblockButton contact={contact} pending={unblock.isPending} testId="composer-unblock" onUnblock={() => { onUnblock(); unblock.mutate(); }} />
    </div>
  );
}

/**
 * Over the composer while the conversation is not open (resolved or snoozed here, or in another window while a reply was
 * being typed): a reply is sent and leaves it so, as the core keeps an agent's last word; the customer's answer reopens it.
 * A status region, so a screen reader hears it when another window resolves the conversation under the reply.
 */
function NotOpenNotice({ conversation }: { conversation: Conversation }) {
  const { state, resolvedAt, resolvedBy, snoozedUntil } = conversation;
  return (
    <div role="status" className="composer-state" data-testid="composer-state">
      {state === 'resolved' && resolvedBy === 'system' ? 'Awaiting reply: nobody on the team had it yet. A reply is sent and leaves it under Resolved; it comes to Open when the customer writes.'
        : state === 'resolved' ? `Resolved${resolvedAt ? ` ${time(resolvedAt)}` : ''}: a reply is sent and leaves it resolved. It comes back to Open when the customer writes.`
        : state === 'snoozed' && snoozedUntil ? `Snoozed until ${snoozeTime(snoozedUntil)}: a reply is sent and leaves it snoozed. It comes back to Open then, or when the customer writes.`
          : null}
    </div>
  );
}

/**
 * Who the customer is: their tags, and View contact, which opens their contact (notes, blocking, other details) beside the
 * thread; on a channel customers write in on, the Simulator's way to write in as them (`writeIn`).
 */
function ContactContext({ contact, open, opener, onOpen, writeIn }: {
  contact: Contact; open: boolean; opener: RefObject<HTMLButtonElement | null>; onOpen(): void; writeIn: ReactNode;
}) {
  return (
    <div className="thread-contact" data-testid="thread-contact">
      {contact.tags.map((tag) => <span key={tag} className="chip" data-testid="thread-tag">{tag}</span>)}
      <button ref={opener} type="button" className="link" data-testid="open-contact" aria-haspopup="dialog" aria-expanded={open} onClick={onOpen}>View contact</button>
      {/* Two links side by side, told apart by more than a space. */}
      {writeIn ? <><span className="muted" aria-hidden>·</span>{writeIn}</> : null}
    </div>
  );
}

/**
 * `readAfterMs`: how long the thread must stay shown before it is marked read (0, at once: see read-after.ts);
 * `matchedMessageId`: the message a search matched, marked and shown where it is loaded (else the thread opens at its end);
 * `onOpenConversation`: the inbox opening another conversation of the contact's (Open conversation in the contact's panel);
 * `takeFocus`: opened so, the thread takes the focus (which fell to the page with the panel) once shown;
 * `onStateChanged`: the conversation was resolved, snoozed or reopened from its header (the inbox moves on, see resolve-next.ts;
 *   `before`, the conversation as it was, is what the inbox's Undo puts back).
 */
export function Thread({ conversationId, readAfterMs = 0, matchedMessageId, onOpenConversation, takeFocus = false, onStateChanged }: {
  conversationId: string; readAfterMs?: number; matchedMessageId?: string | undefined; onOpenConversation(target: ConversationTarget): void; takeFocus?: boolean;
  onStateChanged(changed: Conversation, before: Conversation): void;
}) {
  const detail = useConversation(conversationId);
  const thread = useThread(conversationId);
  const contactId = detail.data?.contactId ?? null;
  const contact = useContact(contactId);
  const reply = useReply(conversationId, contactId);
  // The way on from a refusal the agent cannot fix here: the wallet's top-up, or the Instagram account's connection.
  const topUp = useTopUpAction(reply.error);
  const connect = useConnectInstagramAction(reply.error, detail.data?.channel);
  const wayOn = topUp ?? connect;
  const markRead = useMarkRead(conversationId);
  // The composer's draft (free text, or SMS): the conversation's, kept while a block replaces the composer and while the
  // agent reads another conversation, tab or page (stores/drafts.ts).
  const [text, setText] = useDraft(conversationId, contactId);
  // A draft begun for the contact the conversation was with before its address changed hands: Send waits for the agent.
  const writtenTo = useDraftWrittenToAnother(conversationId, contactId);
  // The contact's panel, open beside the thread; closed, the focus goes back to View contact.
  const [contactOpen, setContactOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const closeContact = () => thenFocus(() => setContactOpen(false), () => opener.current);
  const bubbles = useRef<HTMLUListElement>(null);
  const view = useRef<HTMLDivElement>(null);
  const composerFocus = useCallback(() => view.current?.querySelector<HTMLElement>(COMPOSER_FOCUS) ?? bubbles.current, []);
  // Unblock done (or a block made elsewhere) replaces the control that held the focus: it goes to what replaced it.
  useFocusAfterChange(contact.data?.isBlocked, composerFocus);
  // Open conversation in the contact's panel: the agent goes to reply there, so the composer (or what stands for it) takes
  // the focus, once the contact (whose block replaces it) is read. The panel closes: where the pane is narrow it covers the thread.
  useFocusIfLost(takeFocus && Boolean(detail.data && thread.data) && (contactId === null || !contact.isPending), composerFocus);
  const openConversation = (target: ConversationTarget) => {
    if (target.id === conversationId) thenFocus(() => setContactOpen(false), composerFocus);
    else onOpenConversation(target);
  };
  const unread = detail.data?.unreadCount ?? 0;
  useThreadAnnouncements(thread.data?.data, detail.data ? customerLabel(detail.data) : undefined);

  // The newest message in full: the list keeps to its end once shown, as messages come and as the header takes
  // room after them (the contact's tags load later), unless the agent scrolled up to read the history.
  const { pinned, jumpToEnd, showItem } = useStickToBottom(bubbles, Boolean(detail.data && thread.data), thread.data?.data.at(-1)?.id);
  // Opened from a search, the thread shows the message the search matched, once, when it is loaded and out of view at the
  // end (it is then read from above: what is below stays unread until the agent gets there, as the history's reader's).
  const matchShown = useRef(false);
  useLayoutEffect(() => {
    const item = matchedMessageId && detail.data && thread.data ? bubbles.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(matchedMessageId)}"]`) : null;
    if (matchShown.current || !item) return;
    matchShown.current = true;
    showItem(item);
  }, [matchedMessageId, detail.data, thread.data, showItem]);
  const first = thread.data?.data[0]?.id;
  const hasOlder = thread.data?.meta.hasOlder;
  const older = useOlderMessagesAtTop(conversationId, bubbles, first, hasOlder ?? false);
  // The last older page loaded takes the button away: if it held the focus, the messages take it.
  useFocusAfterChange(hasOlder, () => bubbles.current);
  // A remount resets it: the inbox keys the thread by its conversation.
  const newBelow = useNewBelow(thread.data?.data, pinned);
  // The button goes once pressed: when it held the focus (a key pressed it), the list it scrolled takes it.
  const jumpToNewest = (event: MouseEvent<HTMLButtonElement>) => {
    if (document.activeElement === event.currentTarget) thenFocus(jumpToEnd, () => bubbles.current);
    else jumpToEnd();
  };
  // Sending from the history takes the agent to the end, where their reply shows (every composer sends through `reply`).
  const sentAt = reply.submittedAt;
  useEffect(() => {
    if (sentAt) jumpToEnd();
  }, [sentAt, jumpToEnd]);
  // Marked read once per newest customer message: a count alone repeats (1 → read 0 → a new 1) and the new one was skipped.
  // Only while the agent is at the end, where it shows: one that came in below a reader of the history stays unread
  // (its badge, and the "new messages" button) until they get there.
  // And only once the thread counts as read: one the arrow keys pass through is not (read-after.ts).
  const newestInbound = thread.data?.data.findLast((m) => m.direction === 'inbound')?.id ?? null;
  const markedFor = useRef<string | null>(null);
  const { mutate: markAsRead } = markRead;
  const read = useReadAfter(readAfterMs, Boolean(detail.data && thread.data));
  useEffect(() => {
    if (read && pinned && unread > 0 && newestInbound && markedFor.current !== newestInbound) {
      markedFor.current = newestInbound;
      markAsRead();
    }
  }, [read, pinned, unread, newestInbound, markAsRead]);

  if (detail.isPending || thread.isPending) return <Loading label="Loading conversation…" />;
  if (detail.isError) return <ErrorState error={detail.error} />;
  if (thread.isError) return <ErrorState error={thread.error} />;
  const c = detail.data;
  // Where an address an edit took from one contact went on with another: a line after the earlier one's last message.
  const formerContacts = ownerChanges(thread.data.data);
  // The merge tags of a saved reply: the contact's name, else the name the conversation shows.
  const contactName = contact.data?.name ?? c.customerName ?? null;
  const held = writtenTo !== null;
  return (
    <div className={`thread${contactOpen && contact.data ? ' with-contact' : ''}`} ref={view} data-testid="thread">
      <header className="thread-header">
        <div>
          {/* A customer known only by their number (or address) is named by it, the channel alone under it: not twice. */}
          {c.customerName ? (
            <>
              <h2>{c.customerName}</h2>
              <span className="muted" data-testid="thread-address">{CHANNEL_LABEL[c.channel]} · {customerAddress(c)}</span>
            </>
          ) : (
            <div data-testid="thread-address">
              <h2>{customerAddress(c)}</h2>
              <span className="muted" data-testid="thread-channel">{CHANNEL_LABEL[c.channel]}</span>
            </div>
          )}
          {contact.data ? <ContactContext contact={contact.data} open={contactOpen} opener={opener} onOpen={() => setContactOpen(true)}
            writeIn={writesIn(c.channel) ? <WriteInLink channel={c.channel} from={c.address} testId="thread-write-in">Write in as them (Simulator)</WriteInLink> : null} /> : null}
        </div>
        <div className="thread-actions">
          {WINDOWED.has(c.channel) ? (
            <span className={`badge reply-window ${c.careWindow.open ? 'ok' : 'muted-badge'}`} data-testid="reply-window" title={c.careWindow.closesAt ? `Window closes ${time(c.careWindow.closesAt)}` : 'The customer has not written yet'}>
              {c.careWindow.open ? 'Reply window open' : 'Reply window closed'}
            </span>
          ) : null}
          <ResolveButton conversation={c} onChanged={onStateChanged}>
            {c.state === 'resolved' ? null : <SnoozeMenu conversation={c} onChanged={onStateChanged} />}
          </ResolveButton>
        </div>
      </header>
      {/* A Tab stop, so the keyboard can scroll a long thread (it holds nothing focusable); still a list, named. */}
      <div className="thread-body">
        {thread.data.meta.hasOlder ? <OlderMessagesBar older={older} /> : null}
        <KeepPlaceAbove list={bubbles} first={first}>
          <ul className="bubbles scroll-region" ref={bubbles} tabIndex={0} aria-label={`Messages with ${c.customerName ?? customerAddress(c)}`} data-testid="thread-messages">
            {older.loaded && !thread.data.meta.hasOlder ? <li className="thread-start" data-testid="thread-start">Start of the conversation</li> : null}
            {thread.data.data.map((message) => {
              const former = formerContacts.get(message.id);
              return (
                <Fragment key={message.id}>
                  {former ? <OwnerChange contactId={former} /> : null}
                  <Bubble message={message} matched={message.id === matchedMessageId} />
                </Fragment>
              );
            })}
          </ul>
        </KeepPlaceAbove>
        {newBelow > 0 ? <NewBelow count={newBelow} onJump={jumpToNewest} /> : null}
      </div>
      {contact.data?.isBlocked || (c.channel === 'instagram' && !c.careWindow.open) ? null : <NotOpenNotice conversation={c} />}
      {writtenTo && contactId && !contact.data?.isBlocked ? (
        <DraftOwnerNote conversationId={conversationId} writtenTo={writtenTo} contactId={contactId} onSettled={(settle) => thenFocus(settle, composerFocus)}
          nowWith={contact.data ? contactDisplayName(contact.data) : customerLabel(c)} />
      ) : null}
      {/* Above the composer, said before the agent types: what the wallet cannot pay for a reply here (Send stays; the core decides). */}
      {contact.data?.isBlocked || (c.channel === 'instagram' && !c.careWindow.open) ? null : <ReplyWalletShort channel={c.channel} />}
      {contact.data?.isBlocked ? <BlockedNotice contact={contact.data} onUnblock={() => reply.reset()} />
        : c.channel === 'whatsapp' && !c.careWindow.open ? <TemplateComposer conversationId={conversationId} reply={reply} held={held} contact={contactId === null ? null : contact.data} address={c.address} />
          : c.channel === 'sms' ? <SmsComposer reply={reply} held={held} contactName={contactName} text={text} setText={setText} />
            : c.channel === 'rcs' ? <RcsComposer conversationId={conversationId} reply={reply} held={held} contact={contactId === null ? null : contact.data} address={c.address} />
              : c.channel === 'instagram' && !c.careWindow.open ? <NoComposer conversation={c} />
                : <TextComposer reply={reply} held={held} channel={c.channel} contactName={contactName} text={text} setText={setText} />}
      {reply.isError ? <div className="composer-error" data-testid="reply-error"><ErrorState error={reply.error} refused="Not sent" action={wayOn} /></div> : null}
      {contactOpen && contact.data ? <ContactDrawer contactId={contact.data.id} name={customerLabel(c)} onClose={closeContact} onOpenConversation={openConversation} /> : null}
    </div>
  );
}
