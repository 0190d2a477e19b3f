// The selected contact's conversations, one row per channel (most recent first), each with its last message (marked
// when it failed, as the inbox's rows are; a resolved or snoozed one says so) and opening in the inbox on its channel tab,
// its list (Open, Snoozed or Resolved) and thread; kept live as the
// inbox's rows are (api/live.ts). Where the panel is narrow, Open conversation goes under the row (contacts.css).
// It opens the inbox as the inbox's own contact drawer does (the UI store's openConversation): the thread's composer
// then takes the focus. In that drawer, the inbox opens it itself (`onOpen`: see thread.tsx).
import type { Channel, ConversationState } from '../../../src-core/contract/index.ts';
import { CHANNEL_LABEL, customerAddress } from '../../components/format.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { When } from '../../components/when.tsx';
import { announce } from '../../stores/announcer.ts';
import { useUi } from '../../stores/ui.ts';
import { ConversationPreview } from '../inbox/conversation-preview.tsx';
import { resolvedLabel } from '../inbox/resolve-button.tsx';
import { useContactConversations } from './queries.ts';

/** A conversation Open conversation takes the agent to (the inbox then lists its state's conversations, when given). */
export type ConversationTarget = { id: string; channel: Channel; state?: ConversationState | undefined };

export function ContactConversations({ contactId, onOpen }: { contactId: string; onOpen?: ((target: ConversationTarget) => void) | undefined }) {
  const conversations = useContactConversations(contactId);
  const openConversation = useUi((s) => s.openConversation);
  const open = onOpen ?? ((target: ConversationTarget) => {
    openConversation(target);
    announce(`Opened the ${CHANNEL_LABEL[target.channel]} conversation.`);
  });
  return (
    <section className="card" aria-label="Conversations">
      <h3>Conversations</h3>
      {conversations.isPending ? <Loading label="Loading conversations…" /> : conversations.isError ? <ErrorState error={conversations.error} onRetry={() => void conversations.refetch()} /> : (
        <ul className="contact-conversations" data-testid="contact-conversations">
          {conversations.data.data.length === 0 ? <li className="muted">No conversations yet: one appears when this contact writes in, or when you send them a message with Send a message above.</li>
            : conversations.data.data.map((c) => (
              <li key={c.id} data-testid="contact-conversation" data-channel={c.channel}>
                <div className="contact-conversation-main">
                  <div className="contact-conversation-title">
                    <strong>{CHANNEL_LABEL[c.channel]}</strong> <span className="muted small" title={customerAddress(c)}>{customerAddress(c)}</span>
                    {c.state === 'resolved' ? <> <span className="chip" data-testid="contact-conversation-resolved">{resolvedLabel(c)}</span></> : null}
                    {c.state === 'snoozed' ? <> <span className="chip" data-testid="contact-conversation-snoozed">Snoozed</span></> : null}
                  </div>
                  <ConversationPreview conversation={c} />
                </div>
                <div className="row-meta column">
                  <span className="muted small"><When iso={c.lastMessageAt} /></span>
                  {c.unreadCount > 0 ? <span className="unread" aria-label={`${c.unreadCount} unread`}>{c.unreadCount}</span> : null}
                </div>
                <button type="button" className="button" data-testid="open-conversation" aria-label={`Open conversation on ${CHANNEL_LABEL[c.channel]}`}
                  onClick={() => open({ id: c.id, channel: c.channel, state: c.state })}>Open conversation</button>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
