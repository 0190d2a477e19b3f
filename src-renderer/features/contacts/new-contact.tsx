// The Contacts page's New contact: a small form in a native modal (name, phone, email, Instagram username, tags) that
// makes a contact by hand (`POST /dashboard/contacts`), then hands it to the page to open. A refusal of the core (a
// malformed phone or email, 400; one another contact has, 409) is said under the field it names, the values kept; beside
// the 409, "Open <name>" opens that other contact instead (the envelope's `contactId`).
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { Contact, CreateContactInput } from '../../../src-core/contract/index.ts';
import { ApiError } from '../../api/http.ts';
import { Button } from '../../components/button.tsx';
import { fieldProps, LabelledField, refusalByField } from '../../components/field-refusal.tsx';
import { thenFocus } from '../../components/focus.ts';
import { contactDisplayName } from '../../components/format.ts';
import { ErrorState } from '../../components/states.tsx';
import { useCreateContact } from './mutations.ts';
import { useContact } from './queries.ts';
import { parseTagInput, tagProblem } from './tag-input.ts';

type Draft = { name: string; phone: string; email: string; username: string; tags: string };
const EMPTY: Draft = { name: '', phone: '', email: '', username: '', tags: '' };
/** The body's fields the form shows, with their labels (a refusal's problem is worded with them). */
const LABELS = { name: 'Name', phone: 'Phone', email: 'Email', username: 'Instagram username', tags: 'Tags' } as const;

/** The body: each field trimmed, a blank one left out (the core takes an absent field as not given). */
function bodyOf(draft: Draft): CreateContactInput {
  const text = (value: string) => value.trim() || undefined;
  const tags = parseTagInput(draft.tags);
  return {
    // A handle typed as the console shows it (`@alice.j`) is stored bare, as channels store usernames.
    name: text(draft.name), phone: text(draft.phone), email: text(draft.email), username: text(draft.username.trim().replace(/^@+/, '')),
    ...(tags.length ? { tags } : {}),
  };
}

/** The contact that already has a refused phone, email or username (the 409's `field` and `contactId`), if that was the refusal. */
function holderOf(error: unknown): { field: keyof typeof LABELS; contactId: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const { field, contactId } = error.details;
  return field && contactId && Object.hasOwn(LABELS, field) ? { field: field as keyof typeof LABELS, contactId } : null;
}

/** Beside "Contact Alice Johnson already has this phone": opens Alice Johnson instead (named once the console has read her). */
function OpenHolder({ contactId, onOpen }: { contactId: string; onOpen(contactId: string): void }) {
  const holder = useContact(contactId);
  return (
    <button type="button" className="button small" data-testid="new-contact-open-existing" data-contact-id={contactId} onClick={() => onOpen(contactId)}>
      Open {holder.data ? contactDisplayName(holder.data) : 'that contact'}
    </button>
  );
}

/**
 * Escape, Cancel, a contact made and an existing one opened (`onOpenExisting`) each tell the page at once (`onClose`),
 * which unmounts the dialog and gives the focus back to New contact; not while the create is on its way (its answer
 * opens the contact).
 */
function NewContactDialog({ onCreated, onOpenExisting, onClose }: { onCreated(contact: Contact): void; onOpenExisting(contactId: string): void; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const create = useCreateContact();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  useLayoutEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
    first.current?.focus();
  }, []);
  const body = bodyOf(draft);
  const blank = !body.name && !body.phone && !body.email && !body.username;
  const tagsProblem = tagProblem([], body.tags ?? []) ?? undefined;
  const refusal = create.isError ? refusalByField(create.error, LABELS) : null;
  const problem = (field: keyof typeof LABELS) => (field === 'tags' ? tagsProblem ?? refusal?.fields.tags : refusal?.fields[field]);
  const holder = create.isError ? holderOf(create.error) : null;
  const leave = () => {
    if (!create.isPending) onClose();
  };
  // A refusal was about the form as it was: a change of a field lets it go.
  const edit = (field: keyof Draft, value: string) => {
    setDraft({ ...draft, [field]: value });
    if (create.isError) create.reset();
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || tagsProblem || create.isPending) return;
    create.mutate(body, { onSuccess: onCreated });
  }
  const field = (name: keyof typeof LABELS, input: { type?: string; placeholder: string; inputMode?: 'tel' | 'email' }) => {
    const id = `new-contact-${name}`;
    return (
      <LabelledField id={id} label={LABELS[name]} problem={problem(name)}
        problemAction={holder?.field === name ? <OpenHolder contactId={holder.contactId} onOpen={onOpenExisting} /> : null}>
        <input ref={name === 'name' ? first : undefined} type={input.type ?? 'text'} inputMode={input.inputMode} value={draft[name]} placeholder={input.placeholder}
          autoComplete="off" spellCheck={false} onChange={(e) => edit(name, e.target.value)} {...fieldProps(id, problem(name))} data-testid={id} />
      </LabelledField>
    );
  };
  return (
    <dialog ref={dialog} className="dialog new-contact-dialog" aria-labelledby="new-contact-title" data-testid="new-contact-dialog"
      onCancel={(e) => { e.preventDefault(); leave(); }}>
      {/* noValidate: the core checks phone and email (an internationalized address a browser's email check refuses is one). */}
      <form className="form" onSubmit={submit} noValidate>
        <h2 id="new-contact-title">New contact</h2>
        <p className="muted">Give at least a name, phone, email or Instagram username. Enter creates the contact, Escape closes.</p>
        {field('name', { placeholder: 'Alice Johnson' })}
        <div className="form-row">
          {field('phone', { type: 'tel', inputMode: 'tel', placeholder: '+14155550101' })}
          {field('email', { inputMode: 'email', placeholder: 'alice@example.com' })}
        </div>
        {field('username', { placeholder: 'alice.j' })}
        {field('tags', { placeholder: 'vip, wholesale (comma-separated)' })}
        {refusal?.rest ? <ErrorState error={refusal.rest} /> : null}
        <div className="actions">
          <button type="button" className="button ghost" onClick={leave} data-testid="new-contact-cancel">Cancel</button>
          <Button type="submit" className="button primary" disabled={blank || tagsProblem !== undefined || create.isPending} data-testid="new-contact-submit">
            {create.isPending ? 'Creating…' : 'Create contact'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

/** New contact, and its dialog while open; `onCreated` opens the contact made in the page, `onOpenExisting` one that has a phone, email or username given. */
export function NewContact({ onCreated, onOpenExisting }: { onCreated(contact: Contact): void; onOpenExisting(contactId: string): void }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => thenFocus(() => setOpen(false), () => opener.current);
  return (
    <>
      <button ref={opener} type="button" className="button small primary" aria-haspopup="dialog" data-testid="new-contact" onClick={() => setOpen(true)}>New contact</button>
      {open ? (
        <NewContactDialog onClose={close} onCreated={(contact) => { onCreated(contact); close(); }}
          onOpenExisting={(contactId) => { onOpenExisting(contactId); close(); }} />
      ) : null}
    </>
  );
}
