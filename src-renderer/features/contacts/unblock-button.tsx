// Unblock, for the contact panel and the inbox's blocked composer. A block a person set is lifted at once; one the
// customer set by an opt-out keyword (STOP) asks first, saying what they sent: unblocking overrides their choice.
import type { Ref } from 'react';
import { optOutOf } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { ConfirmButton } from '../../components/confirm-button.tsx';

export function UnblockButton({ reason, pending, onUnblock, testId, ref }: {
  reason: string | null; pending: boolean; onUnblock(): void; testId: string; ref?: Ref<HTMLButtonElement>;
}) {
  const label = pending ? 'Unblocking…' : 'Unblock';
  const optOut = optOutOf(reason);
  if (!optOut) return <Button ref={ref} type="button" className="button" data-testid={testId} disabled={pending} onClick={onUnblock}>{label}</Button>;
  return (
    <ConfirmButton ref={ref} label={label} className="button" testId={testId} disabled={pending} confirmLabel="Unblock anyway" onConfirm={onUnblock}
      question={`They opted out by sending ${optOut.keyword} on ${optOut.channelName}: unblocking overrides their choice.`} />
  );
}
