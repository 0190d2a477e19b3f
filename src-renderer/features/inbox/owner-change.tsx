// The line a thread shows after an earlier contact's last message (owner-change.ts): who those messages were with, so an
// agent does not take the history on an address for the person who has it now.
import { contactDisplayName } from '../../components/format.ts';
import { useContact } from '../contacts/queries.ts';

/**
 * "Earlier messages were with Alice Rao" (a nameless contact by their handle, email or phone), a separator named by its
 * words; "another contact" while the contact is read, and when it cannot be (no longer there). `data-ready` once read.
 */
export function OwnerChange({ contactId }: { contactId: string }) {
  const contact = useContact(contactId);
  const words = `Earlier messages were with ${contact.data ? contactDisplayName(contact.data) : 'another contact'}`;
  return (
    <li className="owner-change" data-testid="owner-change" data-contact-id={contactId} data-ready={contact.isPending ? undefined : 'true'}>
      <span role="separator" aria-label={words}>{words}</span>
    </li>
  );
}
