// What a message in a thread says: a WhatsApp template message or an RCS card in full (header or image, body,
// footer, buttons or suggestions, rendered as the campaign builder previews them), an email's subject over the
// text written, or the text alone.
import { rcsMessageContentSchema, waTemplateContentSchema, type Message } from '../../../src-core/contract/index.ts';
import { RcsCardParts, RcsSuggestions, WaButtons, WaTemplateParts, waHeaderOf } from '../../components/rich-message.tsx';

export function MessageBody({ message }: { message: Message }) {
  // A content that does not read as its kind (written by another build, say) falls back to the message's text.
  if (message.channel === 'whatsapp' && message.type === 'template') {
    const template = waTemplateContentSchema.safeParse(message.content);
    if (template.success) {
      return (
        <>
          <WaTemplateParts header={waHeaderOf(template.data.header)} body={template.data.body} footer={template.data.footer} />
          <WaButtons buttons={template.data.buttons} />
        </>
      );
    }
  }
  if (message.channel === 'rcs') {
    const card = rcsMessageContentSchema.safeParse(message.content);
    if (card.success) {
      return (
        <>
          <RcsCardParts title={card.data.title} text={card.data.text} imageUrl={card.data.imageUrl} />
          <RcsSuggestions suggestions={card.data.suggestions} />
        </>
      );
    }
  }
  // An email's text is its subject; a reply written here also keeps its body.
  if (message.channel === 'email' && typeof message.content.text === 'string' && message.content.text) {
    return <><span className="template-tag">{message.text}</span><p>{message.content.text}</p></>;
  }
  return <p>{message.text}</p>;
}
