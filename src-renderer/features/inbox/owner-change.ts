// Where a thread's messages change contact: a conversation belongs to the contact that owns its address now, so an
// address an edit took from a contact goes on, in the same thread, with another one (docs/contract-notes.md). The
// thread marks each such place after the earlier contact's last message (owner-change.tsx).
import type { Message } from '../../../src-core/contract/index.ts';

/**
 * For each message that follows another contact's (a thread listed oldest first), that earlier contact's id, by the
 * message's id. A message with no contact neither starts nor ends a contact's run.
 */
export function ownerChanges(messages: readonly Pick<Message, 'id' | 'contactId'>[]): Map<string, string> {
  const changes = new Map<string, string>();
  let previous: string | null = null;
  for (const { id, contactId } of messages) {
    if (contactId === null) continue;
    if (previous !== null && previous !== contactId) changes.set(id, previous);
    previous = contactId;
  }
  return changes;
}
