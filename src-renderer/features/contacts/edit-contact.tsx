// The contact panel's Edit: the contact form (contact-form.tsx: name, phone, email, Instagram username, picture link)
// prefilled with the contact, saving what was changed (`PATCH /dashboard/contacts/{id}`; a field emptied is cleared).
import { useRef, useState } from 'react';
import type { ConsoleContact } from '../../../src-core/contract/index.ts';
import { thenFocus } from '../../components/focus.ts';
import { changesOf, draftOf, type ContactDraft } from './contact-draft.ts';
import { ContactFormDialog } from './contact-form.tsx';
import { useUpdateContact } from './mutations.ts';

/** Edit, and its dialog while open; Escape, Cancel and a save close it, the focus back on Edit. `onOpenContact` opens the contact a refusal names. */
export function EditContact({ contact, onOpenContact }: { contact: ConsoleContact; onOpenContact?: ((contactId: string) => void) | undefined }) {
  // The contact as the form opened on it: what a save compares with, whatever the stream brings meanwhile.
  const [initial, setInitial] = useState<ContactDraft | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const update = useUpdateContact(contact.id);
  const close = () => thenFocus(() => setInitial(null), () => opener.current);
  const start = () => {
    update.reset();
    setInitial(draftOf(contact));
  };
  return (
    <>
      <button ref={opener} type="button" className="button" aria-haspopup="dialog" data-testid="edit-contact" onClick={start}>Edit</button>
      {initial ? (
        <ContactFormDialog prefix="edit-contact" title="Edit contact" extra="profilePic" initial={initial}
          intro="Keep at least a name, phone, email or Instagram username; empty a field to clear it. Enter saves, Escape closes."
          submitLabel="Save changes" pendingLabel="Saving…" request={update}
          sendable={(draft) => Object.keys(changesOf(initial, draft)).length > 0}
          onSubmit={(draft) => update.mutate(changesOf(initial, draft), { onSuccess: close })}
          onOpenExisting={onOpenContact ? (contactId) => { close(); onOpenContact(contactId); } : undefined} onClose={close} />
      ) : null}
    </>
  );
}
