// What the console's agent calls add to the seed's (`/dashboard/voice/calls…` only): the contact whose phone was called,
// found for a whole page of calls in one read of the contacts domain.
import type { ListEnvelope } from '../../contract/common.ts';
import type { ConsoleAgentCallFields } from '../../contract/voice-agents.ts';
import type { ContactsService } from '../contacts/index.ts';

/**
 * What the domain asks of the contacts domain (its service): the batched look-up by phone (`contactsByPhone`), and a
 * called number's contact with the check every send makes (a blocked contact is 409 `CONTACT_BLOCKED`).
 */
export type ContactsByPhone = {
  contactsByPhone(orgId: string, phones: readonly string[]): Map<string, { id: string; name: string | null }>;
} & Pick<ContactsService, 'findByPhone' | 'assertSendable'>;

/** Each call with `calledContact`: the organization's contact with the called number, or null. */
export function withCalledContacts<T extends { calledNumber: string }>(contacts: ContactsByPhone, orgId: string, calls: T[]): Array<T & ConsoleAgentCallFields> {
  const found = contacts.contactsByPhone(orgId, [...new Set(calls.map((call) => call.calledNumber))]);
  return calls.map((call) => ({ ...call, calledContact: found.get(call.calledNumber) ?? null }));
}

export const pageWithCalledContacts = <T extends { calledNumber: string }>(contacts: ContactsByPhone, orgId: string, page: ListEnvelope<T>) =>
  ({ ...page, data: withCalledContacts(contacts, orgId, page.data) });

export const oneWithCalledContact = <T extends { calledNumber: string }>(contacts: ContactsByPhone, orgId: string, call: T): T & ConsoleAgentCallFields =>
  withCalledContacts(contacts, orgId, [call])[0] as T & ConsoleAgentCallFields;
