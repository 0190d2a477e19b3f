// A draft written for one contact in a conversation that has moved to another (a conversation follows the contact that
// owns its address now: docs/contract-notes.md): the note over the composer says so, and Send is held until the agent
// keeps the draft for the new contact or discards it, so "Hi Alice, your refund…" never reaches Ben unnoticed.
import { Button } from '../../components/button.tsx';
import { contactDisplayName } from '../../components/format.ts';
import { useDrafts } from '../../stores/drafts.ts';
import { holdsSomething } from '../../stores/drafts-storage.ts';
import { useContact } from '../contacts/queries.ts';

/** The contact the conversation's draft was written for, when that is not `contactId` (who has it now); else null. */
export function useDraftWrittenToAnother(conversationId: string, contactId: string | null): string | null {
  return useDrafts((state) => {
    const draft = state.drafts[conversationId];
    return contactId && draft?.contactId && draft.contactId !== contactId && holdsSomething(draft) ? draft.contactId : null;
  });
}

/**
 * "This draft was written to Alice Rao; the conversation is now with Ben Ortiz." (the earlier contact "another contact"
 * while read, or when they cannot be), with Keep it for Ben Ortiz and Discard draft. An alert: it comes as the new
 * contact's message arrives, maybe while the agent types. `onSettled`: either was pressed (the composer takes the focus).
 */
export function DraftOwnerNote({ conversationId, writtenTo, nowWith, contactId, onSettled }: {
  conversationId: string; writtenTo: string; nowWith: string; contactId: string; onSettled(settle: () => void): void;
}) {
  const earlier = useContact(writtenTo);
  const earlierName = earlier.data ? contactDisplayName(earlier.data) : 'another contact';
  return (
    <div role="alert" className="callout draft-owner" data-testid="draft-owner-note" data-ready={earlier.isPending ? undefined : 'true'}>
      <strong>This draft was written to {earlierName}; the conversation is now with {nowWith}.</strong>
      <span>Read it before sending: Send waits until you keep it for {nowWith} or discard it.</span>
      <span className="draft-owner-actions">
        <Button type="button" className="button small" data-testid="draft-owner-keep"
          onClick={() => onSettled(() => useDrafts.getState().keepFor(conversationId, contactId))}>Keep it for {nowWith}</Button>
        <Button type="button" className="button ghost small" data-testid="draft-owner-discard"
          onClick={() => onSettled(() => useDrafts.getState().discard(conversationId))}>Discard draft</Button>
      </span>
    </div>
  );
}
