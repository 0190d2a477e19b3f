// One message of a simulated handset's thread, as its owner sees it: one it sent (their own words), or one it received: an email's subject, sender and body (its HTML in
// a sandboxed frame, its links written out), a WhatsApp template's header, footer and buttons, an RCS card's image,
// title, text and suggestions, or the text.
import { useMemo } from 'react';
import { rcsMessageContentSchema, sentEmailSchema, waTemplateContentSchema, type HandsetMessage, type HandsetSentMessage, type SentEmail } from '../../../src-core/contract/index.ts';
import { RcsCardParts, RcsSuggestions, WaButtons, WaTemplateParts, waHeaderOf } from '../../components/rich-message.tsx';
import { When } from '../../components/when.tsx';
import { emailDocument } from './email-document.ts';
import { displayAddress } from '../../components/email-address.ts';

function EmailReceived({ email }: { email: SentEmail }) {
  const { srcDoc, links, images } = useMemo(() => emailDocument(email.html), [email.html]);
  return (
    <div className="handset-email">
      <p className="handset-subject" data-testid="handset-subject"><span className="visually-hidden">Subject: </span>{email.subject}</p>
      {/* No script runs in it, no form is sent, nothing opens, nothing is fetched (email-document.ts). */}
      <iframe className="handset-email-body" sandbox="" srcDoc={srcDoc} title={`Email: ${email.subject}`} data-testid="handset-email-body" />
      {images > 0 ? <p className="muted small">Its images are not loaded: the console fetches nothing from the internet.</p> : null}
      {links.length > 0 ? (
        <ul className="handset-links" aria-label="Links in this email" data-testid="handset-links">
          {links.map((link, i) => (
            <li key={i} data-testid="handset-link">{link.text ? <span>{link.text} </span> : null}<code>{link.href}</code></li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** What the message holds for its channel, parsed from the payload the handset kept; otherwise its text. */
function Received({ message }: { message: HandsetMessage }) {
  if (message.channel === 'email') {
    const email = sentEmailSchema.safeParse(message.payload);
    if (email.success) return <EmailReceived email={email.data} />;
  }
  if (message.channel === 'whatsapp' && typeof message.payload.template === 'string') {
    const template = waTemplateContentSchema.safeParse({ ...message.payload, body: message.text });
    if (template.success) {
      return (
        <div className="handset-template">
          <WaTemplateParts header={waHeaderOf(template.data.header)} body={message.text} footer={template.data.footer} />
          <WaButtons buttons={template.data.buttons} />
        </div>
      );
    }
  }
  if (message.channel === 'rcs') {
    // A card kept before its title and text were handed over apart has them together in its text, read as its body.
    const card = rcsMessageContentSchema.safeParse({ title: null, text: message.text, imageUrl: null, suggestions: [], ...message.payload });
    if (card.success) {
      return (
        <div className="handset-template">
          <RcsCardParts title={card.data.title} text={card.data.text} imageUrl={card.data.imageUrl} />
          <RcsSuggestions suggestions={card.data.suggestions} />
        </div>
      );
    }
  }
  return <p>{message.text}</p>;
}

/** Who it is from, as the owner's app shows it: an email's sender name and address (`Example Store <hello@…>`). */
function senderOf(message: HandsetMessage): string {
  if (message.channel !== 'email') return message.from;
  const email = sentEmailSchema.safeParse(message.payload);
  return email.success && email.data.fromName ? `${email.data.fromName} <${displayAddress(email.data.fromEmail)}>` : displayAddress(message.from);
}

export function HandsetMessageItem({ message }: { message: HandsetMessage }) {
  return (
    <li className={`handset-in${message.channel === 'email' ? ' handset-wide' : ''}`} data-testid="handset-message" data-channel={message.channel}>
      <span className="chip">{message.channel}</span> <strong data-testid="handset-from">{senderOf(message)}</strong> <span className="muted small"><When iso={message.at} /></span>
      <Received message={message} />
    </li>
  );
}

/** A message the handset's owner sent (wrote in as the customer): their own side of the thread, as a phone shows it. */
export function HandsetSentItem({ message }: { message: HandsetSentMessage }) {
  return (
    <li className="handset-out" data-testid="handset-sent" data-channel={message.channel}>
      <span className="chip">{message.channel}</span> <strong>You</strong><span className="visually-hidden"> sent</span> <span className="muted small"><When iso={message.at} /></span>
      <p>{message.text}</p>
    </li>
  );
}
