// The thread header's Resolve, or on a resolved conversation its "Resolved" badge ("Awaiting reply" on one the team never
// had: see `resolvedTitle`) and Reopen; on a snoozed one its
// "Snoozed until …" badge, then the Snooze menu (`children`: another time), Unsnooze (a reopen) and Resolve. The key `e` presses Resolve or Reopen from anywhere in
// the inbox but a text field (inbox-page.tsx); what the inbox shows next is the inbox's (`onChanged`, with the
// conversation as it was, which the inbox's Undo puts back).
import type { ReactNode } from 'react';
import type { Conversation } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { time } from '../../components/format.ts';
import { useConversationState } from './mutations.ts';
import { snoozeTime } from './snooze-choices.ts';

/** The key that presses Resolve (or Reopen), as `aria-keyshortcuts` names it. */
export const RESOLVE_KEY = 'e';
/** Resolve or Reopen, whichever the open thread shows: what `RESOLVE_KEY` presses. */
export const RESOLVE_BUTTONS = '[data-testid="resolve-conversation"], [data-testid="reopen-conversation"]';

/** What a resolved conversation is called: "Awaiting reply" when nobody on the team had it (resolved by `system`). */
export const resolvedLabel = ({ resolvedBy }: Pick<Conversation, 'resolvedBy'>): string => (resolvedBy === 'system' ? 'Awaiting reply' : 'Resolved');

/**
 * What the "Resolved" badge's title says: when; for one started by a message sent from outside the inbox (resolved by
 * `system`, badged "Awaiting reply"), why it is not in Open and when it will be.
 */
function resolvedTitle({ resolvedAt, resolvedBy }: Conversation): string | undefined {
  if (resolvedBy === 'system') return 'Started by a message sent from outside the inbox (a campaign, the API, an automation): nobody is waiting yet. It joins Open when the customer writes.';
  return resolvedAt ? `Resolved ${time(resolvedAt)}` : undefined;
}

/** `children`: what goes after the state's badge, before Unsnooze and Resolve (the thread's Snooze menu). */
export function ResolveButton({ conversation, onChanged, children }: { conversation: Conversation; onChanged(changed: Conversation, before: Conversation): void; children?: ReactNode }) {
  const change = useConversationState(conversation.id);
  const resolved = conversation.state === 'resolved';
  const until = conversation.state === 'snoozed' ? conversation.snoozedUntil : null;
  // Which of this component's buttons asked (both run through the one mutation).
  const reopening = change.isPending && change.variables === 'open';
  return (
    <>
      {resolved ? (
        <span className="badge muted-badge" data-testid="resolved-badge" title={resolvedTitle(conversation)}>{resolvedLabel(conversation)}</span>
      ) : null}
      {until ? <span className="badge muted-badge snoozed-until" data-testid="snoozed-badge" title={time(until)}>Snoozed until {snoozeTime(until)}</span> : null}
      {children}
      {until ? (
        <Button type="button" className="button small" data-testid="unsnooze-conversation" disabled={change.isPending}
          title="Back to the open conversations now" onClick={() => change.mutate('open', { onSuccess: (changed) => onChanged(changed, conversation) })}>
          {reopening ? 'Unsnoozing…' : 'Unsnooze'}
        </Button>
      ) : null}
      <Button type="button" className="button small" data-testid={resolved ? 'reopen-conversation' : 'resolve-conversation'} disabled={change.isPending}
        aria-keyshortcuts={RESOLVE_KEY} title={`${resolved ? 'Back to the open conversations' : 'Done with it: it leaves Open until the customer writes again'} (${RESOLVE_KEY})`}
        onClick={() => change.mutate(resolved ? 'open' : 'resolved', { onSuccess: (changed) => onChanged(changed, conversation) })}>
        {change.isPending && !(until && reopening) ? (resolved ? 'Reopening…' : 'Resolving…') : resolved ? 'Reopen' : 'Resolve'}
      </Button>
      {change.isError ? <span className="field-error" role="alert" data-testid="resolve-error">{change.error.message}</span> : null}
    </>
  );
}
