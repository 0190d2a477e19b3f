// The email campaign's preview: the email as one sample recipient would get it (the first address of the list, with
// their contact's name, or a recipient without a name), merged by the core's own function (contract/email-merge.ts)
// and shown as the simulator's mailbox shows an email: its HTML in a sandboxed frame where nothing runs or loads.
import { useMemo } from 'react';
import { mergedEmail, nameParts, recipientMergeValues, type EmailTemplate } from '../../../src-core/contract/index.ts';
import { emailDocument } from '../simulator/email-document.ts';
import { useContactNameByEmail } from './queries.ts';

export function EmailPreview({ template, subject, values, sample, from }: {
  /** The picked template with its HTML (null until it is read). */
  template: EmailTemplate | null; subject: string | undefined; values: Record<string, string>;
  /** The address shown as the recipient: the list's first, or null (every subscriber: counted at launch). */
  sample: string | null; from: string;
}) {
  const name = useContactNameByEmail(sample);
  const merged = useMemo(() => (template?.html && subject !== undefined
    ? mergedEmail({ subject, html: template.html, text: template.text }, recipientMergeValues(values, nameParts(name)))
    : null), [template, subject, values, name]);
  const body = useMemo(() => (merged ? emailDocument(merged.html) : null), [merged]);
  if (!merged || !body) {
    return <div className="email-preview"><p className="preview-empty muted">Pick a template with HTML to preview the email.</p></div>;
  }
  const recipient = sample ? `${sample}${name ? ` (${name})` : ' (no contact name)'}` : 'a recipient without a contact name';
  return (
    <div className="email-preview" data-testid="email-preview">
      <p className="muted small" data-testid="email-preview-recipient">As {recipient} gets it; a tag without a value shows its fallback.</p>
      <dl className="email-preview-head">
        <div><dt>From</dt><dd data-testid="email-preview-from">{from || '—'}</dd></div>
        <div><dt>Subject</dt><dd data-testid="email-preview-subject">{merged.subject}</dd></div>
      </dl>
      {/* No script runs in it, no form is sent, nothing opens, nothing is fetched (simulator/email-document.ts). */}
      <iframe className="email-preview-body" sandbox="" srcDoc={body.srcDoc} title={`Preview of the email: ${merged.subject}`} data-testid="email-preview-body" />
    </div>
  );
}
