// What the contact form (contact-form.tsx) holds as typed, and what New contact and Edit contact send of it.
import type { ConsoleContact, UpdateContactInput } from '../../../src-core/contract/index.ts';
import { displayAddress } from '../../components/email-address.ts';
import { parseTagInput } from './tag-input.ts';

export type ContactDraft = { name: string; phone: string; email: string; username: string; tags: string; profilePic: string };
export const EMPTY_DRAFT: ContactDraft = { name: '', phone: '', email: '', username: '', tags: '', profilePic: '' };

/** A field as typed, trimmed; a handle typed as the console shows it (`@alice.j`) is bare, as channels store usernames. */
export const draftValue = (draft: ContactDraft, field: Exclude<keyof ContactDraft, 'tags'>): string => {
  const value = draft[field].trim();
  return field === 'username' ? value.replace(/^@+/, '') : value;
};
export const draftTags = (draft: ContactDraft): string[] => parseTagInput(draft.tags);

const EDITED = ['name', 'phone', 'email', 'username', 'profilePic'] as const;

/** Edit contact's form as it opens: the contact's fields as the panel shows them (an email at an IDN domain in its own script). */
export const draftOf = (contact: ConsoleContact): ContactDraft => ({
  ...EMPTY_DRAFT, name: contact.name ?? '', phone: contact.phone ?? '', email: contact.email ? displayAddress(contact.email) : '',
  username: contact.username ?? '', profilePic: contact.profilePic ?? '',
});

/**
 * Edit contact's body: only the fields changed from the form as opened, each trimmed, an emptied one null (cleared). A
 * field left alone is not sent, so one stored before a rule of today (a picture link of another scheme) never stops
 * another's change. Empty when nothing changed.
 */
export function changesOf(initial: ContactDraft, draft: ContactDraft): UpdateContactInput {
  const body: Record<string, string | null> = {};
  for (const field of EDITED) {
    const value = draftValue(draft, field);
    if (value !== draftValue(initial, field)) body[field] = value || null;
  }
  return body as UpdateContactInput;
}
