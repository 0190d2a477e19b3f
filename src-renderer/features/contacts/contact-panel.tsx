// The selected contact: Send a message (send-message.tsx), fields (and their Edit), lifecycle stage, conversations, tags, block (with an optional reason) and unblock, and notes.
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/button.tsx';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { enterSubmits } from '../../components/enter-submits.ts';
import { thenFocus, useFocusAfterChange } from '../../components/focus.ts';
import { contactDisplayName, handleOf, time } from '../../components/format.ts';
import { ShowMore } from '../../components/show-more.tsx';
import { Avatar, errorTitle, ErrorState, Loading } from '../../components/states.tsx';
import { useUi } from '../../stores/ui.ts';
import { sourceLabel } from './contact-labels.ts';
import { ContactConversations, type ConversationTarget } from './contact-conversations.tsx';
import { ContactStage } from './contact-stage.tsx';
import { ContactTags } from './contact-tags.tsx';
import { EditContact } from './edit-contact.tsx';
import { SendMessageButton } from './send-message.tsx';
import { UnblockButton } from './unblock-button.tsx';
import { useAddNote, useBlockContact, useDeleteNote, useUnblockContact } from './mutations.ts';
import { useContact, useNotes } from './queries.ts';
import { displayAddress } from '../../components/email-address.ts';

const REASON_MAX = 500;
/** A note's opening words, which tell its Delete button from the others'. */
const excerpt = (text: string) => (text.length > 40 ? `${text.slice(0, 40).trimEnd()}…` : text);

/**
 * The reason is a few lines' field where Enter blocks (Shift+Enter starts a new line), as the inbox's reply sends.
 * A native modal: showModal() keeps the focus inside, makes the page behind inert and closes on Escape. Every way
 * out (Escape, Cancel, a block done) tells the panel at once, which unmounts the dialog and places the focus. Not
 * through the dialog's own close event: that comes a task later, after the browser has already put the focus
 * back on Block…, so a key pressed there in between would open nothing (the panel still thought it open).
 */
function BlockDialog({ contactId, onClose }: { contactId: string; onClose(): void }) {
  const [reason, setReason] = useState('');
  const block = useBlockContact(contactId);
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
    field.current?.focus();
  }, []);
  async function submit(event: FormEvent) {
    event.preventDefault();
    await block.mutateAsync(reason.trim());
    onClose();
  }
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="block-title" data-testid="block-dialog"
      onCancel={(e) => { e.preventDefault(); onClose(); }} onClose={onClose}>
      <form onSubmit={(e) => void submit(e).catch(() => undefined)}>
        <h2 id="block-title">Block this contact?</h2>
        <p className="muted">Every send to a blocked contact is refused with its reason. History is kept; unblocking restores it.</p>
        <label className="field">
          <span>Reason <span className="muted">(optional; shown to your team and in refused sends)</span></span>
          <textarea ref={field} value={reason} maxLength={REASON_MAX} rows={4} data-testid="block-reason" aria-describedby="block-reason-keys"
            onChange={(e) => setReason(e.target.value)} onKeyDown={enterSubmits} />
          <span className="counter muted"><span id="block-reason-keys">Enter blocks, Shift+Enter starts a new line</span> · {reason.length}/{REASON_MAX}</span>
        </label>
        {block.isError ? <ErrorState error={block.error} /> : null}
        <div className="actions">
          <button type="button" className="button ghost" onClick={onClose} data-testid="cancel-block">Cancel</button>
          <Button type="submit" className="button danger" data-testid="confirm-block" disabled={block.isPending}>{block.isPending ? 'Blocking…' : 'Block contact'}</Button>
        </div>
      </form>
    </dialog>
  );
}

function Notes({ contactId }: { contactId: string }) {
  const notes = useNotes(contactId);
  const add = useAddNote(contactId);
  const remove = useDeleteNote(contactId);
  const [draft, setDraft] = useState('');
  // A note's Delete asks first (a note deleted is gone for the whole team); one deleted takes its Delete away: the focus
  // goes to the next note's Delete (the previous one's for the last note), or to the note field once none is left.
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const successor = useRef<string | null>(null);
  // Show more's last page takes the button away: the focus goes to the first note it showed.
  const firstShown = useRef<number | null>(null);
  const all = notes.data?.items ?? [];
  useFocusAfterChange(all.length, () => {
    const shownAt = firstShown.current;
    firstShown.current = null;
    const target = shownAt !== null ? all[shownAt]?.id : successor.current;
    return (target ? list.current?.querySelector<HTMLElement>(`[data-note-id="${CSS.escape(target)}"] [data-testid="delete-note"]`) : null) ?? input.current;
  });
  function deleteNote(id: string, at: number) {
    successor.current = (all[at + 1] ?? all[at - 1])?.id ?? null;
    firstShown.current = null;
    remove.mutate(id);
  }
  function showMore() {
    firstShown.current = all.length;
    void notes.fetchNextPage();
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) return;
    await add.mutateAsync(draft.trim());
    setDraft('');
  }
  return (
    <section className="card">
      <h3>Notes</h3>
      <form className="note-form" onSubmit={(e) => void submit(e).catch(() => undefined)}>
        <input ref={input} value={draft} placeholder="Add a note for your team" data-testid="note-input" onChange={(e) => setDraft(e.target.value)} />
        <button type="submit" className="button" data-testid="add-note" disabled={add.isPending || !draft.trim()}>Add</button>
      </form>
      {add.isError ? <ErrorState error={add.error} /> : null}
      {notes.isPending ? <Loading label="Loading notes…" /> : notes.isError && !notes.isFetchNextPageError ? <ErrorState error={notes.error} /> : (
        <ul ref={list} className="notes" data-testid="notes">
          {all.length === 0 ? <li className="muted">No notes yet.</li> : all.map((note, at) => (
            <li key={note.id} data-testid="note" data-note-id={note.id}>
              <p>{note.content}</p>
              <div className="note-meta muted">
                {time(note.createdAt)}
                <ConfirmButton label="Delete" name={`Delete note “${excerpt(note.content)}”`} className="link" testId="delete-note"
                  question="Delete this note? It cannot be brought back." confirmLabel="Delete note" onConfirm={() => deleteNote(note.id, at)} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {notes.data?.more ? (
        <ShowMore shown={all.length} total={notes.data.total} noun="notes" loading={notes.isFetchingNextPage} error={notes.isFetchNextPageError ? notes.error : null}
          onMore={showMore} testId="notes-more" />
      ) : null}
    </section>
  );
}

/**
 * `onOpenConversation`: what Open conversation does instead of going to the inbox (the inbox's own drawer). `onOpenContact`:
 * opens another contact (the one an edit's refusal names); without it, the refusal is said alone. `canSend`: the panel
 * offers Send a message (the Contacts page's; the inbox's drawer sits beside the conversation's own composer).
 */
export function ContactPanel({ contactId, onOpenConversation, onOpenContact, canSend = false }: {
  contactId: string; onOpenConversation?: ((target: ConversationTarget) => void) | undefined; onOpenContact?: ((contactId: string) => void) | undefined;
  canSend?: boolean;
}) {
  const contact = useContact(contactId);
  const unblock = useUnblockContact(contactId);
  const selectContact = useUi((s) => s.selectContact);
  const [blocking, setBlocking] = useState(false);
  // Block… and Unblock take each other's place: the focus goes to whichever is shown after the dialog or a change.
  const action = useRef<HTMLButtonElement>(null);
  useFocusAfterChange(contact.data?.isBlocked, action);
  if (contact.isPending) return <Loading label="Loading contact…" />;
  // A contact that is not there (an old link, or deleted) is closed back to "Select a contact".
  if (contact.isError) return <ErrorState error={contact.error} onRetry={() => void contact.refetch()} action={errorTitle(contact.error).kind === 'not-found' ? { label: 'Close', run: () => selectContact(null) } : undefined} />;
  const c = contact.data;
  const display = contactDisplayName(c);
  const fields: Array<[string, string | null]> = [
    ['Username', handleOf(c.username)], ['Email', c.email && displayAddress(c.email)], ['Phone', c.phone], ['Picture', c.profilePic], ['Source', sourceLabel(c.source)],
    ['Created', time(c.createdAt)], ['Id', c.id],
  ];
  return (
    <div className="panel" data-testid="contact-panel" data-blocked={c.isBlocked ? 'true' : 'false'}>
      <header className="panel-header">
        <Avatar name={display} />
        <div>
          <h2>{display}</h2>
          {c.isBlocked ? <span className="badge danger">Blocked</span> : <span className="badge ok">Active</span>}
        </div>
        <div className="spacer" />
        {canSend ? <SendMessageButton contact={c} /> : null}
        <EditContact contact={c} onOpenContact={onOpenContact} />
        {c.isBlocked
          ? <UnblockButton ref={action} contact={c} pending={unblock.isPending} testId="unblock" onUnblock={() => unblock.mutate()} />
          : <button ref={action} type="button" className="button danger-outline" data-testid="block" aria-haspopup="dialog" onClick={() => setBlocking(true)}>Block…</button>}
      </header>
      {unblock.isError ? <ErrorState error={unblock.error} /> : null}
      {c.isBlocked ? (
        <div className="callout danger" data-testid="blocked-reason">
          <strong>Blocked {time(c.blockedAt)}</strong>
          <span className="reason">{c.blockedReason?.trim() || 'No reason given.'}</span>
        </div>
      ) : null}
      <dl className="fields card">
        {fields.map(([label, value]) => (
          <div key={label}><dt>{label}</dt><dd className={label === 'Id' ? 'mono' : undefined} data-testid={`contact-field-${label.toLowerCase()}`}>{value ?? '—'}</dd></div>
        ))}
      </dl>
      <ContactStage key={contactId} contactId={contactId} stageId={c.lifecycleStageId} />
      <ContactConversations contactId={contactId} onOpen={onOpenConversation} />
      <ContactTags contactId={contactId} tags={c.tags} />
      <Notes contactId={contactId} />
      {blocking ? <BlockDialog contactId={contactId} onClose={() => thenFocus(() => setBlocking(false), () => action.current)} /> : null}
    </div>
  );
}
