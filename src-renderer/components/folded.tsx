// What the contract names but this build does not act on yet (events it never fires, scopes no route checks), folded
// away under a disclosure so the default view shows only what works; still there, and still selectable, when opened.
import { useState, type ReactNode } from 'react';

type FoldedProps = {
  /** How many are folded, and what they are, as the summary says them: `Show 12 ${what}` / `Hide the 12 ${what}`. */
  count: number; what: string;
  /** How many of them are chosen (said in the summary while folded, so nothing chosen is out of mind). */
  chosen: number; testId: string; children: ReactNode;
};

/** The disclosure's words: `Show 12 events …` while folded, `Hide the 12 events …` when open. */
export const foldLabel = (open: boolean, count: number, what: string): string => (open ? `Hide the ${count} ${what}` : `Show ${count} ${what}`);

/** Opens folded unless something in it is chosen already. */
export function Folded({ count, what, chosen, testId, children }: FoldedProps) {
  const [open, setOpen] = useState(chosen > 0);
  return (
    <details className="folded" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid={testId}>
      <summary data-testid={`${testId}-toggle`}>
        {foldLabel(open, count, what)}{chosen > 0 ? ` (${chosen} chosen)` : ''}
      </summary>
      {children}
    </details>
  );
}
