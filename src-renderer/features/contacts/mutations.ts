// Changes to contacts: a new one, an edit, block, unblock, tags, notes, a CSV import; each refreshes what it changed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BlockResult, ConsoleContact, Contact, ContactImportResult, ContactImportRow, ContactNote, CreateContactInput, UpdateContactInput,
} from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

function useRefresh(contactId: string) {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: ['contacts'] }),
    client.invalidateQueries({ queryKey: ['contact', contactId] }),
  ]);
}

/**
 * Makes a contact by hand (`POST /dashboard/contacts`; a phone, email or username another contact has is refused, 409);
 * the contact lists are read again (the stream's `contact:created` does too, for other windows).
 */
export function useCreateContact() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateContactInput) => api.post<Contact>('/dashboard/contacts', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['contacts'] }),
  });
}

/**
 * Edits a contact's name, phone, email, Instagram username or picture (`PATCH /dashboard/contacts/{id}`; null clears a
 * field; another contact's phone, email or username is refused, 409): the panel shows the answer at once, and the
 * lists are read again (the stream's `contact:updated` reloads them too, and the conversations showing the contact).
 */
export function useUpdateContact(contactId: string) {
  const api = useApi();
  const client = useQueryClient();
  const refresh = useRefresh(contactId);
  return useMutation({
    mutationFn: (input: UpdateContactInput) => api.patch<ConsoleContact>(`/dashboard/contacts/${contactId}`, input),
    onSuccess: (contact) => {
      client.setQueryData(['contact', contactId], contact);
      return refresh();
    },
  });
}

export function useBlockContact(contactId: string) {
  const api = useApi();
  const refresh = useRefresh(contactId);
  return useMutation({
    mutationFn: (reason: string) => api.post<BlockResult>(`/dashboard/contacts/${contactId}/block`, reason ? { reason } : {}),
    onSuccess: refresh,
  });
}

export function useUnblockContact(contactId: string) {
  const api = useApi();
  const refresh = useRefresh(contactId);
  return useMutation({ mutationFn: () => api.post<BlockResult>(`/dashboard/contacts/${contactId}/unblock`), onSuccess: refresh });
}

export function useAddNote(contactId: string) {
  const api = useApi();
  const refresh = useRefresh(contactId);
  return useMutation({ mutationFn: (content: string) => api.post<ContactNote>(`/dashboard/contacts/${contactId}/notes`, { content }), onSuccess: refresh });
}

export function useDeleteNote(contactId: string) {
  const api = useApi();
  const refresh = useRefresh(contactId);
  return useMutation({ mutationFn: (noteId: string) => api.del(`/dashboard/contacts/${contactId}/notes/${noteId}`), onSuccess: refresh });
}

export function useSetTags(contactId: string) {
  const api = useApi();
  const refresh = useRefresh(contactId);
  return useMutation({ mutationFn: (tags: string[]) => api.put<Contact>(`/dashboard/contacts/${contactId}/tags`, { tags }), onSuccess: refresh });
}

/** Imports a file's rows; every contact list, tag count and open contact is read again (any may have changed). */
export function useImportContacts() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rows: ContactImportRow[]) => api.post<ContactImportResult>('/dashboard/contacts/import', { rows }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['contacts'] }), client.invalidateQueries({ queryKey: ['contact'] })]),
  });
}

/** The organization's contacts as the core's CSV file (saved by the page). */
export function useExportContacts() {
  const api = useApi();
  return useMutation({ mutationFn: () => api.blob('/dashboard/contacts/export') });
}
