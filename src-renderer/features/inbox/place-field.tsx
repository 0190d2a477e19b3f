// A template value's field labelled with the text around its slot in the message (template-context.ts): the WhatsApp
// template reply's and the RCS reply's.
import { useId, useRef } from 'react';
import type { FieldFill, FieldPlace } from './template-context.ts';

/**
 * One value's field under the text around its slot ("Header · Order {{1}}"), which is its label: the words already in
 * the message show, so they are not typed again. The hint says the same in a few words, as the SMS composer's does.
 * `fills`: values offered beside the field while it is empty (the contact's name, each saying what it is in its
 * tooltip), each put in by a click, the focus then in the field.
 */
export function PlaceField({ place, token, value, onChange, testId, maxLength, required, note, fills }: {
  place: FieldPlace; token: string; value: string; onChange(value: string): void; testId: string; maxLength: number; required?: boolean;
  /** Where the value came from, said under the field (a value filled in from the contact). */
  note?: string | null | undefined;
  fills?: FieldFill[] | undefined;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const offered = fills && !value.trim() ? fills : [];
  return (
    <div className="template-field">
      <label htmlFor={id} className="template-field-context" title={`${place.before}${token}${place.after}`} data-testid={`${testId}-context`}>
        <span className="template-field-part">{place.part} · </span>{place.before}<mark>{token}</mark>{place.after}
      </label>
      <div className="template-field-row">
        <input ref={input} id={id} value={value} placeholder={place.hint} maxLength={maxLength} required={required} data-testid={testId} onChange={(e) => onChange(e.target.value)}
          aria-describedby={note ? `${id}-note` : undefined} />
        {offered.length ? (
          <span className="template-field-fills" data-testid={`${testId}-fills`}>
            {offered.map((fill) => (
              <button key={fill.value} type="button" title={fill.label} aria-label={`Put “${fill.value}” in ${place.part.toLowerCase()} ${token} (${fill.label.toLowerCase()})`}
                onClick={() => { onChange(fill.value); input.current?.focus(); }}>{fill.value}</button>
            ))}
          </span>
        ) : null}
      </div>
      {note ? <span id={`${id}-note`} className="template-field-note muted small" data-testid={`${testId}-note`}>{note}</span> : null}
    </div>
  );
}
