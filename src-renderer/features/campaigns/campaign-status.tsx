// A campaign's status as a coloured badge (RUNNING pulses), shared by the list and the detail.
import type { CampaignStatus } from '../../../src-core/contract/index.ts';

const LABEL: Record<CampaignStatus, string> = {
  DRAFT: 'Draft', SCHEDULED: 'Scheduled', RUNNING: 'Running', COMPLETED: 'Completed', CANCELLED: 'Cancelled',
};

export function StatusBadge({ status }: { status: CampaignStatus }) {
  return <span className={`campaign-status is-${status.toLowerCase()}`} data-testid="campaign-status" data-status={status}>{LABEL[status]}</span>;
}
