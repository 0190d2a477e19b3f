// A review status (PENDING, APPROVED, REJECTED, VERIFIED...) as a coloured chip.
export function StatusChip({ status, title }: { status: string; title?: string | undefined }) {
  return <span className={`chip review is-${status.toLowerCase()}`} data-testid="review-status" data-status={status} title={title}>{status.toLowerCase()}</span>;
}
