// Recipients pasted or uploaded as CSV, with the counts of valid, invalid and duplicate numbers (or email
// addresses, with kind="email") shown before anything is created (invalid ones are left out, duplicates sent once).
import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { RecipientCheck, RecipientKind } from './recipients.ts';
import { entriesOfCsv } from './recipients.ts';

export type CsvFile = { name: string; entries: string[] };
const SHOWN_INVALID = 5;
const WORDS: Record<RecipientKind, { label: string; hint: string; placeholder: string; column: string; invalid: string }> = {
  phone: {
    label: 'Phone numbers', hint: '(one per line or comma separated, international format)', placeholder: '919810012345\n+14155550101, 447700900123',
    column: 'phone', invalid: 'not a number in international format, 8–15 digits',
  },
  email: {
    label: 'Email addresses', hint: '(one per line or comma separated)', placeholder: 'asha@example.com\nravi@example.org', column: 'email', invalid: 'not an email address',
  },
};

export function RecipientsField({ text, onText, csv, onCsv, check, kind = 'phone' }: {
  text: string; onText(text: string): void; csv: CsvFile | null; onCsv(csv: CsvFile | null): void; check: RecipientCheck; kind?: RecipientKind;
}) {
  const words = WORDS[kind];
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const entries = entriesOfCsv(await file.text(), kind);
      setFileError(entries.length ? null : `${file.name} has no entries in its first column or a "${words.column}" column`);
      onCsv(entries.length ? { name: file.name, entries } : null);
    } catch (error) {
      setFileError(`${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return (
    <div className="recipients">
      <label className="field" htmlFor={`${id}-list`}>
        <span>{words.label} <span className="muted">{words.hint}</span></span>
      </label>
      <textarea id={`${id}-list`} rows={5} value={text} onChange={(e) => onText(e.target.value)} data-testid="recipients-input"
        placeholder={words.placeholder} spellCheck={false} />
      <div className="csv-row">
        {/* The button is the one Tab stop and opens the file picker; the hidden input it stands for is none. */}
        <input ref={fileInput} id={`${id}-csv`} type="file" accept=".csv,text/csv,text/plain" className="visually-hidden" tabIndex={-1} aria-hidden="true"
          onChange={(e) => void upload(e)} data-testid="recipients-csv" />
        <button type="button" className="button small" onClick={() => fileInput.current?.click()}>Upload CSV…</button>
        {csv ? (
          <span className="chip csv-chip" data-testid="csv-file">{csv.name} · {csv.entries.length.toLocaleString()} rows
            <button type="button" className="chip-remove" aria-label={`Remove ${csv.name}`} onClick={() => onCsv(null)}>×</button>
          </span>
        ) : <span className="muted small">First column, or a column named “{words.column}”.</span>}
      </div>
      {fileError ? <div className="field-error" role="alert">{fileError}</div> : null}
      <div className="recipient-counts" aria-live="polite" data-testid="recipient-counts">
        <div className="count is-valid"><strong data-testid="count-valid">{check.valid.length.toLocaleString()}</strong><span>valid</span></div>
        <div className={`count is-invalid${check.invalid.length ? ' has' : ''}`}><strong data-testid="count-invalid">{check.invalid.length.toLocaleString()}</strong><span>invalid</span></div>
        <div className={`count is-duplicate${check.duplicates ? ' has' : ''}`}><strong data-testid="count-duplicates">{check.duplicates.toLocaleString()}</strong><span>duplicates</span></div>
      </div>
      {check.invalid.length ? (
        <div className="invalid-list" data-testid="invalid-list">
          <span>Left out ({words.invalid}):</span>
          <ul>{check.invalid.slice(0, SHOWN_INVALID).map((entry, i) => <li key={`${entry}-${i}`}><code>{entry}</code></li>)}</ul>
          {check.invalid.length > SHOWN_INVALID ? <span className="muted">and {check.invalid.length - SHOWN_INVALID} more</span> : null}
        </div>
      ) : null}
    </div>
  );
}
