// Deleting a DRAFT campaign (console only; nothing was charged or sent for it), after a confirmation.
import { useState } from 'react';
import { ErrorState } from '../../components/states.tsx';
import { useDeleteDraft } from './mutations.ts';
import type { CampaignTab } from './queries.ts';

export function DeleteDraftButton({ channel, id, onDeleted }: { channel: CampaignTab; id: string; onDeleted(): void }) {
  const remove = useDeleteDraft(channel);
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return <button type="button" className="button danger-outline" onClick={() => setConfirming(true)} data-testid="delete-draft">Delete draft</button>;
  }
  return (
    <div className="confirm" role="group" aria-label="Confirm deletion">
      <span>The draft and its recipient list are deleted; nothing was sent or charged for it.</span>
      <button type="button" className="button ghost" onClick={() => setConfirming(false)} autoFocus>Keep it</button>
      <button type="button" className="button danger" disabled={remove.isPending} onClick={() => remove.mutate(id, { onSuccess: onDeleted })} data-testid="confirm-delete-draft">
        Delete draft
      </button>
      {remove.isError ? <ErrorState error={remove.error} /> : null}
    </div>
  );
}
