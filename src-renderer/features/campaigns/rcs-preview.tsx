// An RCS template as the handset shows it: a rich card (image, title, text) or a text bubble, with its suggestion chips;
// {{variables}} filled as the sample recipient gets them (the value given, else their contact's field, by the engine's
// own rcsRecipientValue), or, with no recipient yet, the value given or the field's name (read from each contact). The
// sample is one the message goes to, so every variable is filled for them: who else a variable would be empty for is the
// audience's warning (audience-preview.tsx), for every recipient.
import { Fragment } from 'react';
import { isContactField, rcsRecipientValue, type AudienceSample, type RcsTemplate } from '../../../src-core/contract/index.ts';
import { RcsCardParts, RcsSuggestions } from '../../components/rich-message.tsx';
import { sampleField, SampleNote } from './sample-recipient.tsx';

function Filled({ text, variables, sample }: { text: string; variables: Record<string, string>; sample: AudienceSample | null }) {
  return text.split(/(\{\{\s*\w+\s*\}\})/).map((part, i) => {
    const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
    if (!name) return <Fragment key={i}>{part}</Fragment>;
    const value = sample ? rcsRecipientValue(variables, name, sampleField(sample)) : variables[name]?.trim() || null;
    if (value !== null) return <mark key={i} className="value">{String(value)}</mark>;
    // Nothing fills it for the sample (the recipient is then not sent to), or a value still to type.
    return sample || !isContactField(name) ? <mark key={i} className="missing">{`{{${name}}}`}</mark> : <mark key={i} className="token">{name}</mark>;
  });
}

/** `sample`: the recipient whose values show (the audience preview's), or null while there is none. */
export function RcsPreview({ template, variables, sample }: { template: RcsTemplate | null; variables: Record<string, string>; sample: AudienceSample | null }) {
  if (!template) return <div className="preview-screen rcs-screen" data-testid="rcs-preview"><p className="preview-empty muted">Pick a template to see it here.</p></div>;
  return (
    <>
      <SampleNote sample={sample} lacking="a variable without a value for them shows as {{…}}" testId="rcs-preview-recipient" />
      <div className="preview-screen rcs-screen" data-testid="rcs-preview">
        <div className="preview-bubble rcs-card">
          <RcsCardParts imageUrl={template.imageUrl} title={template.title ? <Filled text={template.title} variables={variables} sample={sample} /> : null}
            text={<Filled text={template.text} variables={variables} sample={sample} />} />
        </div>
        <RcsSuggestions suggestions={template.suggestions} />
      </div>
    </>
  );
}
