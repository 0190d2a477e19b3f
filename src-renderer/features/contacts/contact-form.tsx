// The contact form of New contact and Edit contact: one native modal (name, phone, email, Instagram username, then tags
// or a picture link) whose refusals of the core (a malformed phone or email, 400; one another contact has, 409) are said
// under the field they name, the values kept; beside the 409, "Open <name>" opens that other contact instead (the
// envelope's `contactId`). What it sends, and how, is its caller's.
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/http.ts';
import { Button } from '../../components/button.tsx';
import { fieldProps, LabelledField, refusalByField } from '../../components/field-refusal.tsx';
import { contactDisplayName } from '../../components/format.ts';
import { ErrorState } from '../../components/states.tsx';
import { draftTags, draftValue, type ContactDraft } from './contact-draft.ts';
import { useContact } from './queries.ts';
import { tagProblem } from './tag-input.ts';

/** The body's fields the form shows, with their labels (a refusal's problem is worded with them). */
const LABELS = { name: 'Name', phone: 'Phone', email: 'Email', username: 'Instagram username', tags: 'Tags', profilePic: 'Picture link' } as const;
type Field = keyof typeof LABELS;

/** The contact that already has a refused phone, email or username (the 409's `field` and `contactId`), if that was the refusal. */
function holderOf(error: unknown): { field: Field; contactId: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const { field, contactId } = error.details;
  return field && contactId && Object.hasOwn(LABELS, field) ? { field: field as Field, contactId } : null;
}

/** Beside "Contact Alice Johnson already has this phone": opens Alice Johnson instead (named once the console has read her). */
function OpenHolder({ testId, contactId, onOpen }: { testId: string; contactId: string; onOpen(contactId: string): void }) {
  const holder = useContact(contactId);
  return (
    <button type="button" className="button small" data-testid={testId} data-contact-id={contactId} onClick={() => onOpen(contactId)}>
      Open {holder.data ? contactDisplayName(holder.data) : 'that contact'}
    </button>
  );
}

/** The request the form sends: its state, read back into the form. */
type Request = { isPending: boolean; isError: boolean; error: unknown; reset(): void };

type ContactFormProps = {
  /** Of every id and test id: `<prefix>-dialog`, `<prefix>-name`, `<prefix>-name-problem`, `<prefix>-submit`, … */
  prefix: string;
  title: string;
  intro: string;
  /** The field after the username: New contact's tags, Edit contact's picture link. */
  extra: 'tags' | 'profilePic';
  initial: ContactDraft;
  submitLabel: string;
  pendingLabel: string;
  request: Request;
  /** Whether the draft is worth sending beyond having a name or address (Edit: something changed). */
  sendable?(draft: ContactDraft): boolean;
  onSubmit(draft: ContactDraft): void;
  /** Opens the contact a 409 names; without it, the refusal is said alone. */
  onOpenExisting?: ((contactId: string) => void) | undefined;
  onClose(): void;
};

/**
 * Escape and Cancel tell the caller at once (`onClose`), which unmounts the dialog and gives the focus back to the
 * button that opened it; not while the request is on its way (its answer closes the form).
 */
export function ContactFormDialog(props: ContactFormProps) {
  const { prefix, request } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<ContactDraft>(props.initial);
  useLayoutEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
    first.current?.focus();
  }, []);
  const blank = !draftValue(draft, 'name') && !draftValue(draft, 'phone') && !draftValue(draft, 'email') && !draftValue(draft, 'username');
  const tagsProblem = props.extra === 'tags' ? tagProblem([], draftTags(draft)) ?? undefined : undefined;
  const refusal = request.isError ? refusalByField(request.error, LABELS) : null;
  const problem = (field: Field) => (field === 'tags' ? tagsProblem ?? refusal?.fields.tags : refusal?.fields[field]);
  const holder = request.isError && props.onOpenExisting ? holderOf(request.error) : null;
  const ready = !blank && tagsProblem === undefined && !request.isPending && (props.sendable?.(draft) ?? true);
  const leave = () => {
    if (!request.isPending) props.onClose();
  };
  // A refusal was about the form as it was: a change of a field lets it go.
  const edit = (field: Field, value: string) => {
    setDraft({ ...draft, [field]: value });
    if (request.isError) request.reset();
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    if (ready) props.onSubmit(draft);
  }
  const field = (name: Field, input: { type?: string; placeholder: string; inputMode?: 'tel' | 'email' | 'url' }) => {
    const id = `${prefix}-${name}`;
    return (
      <LabelledField id={id} label={LABELS[name]} problem={problem(name)}
        problemAction={holder?.field === name ? <OpenHolder testId={`${prefix}-open-existing`} contactId={holder.contactId} onOpen={props.onOpenExisting as (id: string) => void} /> : null}>
        <input ref={name === 'name' ? first : undefined} type={input.type ?? 'text'} inputMode={input.inputMode} value={draft[name]} placeholder={input.placeholder}
          autoComplete="off" spellCheck={false} onChange={(e) => edit(name, e.target.value)} {...fieldProps(id, problem(name))} data-testid={id} />
      </LabelledField>
    );
  };
  return (
    <dialog ref={dialog} className="dialog contact-form-dialog" aria-labelledby={`${prefix}-title`} data-testid={`${prefix}-dialog`}
      onCancel={(e) => { e.preventDefault(); leave(); }}>
      {/* noValidate: the core checks phone and email (an internationalized address a browser's email check refuses is one). */}
      <form className="form" onSubmit={submit} noValidate>
        <h2 id={`${prefix}-title`}>{props.title}</h2>
        <p className="muted">{props.intro}</p>
        {field('name', { placeholder: 'Alice Johnson' })}
        <div className="form-row">
          {field('phone', { type: 'tel', inputMode: 'tel', placeholder: '+14155550101' })}
          {field('email', { inputMode: 'email', placeholder: 'alice@example.com' })}
        </div>
        {field('username', { placeholder: 'alice.j' })}
        {props.extra === 'tags'
          ? field('tags', { placeholder: 'vip, wholesale (comma-separated)' })
          : field('profilePic', { type: 'url', inputMode: 'url', placeholder: 'https://cdn.example.com/alice.jpg' })}
        {refusal?.rest ? <ErrorState error={refusal.rest} /> : null}
        <div className="actions">
          <button type="button" className="button ghost" onClick={leave} data-testid={`${prefix}-cancel`}>Cancel</button>
          <Button type="submit" className="button primary" disabled={!ready} data-testid={`${prefix}-submit`}>
            {request.isPending ? props.pendingLabel : props.submitLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
