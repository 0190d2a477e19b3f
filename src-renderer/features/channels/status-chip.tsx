// A review status (PENDING, APPROVED, REJECTED, VERIFIED...) as a coloured chip, written as a word ("Approved"); the
// API's code, which integrators compare against, is its title (unless a title, such as a rejection's reason, is given).
import { codeWords } from '../../components/format.ts';

export function StatusChip({ status, title }: { status: string; title?: string | undefined }) {
  return (
    <span className={`chip review is-${status.toLowerCase()}`} data-testid="review-status" data-status={status} title={title ?? `${status} in the API`}>
      {codeWords(status)}
    </span>
  );
}
