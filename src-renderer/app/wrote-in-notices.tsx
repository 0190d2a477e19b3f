// The notices of customers writing in while a page other than the Inbox is shown (app/customers-wrote-in.ts gathers and
// words them): a small stack at the window's bottom right, each naming who wrote, with Open (the conversation in the
// Inbox, or for several the Inbox on their channel's Open list) and Dismiss. A notice never takes the focus and is not a
// live region: the console's one announcer has said its sentence already, so a screen reader hears it once. It goes
// after NOTICE_SHOWN_MS (held while the pointer or the focus is on it), on Escape or Dismiss, and all go when the Inbox
// is shown, whose list shows what they said.
import { useEffect, useRef, type FocusEvent } from 'react';
import { focusLost, thenFocus } from '../components/focus.ts';
import { useTimedNotice } from '../components/timed-notice.ts';
import { useUi } from '../stores/ui.ts';
import { openTarget } from './customers-wrote-in.ts';
import { useWroteIn, type WroteInNotice } from '../stores/wrote-in.ts';
import './wrote-in-notices.css';

/** How long a notice stays once nothing holds it: as the inbox's undo notice. */
export const NOTICE_SHOWN_MS = 10_000;

/** A notice's Open (customers-wrote-in.ts's `openTarget`): one conversation, opened to reply; several, the Inbox's Open list. */
function openFrom(notice: WroteInNotice): void {
  const ui = useUi.getState();
  const target = openTarget(notice.conversations);
  if ('conversation' in target) {
    ui.openConversation({ id: target.conversation.conversationId, channel: target.conversation.channel, state: 'open' });
    return;
  }
  ui.setInboxState('open');
  if (target.channel && ui.inbox.channel !== target.channel) ui.setInbox({ channel: target.channel, conversationId: null });
  // The Open button leaves with the notices: the focus goes where the sidebar's Inbox would have left it.
  thenFocus(() => ui.go('inbox'), () => document.querySelector<HTMLElement>('[data-testid="nav-inbox"]'));
}

function Notice({ notice, cameFrom }: { notice: WroteInNotice; cameFrom: () => HTMLElement | null }) {
  const dismiss = useWroteIn((state) => state.dismiss);
  // Closed from the keyboard: the focus goes back where it came from (else it would fall to the page).
  const close = () => thenFocus(() => dismiss(notice.id), () => (focusLost() ? cameFrom() : null));
  const timed = useTimedNotice({ shownMs: NOTICE_SHOWN_MS, onExpire: () => dismiss(notice.id), onEscape: close });
  const textId = `wrote-in-text-${notice.id}`;
  const one = notice.conversations.length === 1;
  return (
    <div className="wrote-in-notice" data-testid="wrote-in-notice" {...timed}>
      <span className="wrote-in-dot" aria-hidden />
      <p className="wrote-in-text" id={textId} data-testid="wrote-in-text">{notice.text}</p>
      <button type="button" className="button small" data-testid="wrote-in-open" aria-describedby={textId}
        title={one ? 'Open the conversation in the Inbox' : 'Open the Inbox'} onClick={() => openFrom(notice)}>Open</button>
      <button type="button" className="button ghost small" data-testid="wrote-in-dismiss" aria-label="Dismiss" title="Dismiss (Esc)" onClick={close}>
        <span aria-hidden>×</span>
      </button>
    </div>
  );
}

/** The stack, in the shell on every page; nothing while the Inbox is shown (its notices are closed on the way in). */
export function WroteInNotices() {
  const notices = useWroteIn((state) => state.notices);
  const dismissAll = useWroteIn((state) => state.dismissAll);
  const inInbox = useUi((state) => state.section === 'inbox');
  useEffect(() => {
    if (inInbox) dismissAll();
  }, [inInbox, dismissAll]);
  // The element the focus came from into the stack, for a notice closed from the keyboard to give it back.
  const cameFrom = useRef<HTMLElement | null>(null);
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) cameFrom.current = e.relatedTarget as HTMLElement | null;
  };
  if (inInbox || notices.length === 0) return null;
  const back = () => (cameFrom.current?.isConnected ? cameFrom.current : document.querySelector<HTMLElement>('.sidebar [aria-current="page"]'));
  return (
    <section className="wrote-in-notices" aria-label="New messages" data-testid="wrote-in-notices" onFocus={onFocus}>
      {notices.map((notice) => <Notice key={notice.id} notice={notice} cameFrom={back} />)}
    </section>
  );
}
