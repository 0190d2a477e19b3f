// A review status (PENDING, APPROVED, REJECTED, VERIFIED...) as a coloured chip, in the API's own words: integrators
// compare against `APPROVED`, not "approved".
export function StatusChip({ status, title }: { status: string; title?: string | undefined }) {
  return <span className={`chip review is-${status.toLowerCase()}`} data-testid="review-status" data-status={status} title={title}>{status}</span>;
}
