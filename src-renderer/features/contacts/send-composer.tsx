// The composer of Send a message for one channel, the inbox's own where one fits (its rules, fields and previews): WhatsApp
// an approved template with its {{n}} values (a free text only within the 24-hour window of a conversation the contact
// already has), SMS an approved sender and a text matching an approved DLT template, RCS an approved template (sent by
// its bot), email a template from a verified sender, Instagram a text within the 24-hour window of the user's last
// message. The draft is kept per contact and channel (stores/drafts.ts) while the dialog is closed. What the wallet
// cannot pay for a message on the channel is said before it is written (the inbox's reply says it so); a refusal of the
// core shows under it in its words, with the way to top up an empty wallet.
import { useState } from 'react';
import type { Channel, Contact, Conversation } from '../../../src-core/contract/index.ts';
import { CHANNEL_LABEL } from '../../components/format.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { useDraft } from '../../stores/drafts.ts';
import { matchingTemplate } from '../campaigns/dlt.ts';
import { useSmsSenders, useSmsTemplates } from '../channels/queries.ts';
import { NoComposer, SmsComposer, TextComposer } from '../inbox/channel-composers.tsx';
import type { ReplySender } from '../inbox/mutations.ts';
import { useConversation } from '../inbox/queries.ts';
import { RcsComposer } from '../inbox/rcs-composer.tsx';
import { TemplateComposer } from '../inbox/template-composer.tsx';
import { useApprovedTemplates, useWallet } from '../campaigns/queries.ts';
import { WalletShort } from '../campaigns/wallet-short.tsx';
import { replyCost } from '../inbox/reply-wallet-short.tsx';
import { useTopUpAction } from '../wallet/top-up-action.ts';
import { useContactSend, type ContactSendBody } from './contact-send.ts';
import { EmailSendForm } from './email-send-form.tsx';

/** A send done: the conversation it went to (null if not listed yet). */
export type Sent = { channel: Channel; address: string; conversationId: string | null };

/** The draft of a contact's message on a channel: apart from any conversation's (a conversation's id is never so). */
export const draftIdOf = (contactId: string, channel: Channel) => `contact-send:${contactId}:${channel}`;

/**
 * `conversation`: the contact's on `channel` at `address`, if any; `onSent`: the message went; `onLeave`: the dialog is
 * closed to go elsewhere (the Wallet page, to top up).
 */
export function SendComposer({ contact, channel, address, conversation, onSent, onLeave }: {
  contact: Contact; channel: Channel; address: string; conversation: Conversation | null; onSent(sent: Sent): void; onLeave(): void;
}) {
  const draftId = draftIdOf(contact.id, channel);
  const [text, setText] = useDraft(draftId, contact.id);
  const waTemplates = useApprovedTemplates();
  const smsTemplates = useSmsTemplates();
  const senders = useSmsSenders();
  const approvedSenders = (senders.data?.data ?? []).filter((s) => s.status === 'APPROVED');
  const [chosenSender, setSender] = useState<string | null>(null);
  const senderId = chosenSender ?? approvedSenders[0]?.senderId ?? '';
  const matched = channel === 'sms' ? matchingTemplate(smsTemplates.data?.data ?? [], text.trim()) : null;
  const send = useContactSend({
    contactId: contact.id, channel, address, conversationId: conversation?.id ?? null, draftId, waTemplates: waTemplates.data?.data ?? [],
    sms: senderId ? { senderId, templateId: matched?.id ?? null, route: matched?.route ?? null } : null,
  });
  const topUp = useTopUpAction(send.error);
  const cost = replyCost(channel, useWallet().data?.prices);
  const mutate = (body: ContactSendBody) => send.mutate(body, { onSuccess: ({ conversationId }) => onSent({ channel, address, conversationId }) });
  const sender: ReplySender = {
    mutate,
    reset: () => send.reset(),
    isPending: send.isPending,
  };
  const name = contact.name;

  const composer = (() => {
    switch (channel) {
      case 'whatsapp': return conversation
        ? <WindowComposer conversationId={conversation.id} channel={channel} reply={sender} contact={contact} address={address} text={text} setText={setText} />
        : <TemplateComposer conversationId={draftId} reply={sender} held={false} contact={contact} address={address} lead={FIRST_TEMPLATE} />;
      case 'sms': return (
        <>
          {senders.isSuccess && approvedSenders.length === 0 ? <p className="muted small" data-testid="send-no-sender">SMS needs an approved sender id, and this organization has none yet: register one under Channels, SMS.</p> : (
            <label className="field">
              <span>Sender id</span>
              <select value={senderId} onChange={(e) => setSender(e.target.value)} data-testid="send-sms-sender" disabled={senders.isPending}>
                {senders.isPending ? <option value="">Loading sender ids…</option> : approvedSenders.map((s) => <option key={s.id} value={s.senderId}>{s.senderId}</option>)}
              </select>
            </label>
          )}
          <SmsComposer reply={sender} held={!senderId} contactName={name} text={text} setText={setText} />
        </>
      );
      case 'rcs': return <RcsComposer conversationId={draftId} reply={sender} held={false} contact={contact} address={address} />;
      case 'email': return <EmailSendForm contact={contact} address={address} pending={send.isPending} onSend={mutate} />;
      case 'instagram': return conversation
        ? <WindowComposer conversationId={conversation.id} channel={channel} reply={sender} contact={contact} address={address} text={text} setText={setText} />
        : null;
      default: return null;
    }
  })();
  return (
    <div className="send-composer" data-testid="send-composer" data-channel={channel}>
      {/* Said before the message is written (Send stays; the core decides); not for a blocked contact, refused whatever the wallet. */}
      {cost && !contact.isBlocked ? <WalletShort {...cost} draft={false} spends={spendsOn(channel)} /> : null}
      {composer}
      {send.isError ? (
        <div className="composer-error" data-testid="send-error">
          <ErrorState error={send.error} refused="Not sent" action={topUp ? { label: topUp.label, run: () => { onLeave(); topUp.run(); } } : undefined} />
        </div>
      ) : null}
    </div>
  );
}

/** How a message on `channel` ends the wallet's sentence: "… short of the ₹1,000.00 a WhatsApp message costs", "… of the 1 credit an email spends". */
const spendsOn = (channel: Channel) =>
  channel === 'email' ? 'credit an email spends' : `${channel === 'sms' || channel === 'rcs' ? 'an' : 'a'} ${CHANNEL_LABEL[channel]} message costs`;

const FIRST_TEMPLATE = 'WhatsApp lets a business start a conversation only with an approved template: choose one and fill its values.';

/**
 * WhatsApp or Instagram to a contact with a conversation there: a free text while its 24-hour window is open (the
 * conversation's reply), else WhatsApp's template (Instagram then has none: it says when it opens again).
 */
function WindowComposer({ conversationId, channel, reply, contact, address, text, setText }: {
  conversationId: string; channel: 'whatsapp' | 'instagram'; reply: ReplySender; contact: Contact; address: string; text: string; setText(update: (typed: string) => string): void;
}) {
  const detail = useConversation(conversationId);
  if (detail.isPending) return <Loading label="Reading the conversation's window…" />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  if (detail.data.careWindow.open) {
    return (
      <>
        <p className="muted small">The contact wrote within the last 24 hours: {CHANNEL_LABEL[channel]} allows a free text until the window closes.</p>
        <TextComposer reply={reply} held={false} channel={channel} contactName={contact.name} text={text} setText={setText} />
      </>
    );
  }
  return channel === 'whatsapp'
    ? <TemplateComposer conversationId={draftIdOf(contact.id, channel)} reply={reply} held={false} contact={contact} address={address} />
    : <NoComposer conversation={detail.data} />;
}
