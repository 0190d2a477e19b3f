// The contact panel's Edit: the contact form (contact-form.tsx: name, phone, email, Instagram username, picture link)
// prefilled with the contact, saving what was changed (`PATCH /dashboard/contacts/{id}`; a field emptied is cleared).
import { useRef, useState } from 'react';
import type { ConsoleContact, UpdateContactInput } from '../../../src-core/contract/index.ts';
import { displayAddress } from '../../components/email-address.ts';
import { thenFocus } from '../../components/focus.ts';
import { ContactFormDialog, draftValue, EMPTY_DRAFT, type ContactDraft } from './contact-form.tsx';
import { useUpdateContact } from './mutations.ts';

const EDITED = ['name', 'phone', 'email', 'username', 'profilePic'] as const;

const draftOf = (contact: ConsoleContact): ContactDraft => ({
  ...EMPTY_DRAFT, name: contact.name ?? '', phone: contact.phone ?? '', email: contact.email ? displayAddress(contact.email) : '',
  username: contact.username ?? '', profilePic: contact.profilePic ?? '',
});

/**
 * Only the fields changed from the contact as opened, each trimmed, an emptied one null (cleared): a field left alone is
 * not sent, so one stored before a rule of today (a picture link of another scheme) never stops another's change.
 */
function changesOf(initial: ContactDraft, draft: ContactDraft): UpdateContactInput {
  const body: Record<string, string | null> = {};
  for (const field of EDITED) {
    const value = draftValue(draft, field);
    if (value !== draftValue(initial, field)) body[field] = value || null;
  }
  return body as UpdateContactInput;
}

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
