// An RCS template as the handset shows it: a rich card (image, title, text) or a text bubble, with its
// suggestion chips; {{variables}} filled with the values given, or marked as read from the contact.
import { Fragment } from 'react';
import type { RcsTemplate } from '../../../src-core/contract/index.ts';
import { RcsCardParts, RcsSuggestions } from '../../components/rich-message.tsx';

function Filled({ text, variables }: { text: string; variables: Record<string, string> }) {
  return text.split(/(\{\{\s*\w+\s*\}\})/).map((part, i) => {
    const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
    if (!name) return <Fragment key={i}>{part}</Fragment>;
    const value = variables[name]?.trim();
    return value ? <mark key={i} className="value">{value}</mark> : <mark key={i} className="token">{name}</mark>;
  });
}

export function RcsPreview({ template, variables }: { template: RcsTemplate | null; variables: Record<string, string> }) {
  return (
    <div className="preview-screen rcs-screen" data-testid="rcs-preview">
      {template ? (
        <>
          <div className="preview-bubble rcs-card">
            <RcsCardParts imageUrl={template.imageUrl} title={template.title ? <Filled text={template.title} variables={variables} /> : null}
              text={<Filled text={template.text} variables={variables} />} />
          </div>
          <RcsSuggestions suggestions={template.suggestions} />
        </>
      ) : <p className="preview-empty muted">Pick a template to see it here.</p>}
    </div>
  );
}
