// A delivery's numbers in words, as the inspector says them: an attempt's latency, and where its attempts stand.
import { RETRY_DELAYS_MS, type WebhookDelivery } from '../../../src-core/contract/index.ts';

const MAX = RETRY_DELAYS_MS.length;

/** "12 ms", "3.4 ms"; a simulated receiver answers within a few microseconds: "< 0.1 ms", not "0.0 ms". */
export const latency = (ms: number | null): string =>
  (ms === null ? '—' : ms < 0.1 ? '< 0.1 ms' : ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`);

/**
 * Where a delivery's attempts stand, led by what happened: "Succeeded on attempt 4 of 7", "Failed on attempt 2 of 7
 * · retrying", "Failed on attempt 7 of 7 · no retries left", "Attempt 1 of 7 pending", "Held · attempt 3 of 7 waits"
 * (as the timeline words the next one).
 */
export function attemptsSaid(delivery: Pick<WebhookDelivery, 'status' | 'attempts'>): string {
  const made = delivery.attempts;
  switch (delivery.status) {
    case 'SUCCEEDED': return `Succeeded on attempt ${made} of ${MAX}`;
    case 'FAILED': return `Failed on attempt ${made} of ${MAX} · retrying`;
    case 'EXHAUSTED': return made === 0 ? 'No attempt made' : `Failed on attempt ${made} of ${MAX} · no retries left`;
    case 'HELD': return `Held · attempt ${made + 1} of ${MAX} waits`;
    case 'PENDING': return `Attempt ${made + 1} of ${MAX} pending`;
  }
}

/** A wait between attempts in words: "10 s", "1 min", "2 h". */
const gap = (ms: number): string => (ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`);

/** The retry schedule in words, from the core's: "10 s, 1 min, 5 min, 30 min, 2 h and 6 h" after the failure before. */
export function retryGaps(): string {
  const gaps = RETRY_DELAYS_MS.slice(1).map(gap);
  return gaps.length > 1 ? `${gaps.slice(0, -1).join(', ')} and ${gaps.at(-1)}` : gaps.join('');
}
