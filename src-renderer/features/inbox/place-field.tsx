// A template value's field labelled with the text around its slot in the message (template-context.ts): the WhatsApp
// template reply's and the RCS reply's.
import { useId } from 'react';
import type { FieldPlace } from './template-context.ts';

/**
 * One value's field under the text around its slot ("Header · Order {{1}}"), which is its label: the words already in
 * the message show, so they are not typed again. The hint says the same in a few words, as the SMS composer's does.
 */
export function PlaceField({ place, token, value, onChange, testId, maxLength, required, note }: {
  place: FieldPlace; token: string; value: string; onChange(value: string): void; testId: string; maxLength: number; required?: boolean;
  /** Where the value came from, said under the field (a value filled in from the contact). */
  note?: string | null | undefined;
}) {
  const id = useId();
  return (
    <div className="template-field">
      <label htmlFor={id} className="template-field-context" title={`${place.before}${token}${place.after}`} data-testid={`${testId}-context`}>
        <span className="template-field-part">{place.part} · </span>{place.before}<mark>{token}</mark>{place.after}
      </label>
      <input id={id} value={value} placeholder={place.hint} maxLength={maxLength} required={required} data-testid={testId} onChange={(e) => onChange(e.target.value)}
        aria-describedby={note ? `${id}-note` : undefined} />
      {note ? <span id={`${id}-note`} className="template-field-note muted small" data-testid={`${testId}-note`}>{note}</span> : null}
    </div>
  );
}
