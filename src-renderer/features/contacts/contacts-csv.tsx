// The Contacts page's Import CSV (a file read in the browser, previewed in a dialog, imported, its result shown) and
// Export CSV (the core's file, fetched with the console's token and saved).
import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import type { ContactImportResult } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { thenFocus } from '../../components/focus.ts';
import { ErrorState } from '../../components/states.tsx';
import { FIELD_LABELS, readCsvFile, type CsvPreview } from './csv-file.ts';
import { useExportContacts, useImportContacts } from './mutations.ts';

/** How many of the file's rows the preview shows. */
const PREVIEW_ROWS = 5;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function Preview({ preview }: { preview: CsvPreview }) {
  const shown = preview.rows.slice(0, PREVIEW_ROWS);
  return (
    <>
      <p data-testid="import-row-count">{plural(preview.rows.length, 'row')} under the header row.</p>
      <div>
        <h3 className="csv-heading">Columns</h3>
        <ul className="csv-columns" data-testid="import-columns">
          {preview.columns.map((column, index) => (
            <li key={index} data-field={column.field ?? ''}>
              <span className="csv-header">{column.header || '(no name)'}</span>
              <span className={column.field ? undefined : 'muted'}>{column.field ? `→ ${FIELD_LABELS[column.field]}` : 'not imported'}</span>
            </li>
          ))}
        </ul>
      </div>
      {shown.length ? (
        <div className="csv-scroll" role="region" aria-label={`First ${plural(shown.length, 'row')} of the file`} tabIndex={0}>
          <table className="csv-table" data-testid="import-preview">
            <thead><tr><th scope="col">Row</th><th scope="col">Name</th><th scope="col">Phone</th><th scope="col">Email</th><th scope="col">Username</th><th scope="col">Tags</th><th scope="col">Stage</th></tr></thead>
            <tbody>
              {shown.map((row, index) => (
                <tr key={index}>
                  <td>{index + 1}</td><td>{row.name ?? ''}</td><td>{row.phone ?? ''}</td><td>{row.email ?? ''}</td><td>{row.username ?? ''}</td><td>{row.tags?.join(', ') ?? ''}</td><td>{row.lifecycleStage ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {preview.problems.length ? (
        <ul className="csv-problems" data-testid="import-problems">
          {preview.problems.map((problem) => <li key={problem.text} className={problem.blocking ? 'blocking' : undefined}>{problem.text}</li>)}
        </ul>
      ) : null}
    </>
  );
}

function Result({ result }: { result: ContactImportResult }) {
  return (
    <div className="csv-result" data-testid="import-result">
      <p role="status">
        <span data-testid="import-created">{plural(result.created, 'contact')} created</span>
        {' · '}<span data-testid="import-updated">{result.updated.toLocaleString()} updated</span>
        {' · '}<span data-testid="import-unchanged">{result.unchanged.toLocaleString()} unchanged</span>
      </p>
      {result.skipped.length ? (
        <>
          <h3 className="csv-heading" id="import-skipped-title">{plural(result.skipped.length, 'row')} skipped</h3>
          <ul className="csv-skipped" aria-labelledby="import-skipped-title" tabIndex={0} data-testid="import-skipped">
            {result.skipped.map((skip) => (
              <li key={skip.row} data-testid="skipped-row" data-row={skip.row}><strong>Row {skip.row}</strong> {skip.reason}</li>
            ))}
          </ul>
        </>
      ) : <p className="muted">No rows skipped.</p>}
    </div>
  );
}

/** A native modal, as the block dialog: every way out (Escape, Cancel, Close) tells the page at once, which places the focus. */
function ImportDialog({ file, onClose }: { file: { name: string; preview: CsvPreview }; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const importing = useImportContacts();
  const blocked = file.preview.problems.some((problem) => problem.blocking);
  const result = importing.data;
  useLayoutEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
    start.current?.focus();
  }, []);
  // Import gives way to Close once the result is in: the focus goes there.
  useLayoutEffect(() => {
    if (result) close.current?.focus();
  }, [result]);
  const leave = () => {
    if (!importing.isPending) onClose();
  };
  return (
    <dialog ref={dialog} className="dialog csv-dialog" aria-labelledby="import-title" data-testid="import-dialog"
      onCancel={(e) => { e.preventDefault(); leave(); }}>
      <div className="csv-dialog-body">
        <h2 id="import-title">Import contacts</h2>
        <p className="muted csv-file-name" data-testid="import-file-name">{file.name}</p>
        {result ? <Result result={result} /> : <Preview preview={file.preview} />}
        {importing.isError ? <ErrorState error={importing.error} /> : null}
        <div className="actions">
          {result
            ? <button ref={close} type="button" className="button primary" onClick={onClose} data-testid="close-import">Close</button>
            : (
              <>
                <button ref={blocked ? start : undefined} type="button" className="button ghost" onClick={leave} data-testid="cancel-import">Cancel</button>
                <Button ref={blocked ? undefined : start} type="button" className="button primary" data-testid="confirm-import" disabled={blocked || importing.isPending}
                  onClick={() => importing.mutate(file.preview.rows)}>
                  {importing.isPending ? 'Importing…' : `Import ${plural(file.preview.rows.length, 'row')}`}
                </Button>
              </>
            )}
        </div>
      </div>
    </dialog>
  );
}

/** Saves a file the browser holds as a Blob: a link to it, clicked. */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference once started; the URL is let go after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ContactsCsvActions() {
  const [file, setFile] = useState<{ name: string; preview: CsvPreview } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const exporting = useExportContacts();
  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    // Emptied, so that choosing the same file again (after fixing it) is a change too.
    event.target.value = '';
    if (picked) setFile({ name: picked.name, preview: readCsvFile(await picked.text()) });
  }
  return (
    <div className="csv-actions">
      <input ref={input} type="file" accept=".csv,text/csv" hidden aria-label="CSV file of contacts" data-testid="import-csv-file"
        onChange={(e) => void onPick(e)} />
      <button ref={opener} type="button" className="button small" aria-haspopup="dialog" data-testid="import-csv" onClick={() => input.current?.click()}>Import CSV</button>
      <Button type="button" className="button small" data-testid="export-csv" disabled={exporting.isPending}
        onClick={() => exporting.mutate(undefined, { onSuccess: (blob) => save(blob, 'contacts.csv') })}>
        {exporting.isPending ? 'Exporting…' : 'Export CSV'}
      </Button>
      {exporting.isError ? <ErrorState error={exporting.error} /> : null}
      {file ? <ImportDialog file={file} onClose={() => thenFocus(() => setFile(null), () => opener.current)} /> : null}
    </div>
  );
}
