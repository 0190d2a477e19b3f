// The email campaign's preview: the email as one sample recipient would get it (the first address of the list, with
// their contact's name, or a recipient without a name), merged by the core's own function (contract/email-merge.ts)
// and shown as the simulator's mailbox shows an email: its HTML in a sandboxed frame where nothing runs or loads.
// The builder's summary shows the same merged subject (useSampleEmail), so the two never disagree.
import { useMemo } from 'react';
import { mergedEmail, nameParts, recipientMergeValues, type EmailTemplate } from '../../../src-core/contract/index.ts';
import { emailDocument } from '../simulator/email-document.ts';
import { mergeTagsOf } from './merge-tags.ts';
import { useContactNameByEmail } from './queries.ts';

/** The sample recipient's email: merged (null until a template with HTML is read), and who it is said to be for. */
export type SampleEmail = { merged: ReturnType<typeof mergedEmail> | null; recipient: string };

/**
 * The email `sample` (the list's first address, or null: every subscriber, counted at launch) gets: its contact's name
 * fills first_name and last_name as the core fills them, the values the rest.
 */
export function useSampleEmail({ template, subject, values, sample }: {
  /** The picked template with its HTML (null until it is read). */
  template: EmailTemplate | null; subject: string | undefined; values: Record<string, string>; sample: string | null;
}): SampleEmail {
  const name = useContactNameByEmail(sample);
  const merged = useMemo(() => (template?.html && subject !== undefined
    ? mergedEmail({ subject, html: template.html, text: template.text }, recipientMergeValues(values, nameParts(name)))
    : null), [template, subject, values, name]);
  return { merged, recipient: sample ? `${sample}${name ? ` (${name})` : ' (no contact name)'}` : 'a recipient without a contact name' };
}

export function EmailPreview({ email: { merged, recipient }, from }: { email: SampleEmail; from: string }) {
  const body = useMemo(() => (merged ? emailDocument(merged.html) : null), [merged]);
  if (!merged || !body) {
    return <div className="email-preview"><p className="preview-empty muted">Pick a template with HTML to preview the email.</p></div>;
  }
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

/**
 * The summary's subject: as the preview's recipient gets it, and, when it has merge tags, the template it is merged
 * from, labelled as such (each recipient gets it merged with their own values).
 */
export function SummarySubject({ email, template }: { email: SampleEmail; template: string | undefined }) {
  if (template === undefined) return <span data-testid="summary-subject">—</span>;
  const merged = email.merged?.subject;
  // Not merged yet (no HTML read): the template itself, still labelled when it has tags.
  const fromTemplate = merged === undefined ? mergeTagsOf(template).length > 0 : merged !== template;
  return (
    <span className="summary-subject">
      <span data-testid="summary-subject">{merged ?? template}</span>
      {fromTemplate ? (
        <span className="muted small" data-testid="summary-subject-template">Template: {template}</span>
      ) : null}
    </span>
  );
}
