// The Forms page: the organization's sign-up forms, popups and landing pages, each with its public link and how many
// submissions it has and how many posts its spam trap caught; New form and Edit open the builder (form-builder.tsx),
// Submissions lists a form's, newest first, a page at a time.
import { useRef, useState } from 'react';
import type { Form } from '../../../src-core/contract/index.ts';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { thenFocus, useFocusAfterChange } from '../../components/focus.ts';
import { ShowMore } from '../../components/show-more.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { announce } from '../../stores/announcer.ts';
import { FormBuilder, KIND_LABEL } from './form-builder.tsx';
import { useDeleteForm } from './mutations.ts';
import { useFormSubmissions, useForms } from './queries.ts';
import './forms.css';

function Submissions({ form }: { form: Form }) {
  const submissions = useFormSubmissions(form.id);
  const table = useRef<HTMLTableElement>(null);
  // Show more's last page takes the button away: the focus goes to the table it lengthened (a live submission moves nothing).
  const showingMore = useRef(false);
  useFocusAfterChange(submissions.data?.items.length, () => {
    const target = showingMore.current ? table.current : null;
    showingMore.current = false;
    return target;
  });
  if (submissions.isPending) return <Loading label="Loading submissions…" />;
  if (submissions.isError && !submissions.isFetchNextPageError) return <ErrorState error={submissions.error} onRetry={() => void submissions.refetch()} />;
  const { items: rows, total, more } = submissions.data;
  if (rows.length === 0) return <p className="muted" data-testid="form-submissions-none">No submissions yet: share the public link.</p>;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row.fields)))];
  return (
    <>
      <table ref={table} tabIndex={-1} className="table compact" data-testid="form-submissions" aria-label={`Submissions of ${form.name}`}>
        <thead><tr><th>Submitted</th>{keys.map((key) => <th key={key}>{form.customFields.find((f) => f.key === key)?.label ?? key}</th>)}</tr></thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="form-submission" data-contact-id={row.contactId}>
              <td>{new Date(row.submittedAt).toLocaleString()}</td>
              {keys.map((key) => <td key={key}>{row.fields[key] ?? ''}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
      {more ? (
        <ShowMore shown={rows.length} total={total} noun="submissions" loading={submissions.isFetchingNextPage}
          error={submissions.isFetchNextPageError ? submissions.error : null} onMore={() => { showingMore.current = true; void submissions.fetchNextPage(); }} testId="form-submissions-more" />
      ) : null}
    </>
  );
}

function FormCard({ form, onEdit }: { form: Form; onEdit(): void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteForm();
  const asks = (['name', 'email', 'phone'] as const).filter((field) => form.fields[field] !== 'hidden')
    .map((field) => `${field}${form.fields[field] === 'required' ? '*' : ''}`).concat(form.customFields.map((field) => `${field.label}${field.required ? '*' : ''}`));
  return (
    <li className="card forms-card" data-testid="form-card" data-name={form.name}>
      <div className="forms-card-head">
        <div>
          <h2 className="card-title">{form.name} <span className="badge" data-testid="form-kind-badge">{KIND_LABEL[form.kind]}</span></h2>
          <p className="muted small">Asks {asks.join(', ')} <span className="muted">(* required)</span></p>
          <p className="small">Public link: <a href={form.publicUrl} target="_blank" rel="noreferrer" data-testid="form-link">{form.publicUrl}</a></p>
          {form.spamCount > 0 ? (
            <p className="muted small" data-testid="form-spam-count" title="Posts that filled the page's hidden spam trap: answered as sent, then dropped">
              {form.spamCount.toLocaleString()} blocked as spam
            </p>
          ) : null}
        </div>
        <div className="forms-card-actions">
          <button type="button" className="button small" aria-expanded={open} data-testid="form-submissions-toggle" onClick={() => setOpen(!open)}>
            <span data-testid="form-submissions-count">{form.submissionsCount}</span> {form.submissionsCount === 1 ? 'submission' : 'submissions'}
          </button>
          <button type="button" className="button small" data-testid="form-edit" aria-label={`Edit ${form.name}`} onClick={onEdit}>Edit</button>
          <ConfirmButton label="Delete" name={`Delete ${form.name}`} question="Delete this form and its submissions? Its contacts stay." confirmLabel="Delete"
            testId="form-delete" onConfirm={() => remove.mutate(form.id, { onSuccess: () => announce(`${form.name} deleted.`) })} />
        </div>
      </div>
      {remove.isError ? <ErrorState error={remove.error} /> : null}
      {open ? <Submissions form={form} /> : null}
    </li>
  );
}

export function FormsPage() {
  const forms = useForms();
  /** The builder: closed, a new form, or the form being edited. */
  const [editing, setEditing] = useState<Form | 'new' | null>(null);
  // The button that opened the builder (New form, a card's Edit) takes the focus back when it closes, saved or not:
  // the builder leaves the page rather than closing, so the browser would drop the focus on the page.
  const opener = useRef<HTMLElement | null>(null);
  const open = (what: Form | 'new') => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(what);
  };
  const close = (saved?: Form) => {
    thenFocus(() => setEditing(null), () => (opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>('[data-testid="new-form"]')));
    if (saved) announce(`${saved.name} saved.`);
  };
  return (
    <div className="page padded forms-page" data-testid="forms-page">
      <div className="page-title">
        <div>
          <h1>Forms</h1>
          <p className="muted subtitle">
            Sign-up forms, popups and landing pages, each on a public link anyone can open. A submission makes or updates the
            visitor&apos;s contact and sends <code>form.submitted</code> to your webhooks. Try one from the Simulator.
          </p>
        </div>
        <button type="button" className="button primary" data-testid="new-form" onClick={() => open('new')}>New form</button>
      </div>
      {forms.isPending ? <Loading /> : forms.isError ? <ErrorState error={forms.error} onRetry={() => void forms.refetch()} /> : forms.data.data.length === 0 ? (
        <Empty title="No forms yet">New form builds one: what it asks, and a public link to share.</Empty>
      ) : (
        <ul className="forms-list" data-testid="forms-list" data-ready="true">
          {forms.data.data.map((form) => <FormCard key={form.id} form={form} onEdit={() => open(form)} />)}
        </ul>
      )}
      {editing ? (
        <FormBuilder form={editing === 'new' ? null : editing} onClose={close} />
      ) : null}
    </div>
  );
}
