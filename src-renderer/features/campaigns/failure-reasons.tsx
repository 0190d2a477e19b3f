// Why a campaign's recipients failed, under its Failed figure: "Failed 3 — 2 no WhatsApp account · 1 unreachable",
// the core's failures by reason (most first; the blocked are their own figure, not in it), as a compact list.
import type { CampaignFailureReason } from '../../../src-core/contract/index.ts';

/** A label inside a sentence: "No WhatsApp account" → "no WhatsApp account"; an acronym first ("RCS …") kept. */
export const inSentence = (label: string): string => (/^.[a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label);

/** `failed`: the Failed figure (the blocked left out), which the reasons add up to. */
export function FailureReasons({ failed, reasons }: { failed: number; reasons: CampaignFailureReason[] | undefined }) {
  if (failed === 0 || !reasons?.length) return null;
  return (
    <div className="failure-reasons" data-testid="failure-reasons">
      <span className="muted">Failed {failed.toLocaleString()} —</span>{' '}
      <ul aria-label="Failed recipients by reason">
        {reasons.map((r, i) => (
          <li key={r.code ?? 'other'} data-testid="failure-reason" data-code={r.code ?? ''} data-count={r.count}>
            {i > 0 ? <span className="muted" aria-hidden="true"> · </span> : null}<strong>{r.count.toLocaleString()}</strong> {inSentence(r.label)}
          </li>
        ))}
      </ul>
    </div>
  );
}
