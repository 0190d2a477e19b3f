// Send a message, on a contact's panel: a native modal (the block and launch dialogs' pattern: showModal() keeps the
// focus inside and makes the page behind inert, Escape closes, and the focus goes back to the button), where the agent
// picks a channel the contact can be reached on (send-channels.ts: one it cannot be, with why) and writes the message in
// that channel's composer (send-composer.tsx). Sent, the dialog says where it went and offers Open the conversation,
// which goes to its thread in the inbox (the conversation exists from the first message on).
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { Channel, Contact } from '../../../src-core/contract/index.ts';
import { contactDisplayName, CHANNEL_LABEL } from '../../components/format.ts';
import { thenFocus } from '../../components/focus.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { announce } from '../../stores/announcer.ts';
import { useUi } from '../../stores/ui.ts';
import { useContactConversations } from './queries.ts';
import { conversationAt, firstChannelOf, sendChannelsOf } from './send-channels.ts';
import { SendComposer, type Sent } from './send-composer.tsx';

/** The panel's Send a message and its dialog; closed, the focus goes back to the button. */
export function SendMessageButton({ contact }: { contact: Contact }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={button} type="button" className="button" data-testid="send-message" aria-haspopup="dialog" onClick={() => setOpen(true)}>Send a message</button>
      {open ? <SendMessageDialog contact={contact} onClose={() => thenFocus(() => setOpen(false), () => button.current)} onLeave={() => setOpen(false)} /> : null}
    </>
  );
}

/** `onClose`: back to the panel (the focus to Send a message); `onLeave`: closed to go to another page (the inbox, the wallet). */
function SendMessageDialog({ contact, onClose, onLeave }: { contact: Contact; onClose(): void; onLeave(): void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const conversations = useContactConversations(contact.id);
  const listed = conversations.data?.data ?? [];
  const channels = sendChannelsOf(contact, listed);
  const [picked, setPicked] = useState<Channel | null>(null);
  const channel = picked ?? firstChannelOf(channels, listed);
  const choice = channels.find((c) => c.channel === channel);
  const [sent, setSent] = useState<Sent | null>(null);
  const openConversation = useUi((s) => s.openConversation);
  const opener = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  // The channel chosen takes the focus once the channels are known: the keyboard is where the agent starts.
  const ready = conversations.isSuccess;
  useLayoutEffect(() => {
    if (ready) dialog.current?.querySelector<HTMLInputElement>('input[name="send-channel"]:checked')?.focus();
  }, [ready]);
  // Sent: Open the conversation takes the focus (the composer that held it is gone), Close while the conversation is not
  // listed yet (Open is then off). The sending is said by the dialog's own live region, there from the start (the
  // console's announcer is outside the modal, in the page it makes inert).
  const closer = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (sent) (sent.conversationId ? opener.current : closer.current)?.focus();
  }, [sent]);

  const sentWords = sent ? `Sent on ${CHANNEL_LABEL[sent.channel]} to ${sent.address}.` : '';
  // The inbox lists the conversation's own state: one the team resolved before stays resolved by a message sent to it (a
  // new one starts open), as the panel's list says, read again once the message went.
  function open() {
    if (!sent?.conversationId) return;
    const state = listed.find((c) => c.id === sent.conversationId)?.state ?? 'open';
    onLeave();
    openConversation({ id: sent.conversationId, channel: sent.channel, state });
    announce(`Opened the ${CHANNEL_LABEL[sent.channel]} conversation.`);
  }

  const name = contactDisplayName(contact);
  return (
    <dialog ref={dialog} className="dialog send-dialog" aria-labelledby={`${id}-title`} data-testid="send-dialog" data-ready={ready ? 'true' : 'false'}
      onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <div className="send-body">
        <h2 id={`${id}-title`}>Send a message to {name}</h2>
        <p className="visually-hidden" role="status" data-testid="send-said">{sentWords}</p>
        {contact.isBlocked ? (
          <p className="callout danger" data-testid="send-blocked">This contact is blocked: every send to them is refused{contact.blockedReason?.trim() ? ` (${contact.blockedReason.trim()})` : ''}. Unblock them first.</p>
        ) : null}
        {sent ? (
          <div className="send-done" data-testid="send-done">
            <p>{sentWords} {sent.conversationId ? 'The conversation is in the inbox.' : 'The conversation appears in the inbox shortly.'}</p>
            <div className="actions">
              <button ref={closer} type="button" className="button ghost" onClick={onClose} data-testid="send-close">Close</button>
              <button ref={opener} type="button" className="button primary" onClick={open} disabled={!sent.conversationId} data-testid="send-open-conversation">Open the conversation</button>
            </div>
          </div>
        ) : conversations.isPending ? <Loading label="Loading the contact's channels…" /> : conversations.isError ? (
          <ErrorState error={conversations.error} onRetry={() => void conversations.refetch()} />
        ) : (
          <>
            <fieldset className="send-channels" data-testid="send-channels">
              <legend>Channel</legend>
              {channels.map((c) => (
                <label key={c.channel} className={c.address ? 'radio' : 'radio muted'} data-testid={`send-channel-${c.channel}`}>
                  <input type="radio" name="send-channel" value={c.channel} checked={c.channel === channel} disabled={!c.address}
                    aria-describedby={c.why ? `${id}-${c.channel}-why` : undefined} onChange={() => setPicked(c.channel)} />
                  <span>{CHANNEL_LABEL[c.channel]}</span>
                  {c.address ? <span className="muted small">· {c.address}</span> : <span id={`${id}-${c.channel}-why`} className="muted small send-why" data-testid="send-channel-why">{c.why}</span>}
                </label>
              ))}
            </fieldset>
            {choice?.address ? (
              <SendComposer key={channel} contact={contact} channel={channel} address={choice.address} onSent={setSent} onLeave={onLeave}
                conversation={conversationAt(listed, channel, choice.address)} />
            ) : (
              <p className="muted" data-testid="send-unreachable">{choice?.why ?? 'This contact has no channel to send on yet.'}</p>
            )}
            <div className="actions">
              <button type="button" className="button ghost" onClick={onClose} data-testid="send-cancel">Close</button>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
