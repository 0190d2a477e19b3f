// An app call's status chip: Waiting for a call to the business number with its connect window open, else its status.
import type { AppCall } from '../../../src-core/contract/index.ts';
import { statusLabel } from './app-call-format.ts';

export function AppCallStatusChip({ call }: { call: Pick<AppCall, 'status' | 'connectBy'> }) {
  const label = statusLabel(call);
  return <span className={`chip app-call-status is-${label.toLowerCase().replaceAll(' ', '-')}`} data-testid="app-call-status" data-status={call.status}>{label}</span>;
}
