// The simulated world's webhook receivers: an endpoint on any `*.sim.test` host (`.test` never resolves, RFC 6761, so
// no real receiver can be there) is answered in-process, offline and at once, by its URL's path:
//   …/status/NNN   answers NNN (200–599): 500 shows the retry schedule, 410 unsubscribes the endpoint;
//   …/timeout      answers nothing within the delivery's timeout;
//   anything else  answers 200, naming the event it received.
// The delivery is signed, recorded and retried exactly as one sent over the network (only the POST is skipped).
import { SIM_RECEIVER_DOMAIN } from '../contract/webhooks.ts';
import type { PostOutcome, SimulatedReceivers } from '../domains/webhooks/index.ts';

/** What the receiver at this path answers: a status, or a timeout. */
export function receiverBehaviour(pathname: string): { status: number } | { timeout: true } {
  const segments = pathname.split('/').filter(Boolean);
  const at = segments.lastIndexOf('status');
  const code = at >= 0 ? Number(segments[at + 1]) : NaN;
  if (/^\d{3}$/.test(segments[at + 1] ?? '') && code >= 200 && code <= 599) return { status: code };
  if (segments.at(-1) === 'timeout') return { timeout: true };
  return { status: 200 };
}

export const simulatedReceivers: SimulatedReceivers = {
  handles: (host) => host === SIM_RECEIVER_DOMAIN || host.endsWith(`.${SIM_RECEIVER_DOMAIN}`),
  answer({ url, headers, timeoutMs }): PostOutcome {
    const behaviour = receiverBehaviour(url.pathname);
    if ('timeout' in behaviour) return { status: null, body: null, error: `timed out after ${timeoutMs / 1000} s`, latencyMs: timeoutMs };
    const { status } = behaviour;
    const body = status === 204 ? '' : JSON.stringify({
      simulated: true, status, received: status >= 200 && status < 300,
      eventId: headers['x-service-event-id'] ?? null, eventType: headers['x-service-event-type'] ?? null,
    });
    return { status, body, error: null, latencyMs: 0 };
  },
};
