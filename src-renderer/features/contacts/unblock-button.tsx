// Unblock, for the contact panel and the inbox's blocked composer. A block a person set is lifted at once; one the
// customer set by an opt-out keyword (STOP), as the core stored it, asks first: unblocking overrides their choice.
import type { Ref } from 'react';
import type { ConsoleContact } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { optOutQuestion } from './opt-out-question.ts';

export function UnblockButton({ contact, pending, onUnblock, testId, ref }: {
  contact: Pick<ConsoleContact, 'optedOutOn' | 'blockedReason'>; pending: boolean; onUnblock(): void; testId: string; ref?: Ref<HTMLButtonElement>;
}) {
  const label = pending ? 'Unblocking…' : 'Unblock';
  const question = optOutQuestion(contact);
  if (!question) return <Button ref={ref} type="button" className="button" data-testid={testId} disabled={pending} onClick={onUnblock}>{label}</Button>;
  return (
    <ConfirmButton ref={ref} label={label} className="button" testId={testId} disabled={pending} confirmLabel="Unblock anyway" onConfirm={onUnblock}
      question={question} />
  );
}
