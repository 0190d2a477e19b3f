// The Contacts page's New contact: the contact form (contact-form.tsx: name, phone, email, Instagram username, tags) that
// makes a contact by hand (`POST /dashboard/contacts`), then hands it to the page to open, or opens the contact that
// already has a phone, email or username given.
import { useRef, useState } from 'react';
import type { Contact, CreateContactInput } from '../../../src-core/contract/index.ts';
import { thenFocus } from '../../components/focus.ts';
import { draftTags, draftValue, EMPTY_DRAFT, type ContactDraft } from './contact-draft.ts';
import { ContactFormDialog } from './contact-form.tsx';
import { useCreateContact } from './mutations.ts';

/** The body: each field trimmed, a blank one left out (the core takes an absent field as not given). */
function bodyOf(draft: ContactDraft): CreateContactInput {
  const text = (field: 'name' | 'phone' | 'email' | 'username') => draftValue(draft, field) || undefined;
  const tags = draftTags(draft);
  return { name: text('name'), phone: text('phone'), email: text('email'), username: text('username'), ...(tags.length ? { tags } : {}) };
}

/**
 * Escape, Cancel, a contact made and an existing one opened (`onOpenExisting`) each tell the page at once (`onClose`),
 * which unmounts the dialog and gives the focus back to New contact; not while the create is on its way (its answer
 * opens the contact).
 */
function NewContactDialog({ onCreated, onOpenExisting, onClose }: { onCreated(contact: Contact): void; onOpenExisting(contactId: string): void; onClose(): void }) {
  const create = useCreateContact();
  return (
    <ContactFormDialog prefix="new-contact" title="New contact" extra="tags" initial={EMPTY_DRAFT}
      intro="Give at least a name, phone, email or Instagram username. Enter creates the contact, Escape closes."
      submitLabel="Create contact" pendingLabel="Creating…" request={create}
      onSubmit={(draft) => create.mutate(bodyOf(draft), { onSuccess: onCreated })} onOpenExisting={onOpenExisting} onClose={onClose} />
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
