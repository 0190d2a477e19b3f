// The attempts of one delivery as a timeline (time, response status, latency, error), ending in the
// next scheduled retry, a success, exhaustion, or a hold while the endpoint is disabled. Choosing an
// attempt shows its request and response.
import { RETRY_DELAYS_MS, type WebhookDeliveryDetail } from '../../../src-core/contract/index.ts';
import { relativeTime, time } from '../../components/format.ts';
import { ResponseCode } from './delivery-status.tsx';
import { latency } from './delivery-words.ts';

/** Seed 001: 7 attempts in all (immediately, then after 10 s, 1 min, 5 min, 30 min, 2 h and 6 h). */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length;

/** Why a delivery's endpoint no longer exists: its receiver answered 410 Gone (the core deletes it), or it was deleted. */
export type EndpointFate = 'gone-410' | 'deleted' | null;

type Props = { delivery: WebhookDeliveryDetail; fate: EndpointFate; now: string | undefined; selected: number; onSelect(attempt: number): void };

/** Why a delivery is exhausted, and what can still be done. */
function exhaustedBecause(delivery: WebhookDeliveryDetail, fate: EndpointFate): string {
  if (fate === 'gone-410') return 'The receiver answered 410 Gone, so the endpoint was deleted: no more attempts, and it cannot be replayed.';
  if (fate === 'deleted') return delivery.attempts >= MAX_ATTEMPTS ? `All ${MAX_ATTEMPTS} attempts failed, and the endpoint has since been deleted.` : 'The endpoint was deleted: no more attempts, and it cannot be replayed.';
  return `All ${MAX_ATTEMPTS} attempts failed: no more retries. Replay it once the receiver is fixed.`;
}

export function AttemptTimeline({ delivery, fate, now, selected, onSelect }: Props) {
  const attempts = [...delivery.attemptLog].sort((a, b) => a.attempt - b.attempt);
  return (
    <ol className="wh-timeline" data-testid="attempt-timeline">
      {attempts.map((attempt) => {
        const ok = attempt.responseStatus !== null && attempt.responseStatus >= 200 && attempt.responseStatus < 300;
        return (
          <li key={attempt.attempt} className={`wh-step ${ok ? 'wh-step-ok' : 'wh-step-failed'}${attempt.attempt === selected ? ' selected' : ''}`}
            data-testid="attempt" data-attempt={attempt.attempt} data-response-status={attempt.responseStatus ?? ''}>
            <button type="button" className="wh-step-body" onClick={() => onSelect(attempt.attempt)} aria-pressed={attempt.attempt === selected}>
              <span className="wh-step-title">
                <strong>Attempt {attempt.attempt}</strong>
                <ResponseCode status={attempt.responseStatus} error={attempt.error} />
                <span className="muted">{latency(attempt.latencyMs)}</span>
              </span>
              <span className="muted small">{time(attempt.at)}</span>
              {attempt.error ? <span className="wh-error-text small">{attempt.error}</span> : null}
            </button>
          </li>
        );
      })}
      {delivery.status === 'PENDING' && attempts.length === 0 ? (
        <li className="wh-step wh-step-next" data-testid="attempt-queued"><div className="wh-step-body"><strong>Attempt 1</strong><span className="muted small">Queued: being sent now</span></div></li>
      ) : null}
      {delivery.nextAttemptAt ? (
        <li className="wh-step wh-step-next" data-testid="next-retry" data-next-attempt-at={delivery.nextAttemptAt}>
          <div className="wh-step-body">
            <span className="wh-step-title"><strong>Attempt {delivery.attempts + 1} of {MAX_ATTEMPTS}</strong><span className="chip">scheduled</span></span>
            <span className="small">Next retry {time(delivery.nextAttemptAt)} <span className="muted">({relativeTime(delivery.nextAttemptAt, now)} on the virtual clock)</span></span>
          </div>
        </li>
      ) : null}
      {delivery.status === 'HELD' ? (
        <li className="wh-step wh-step-held" data-testid="held">
          <div className="wh-step-body">
            <span className="wh-step-title"><strong>Held · attempt {delivery.attempts + 1} of {MAX_ATTEMPTS} waits</strong><span className="chip">endpoint disabled</span></span>
            <span className="small" data-testid="held-reason">{delivery.heldReason}</span>
            <span className="muted small">Enable the endpoint to send it; no attempt is used up meanwhile.</span>
          </div>
        </li>
      ) : null}
      {delivery.status === 'EXHAUSTED' ? (
        <li className="wh-step wh-step-failed" data-testid="exhausted"><div className="wh-step-body"><strong>Exhausted</strong><span className="small">{exhaustedBecause(delivery, fate)}</span></div></li>
      ) : null}
    </ol>
  );
}
