// A thread's contact opened beside the thread (over it where the pane is narrow: inbox.css): the contacts page's panel
// (tags, notes, block and unblock, the contact's conversations) without leaving the conversation, with a link to the
// full contact page. Closed with its button or Escape; the focus then goes back to what opened it (the thread's job).
// Open conversation (`onOpenConversation`) is the thread's too: it takes the agent to that conversation's thread.
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type { ConversationTarget } from '../contacts/contact-conversations.tsx';
import { ContactPanel } from '../contacts/contact-panel.tsx';
import { useUi } from '../../stores/ui.ts';
import './inbox.css';

export function ContactDrawer({ contactId, name, onClose, onOpenConversation }: {
  contactId: string; name: string; onClose(): void; onOpenConversation(target: ConversationTarget): void;
}) {
  const selectContact = useUi((s) => s.selectContact);
  const go = useUi((s) => s.go);
  const close = useRef<HTMLButtonElement>(null);
  // Opened by a press of View contact: the focus moves in, so the keyboard reads and works the panel from its top.
  useLayoutEffect(() => close.current?.focus(), []);
  // Escape in the block dialog is that dialog's (it closes itself); anywhere else in the panel it closes the panel.
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || event.defaultPrevented || (event.target as HTMLElement).closest('dialog')) return;
    event.preventDefault();
    onClose();
  }
  return (
    <section className="contact-drawer" role="dialog" aria-modal="false" aria-label={`Contact: ${name}`} data-testid="contact-drawer" onKeyDown={onKeyDown}>
      <div className="contact-drawer-bar">
        <button type="button" className="link" data-testid="open-contact-page" onClick={() => { selectContact(contactId); go('contacts'); }}>Open full contact page</button>
        <button ref={close} type="button" className="button ghost" data-testid="close-contact" aria-label="Close contact" aria-keyshortcuts="Escape" onClick={onClose}>
          <span aria-hidden>× </span>Close
        </button>
      </div>
      <ContactPanel contactId={contactId} onOpenConversation={onOpenConversation} />
    </section>
  );
}
