// Manage saved replies: a modal over the inbox (a native <dialog>, as the block dialog is) listing the organization's
// saved replies, each with Edit and Delete, and a form that adds one or changes the one being edited.
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { SAVED_REPLY_NAME_MAX, SAVED_REPLY_TEXT_MAX, type SavedReply } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { useDeleteSavedReply, useSaveSavedReply } from './mutations.ts';
import { useSavedReplies } from './queries.ts';

type Draft = { id?: string | undefined; name: string; text: string };
const EMPTY: Draft = { name: '', text: '' };

function ReplyForm({ draft, onDraft, onDone }: { draft: Draft; onDraft(draft: Draft): void; onDone(): void }) {
  const save = useSaveSavedReply();
  const name = useRef<HTMLInputElement>(null);
  // Edit puts the reply in the form: the focus goes to its name.
  useLayoutEffect(() => {
    if (draft.id) name.current?.focus();
  }, [draft.id]);
  async function submit(event: FormEvent) {
    event.preventDefault();
    // The dialog sits in a composer's React tree: its submit is not the composer's (which would send the reply).
    event.stopPropagation();
    await save.mutateAsync({ id: draft.id, name: draft.name.trim(), text: draft.text.trim() });
    save.reset();
    onDone();
    name.current?.focus();
  }
  const blank = !draft.name.trim() || !draft.text.trim();
  return (
    <form onSubmit={(e) => void submit(e).catch(() => undefined)} data-testid="saved-reply-form">
      <h3>{draft.id ? 'Edit saved reply' : 'New saved reply'}</h3>
      <label className="field">
        <span>Name</span>
        <input ref={name} className="input" value={draft.name} maxLength={SAVED_REPLY_NAME_MAX} data-testid="saved-reply-name" onChange={(e) => onDraft({ ...draft, name: e.target.value })} />
      </label>
      <label className="field">
        <span>Text</span>
        <textarea value={draft.text} maxLength={SAVED_REPLY_TEXT_MAX} rows={4} data-testid="saved-reply-text" onChange={(e) => onDraft({ ...draft, text: e.target.value })} />
        <span className="counter muted">{draft.text.length}/{SAVED_REPLY_TEXT_MAX}</span>
      </label>
      {save.isError ? <ErrorState error={save.error} /> : null}
      <div className="actions">
        {draft.id ? <button type="button" className="button ghost" data-testid="saved-reply-cancel-edit" onClick={() => { save.reset(); onDone(); }}>Cancel edit</button> : null}
        <Button type="submit" className="button primary" data-testid="saved-reply-save" disabled={save.isPending || blank}>
          {save.isPending ? 'Saving…' : draft.id ? 'Save changes' : 'Add saved reply'}
        </Button>
      </div>
    </form>
  );
}

function ReplyList({ onEdit }: { onEdit(reply: SavedReply): void }) {
  const replies = useSavedReplies('');
  const remove = useDeleteSavedReply();
  if (replies.isPending) return <Loading label="Loading saved replies…" />;
  if (replies.isError) return <ErrorState error={replies.error} onRetry={() => void replies.refetch()} />;
  if (replies.data.data.length === 0) return <p className="muted" data-testid="saved-replies-none">No saved replies yet.</p>;
  return (
    <ul className="saved-replies-manage-list" data-testid="saved-replies-manage-list" aria-label="Saved replies">
      {replies.data.data.map((reply) => (
        <li key={reply.id} data-testid="saved-reply-row" data-name={reply.name}>
          <div className="saved-reply-row-main">
            <strong>{reply.name}</strong>
            <span className="muted small">{reply.text}</span>
          </div>
          <div className="saved-reply-row-actions">
            <button type="button" className="button small" data-testid="saved-reply-edit" aria-label={`Edit ${reply.name}`} onClick={() => onEdit(reply)}>Edit</button>
            <ConfirmButton label="Delete" name={`Delete ${reply.name}`} question="Delete this saved reply?" confirmLabel="Delete" testId="saved-reply-delete"
              onConfirm={() => remove.mutate(reply.id)} />
          </div>
        </li>
      ))}
      {remove.isError ? <li><ErrorState error={remove.error} /></li> : null}
    </ul>
  );
}

/**
 * `onClose`: every way out (Escape, Close) tells the composer at once, which unmounts the dialog and places the focus.
 * In the page's body, not in the composer's form: a form cannot hold another.
 */
export function ManageSavedReplies({ onClose }: { onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  useLayoutEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
    dialog.current?.querySelector<HTMLElement>('[data-testid="saved-reply-name"]')?.focus();
  }, []);
  return createPortal(
    <dialog ref={dialog} className="dialog saved-replies-dialog" aria-labelledby="saved-replies-title" data-testid="saved-replies-dialog"
      onCancel={(e) => { e.preventDefault(); onClose(); }} onClose={onClose}>
      <div className="saved-replies-dialog-head">
        <h2 id="saved-replies-title">Saved replies</h2>
        <button type="button" className="button ghost" data-testid="saved-replies-close" onClick={onClose}>Close</button>
      </div>
      <p className="muted small">
        Your team&apos;s common answers, inserted from any reply box with Saved replies or by typing / in an empty one. {'{{first_name}}'}, {'{{last_name}}'} and
        {' {{name}}'} become the contact&apos;s name; {'{{first_name|there}}'} says &ldquo;there&rdquo; when it has none. Up to {SAVED_REPLY_TEXT_MAX.toLocaleString()} characters
        (Instagram&apos;s limit for a message).
      </p>
      <ReplyForm key={draft.id ?? 'new'} draft={draft} onDraft={setDraft} onDone={() => setDraft(EMPTY)} />
      <ReplyList onEdit={(reply) => setDraft({ id: reply.id, name: reply.name, text: reply.text })} />
    </dialog>,
    document.body,
  );
}
