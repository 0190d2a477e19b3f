// How far a campaign's dispatch has come: sent, failed, blocked and cancelled recipients of the total, as one
// stacked bar that grows smoothly while the campaign runs. Blocked (refused because the contact is blocked: never a
// message) is its own figure, not inside Failed, which counts the rest; under the legend, why those failed.
import type { CampaignCounts, CampaignFailureReason, ConsoleBlocked } from '../../../src-core/contract/index.ts';
import { FailureReasons } from './failure-reasons.tsx';

/**
 * `unresolved`: not launched yet, to an audience counted at launch (every contact, a segment), so no recipients yet.
 * `failureReasons`: the failed (not blocked) by reason, said under the legend.
 */
export function CampaignProgress({ counts, failureReasons, unresolved = false }: {
  counts: CampaignCounts & ConsoleBlocked; failureReasons?: CampaignFailureReason[] | undefined; unresolved?: boolean;
}) {
  const { totalRecipients: total, sent, cancelled, pending, blocked } = counts;
  const failed = counts.failed - blocked;
  const done = sent + failed + blocked + cancelled;
  const percent = total ? Math.round((done / total) * 100) : 0;
  const width = (n: number) => `${total ? (n / total) * 100 : 0}%`;
  return (
    <div className="progress-block">
      <div className="progress-head">
        <strong data-testid="progress-percent">{percent}%</strong>
        <span className="muted" data-testid="progress-text">
          {unresolved && total === 0 ? 'Not launched: its recipients are counted at launch' : `${done.toLocaleString()} of ${total.toLocaleString()} recipients processed`}
        </span>
      </div>
      <div className="progress-track" role="progressbar" aria-label="Dispatch progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}
        data-testid="campaign-progress" data-percent={percent}>
        <span className="progress-seg is-sent" style={{ width: width(sent) }} />
        <span className="progress-seg is-failed" style={{ width: width(failed) }} />
        <span className="progress-seg is-blocked" style={{ width: width(blocked) }} />
        <span className="progress-seg is-cancelled" style={{ width: width(cancelled) }} />
      </div>
      {/* The counts and, under them, why the failed ones failed: one part at the foot of the card. */}
      <div className="progress-foot">
        <ul className="progress-legend" data-testid="progress-legend">
          <li><span className="legend-label"><i className="dot is-sent" />Sent</span> <strong>{sent.toLocaleString()}</strong></li>
          <li><span className="legend-label"><i className="dot is-failed" />Failed</span> <strong data-testid="progress-failed">{failed.toLocaleString()}</strong></li>
          <li><span className="legend-label"><i className="dot is-blocked" />Blocked</span> <strong data-testid="progress-blocked">{blocked.toLocaleString()}</strong></li>
          <li><span className="legend-label"><i className="dot is-cancelled" />Cancelled</span> <strong>{cancelled.toLocaleString()}</strong></li>
          <li><span className="legend-label"><i className="dot is-pending" />Pending</span> <strong>{pending.toLocaleString()}</strong></li>
        </ul>
        <FailureReasons failed={failed} reasons={failureReasons} />
      </div>
    </div>
  );
}
