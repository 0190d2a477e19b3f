// Server data of the contacts page, through react-query only.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ConsoleContact, ContactList, ContactNote, Conversation, LifecycleStage, ListEnvelope } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { joinPages, pageAfter } from '../../api/paged-list.ts';

export const PAGE_SIZE = 25;

/** A page of contacts matching `search`, only those in lifecycle stage `stageId` and with `tag` when they are given. */
export function useContacts(search: string, page: number, stageId = '', tag = '') {
  const api = useApi();
  const filters = `${search ? `&search=${encodeURIComponent(search)}` : ''}${stageId ? `&lifecycleStageId=${encodeURIComponent(stageId)}` : ''}`
    + `${tag ? `&tag=${encodeURIComponent(tag)}` : ''}`;
  return useQuery({
    queryKey: ['contacts', { search, page, stageId, tag }],
    queryFn: () => api.get<ContactList>(`/dashboard/contacts?limit=${PAGE_SIZE}&page=${page}${filters}`),
    placeholderData: keepPreviousData,
  });
}

export function useContact(id: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['contact', id],
    queryFn: () => api.get<ConsoleContact>(`/dashboard/contacts/${id}`),
    enabled: id !== null,
  });
}

/** A page of a contact's history: 100, the most its routes (notes, conversations) give at once. */
export const HISTORY_PAGE = 100;

/**
 * The contact's notes, newest first, a page at a time (`fetchNextPage`: Show more); a note added or deleted reloads
 * the pages shown, so what was shown stays.
 */
export function useNotes(contactId: string | null) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: ['contact', contactId, 'notes'],
    queryFn: ({ pageParam }) => api.get<ListEnvelope<ContactNote>>(`/dashboard/contacts/${contactId}/notes?limit=${HISTORY_PAGE}&page=${pageParam}`),
    initialPageParam: 1,
    getNextPageParam: pageAfter,
    select: (read) => joinPages(read.pages),
    enabled: contactId !== null,
  });
}

/**
 * The contact's conversations on every channel; reloaded live on any new message (`contact-conversations` in api/live.ts).
 * One read of 100 holds them all: a conversation is one channel's one address (unique), and a contact's addresses
 * (phone, email, username) are fixed, so a contact has a handful, not a history to page.
 */
export function useContactConversations(contactId: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['contact-conversations', contactId],
    queryFn: () => api.get<ListEnvelope<Conversation>>(`/dashboard/conversations?contactId=${encodeURIComponent(contactId)}&limit=100`),
  });
}

/** The tags contacts carry, most used first (suggested where a campaign's segment is chosen); reloaded with the contacts. */
export function useContactTags() {
  const api = useApi();
  return useQuery({
    queryKey: ['contacts', 'tags'],
    queryFn: () => api.get<{ data: Array<{ tag: string; contacts: number }> }>('/dashboard/contacts/tags'),
  });
}

/** The organization's lifecycle stages in order, with their contact counts; under `contacts`, so whatever reloads contacts reloads them. */
export const LIFECYCLE_STAGES_KEY = ['contacts', 'lifecycle-stages'] as const;
export function useLifecycleStages() {
  const api = useApi();
  return useQuery({
    queryKey: LIFECYCLE_STAGES_KEY,
    queryFn: () => api.get<{ data: LifecycleStage[] }>('/dashboard/lifecycle-stages'),
    select: (answer) => answer.data,
  });
}
