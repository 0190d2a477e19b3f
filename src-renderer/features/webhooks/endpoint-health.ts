// An endpoint's health as its card says it: by its last attempt, test or real (a failed test is not hidden behind
// a green mark), with why it failed; the endpoints tab counts the failing ones the same way.
import { AUTO_DISABLE_AFTER, type EndpointLastAttempt, type WebhookEndpoint } from '../../../src-core/contract/index.ts';

export type HealthState = 'untried' | 'healthy' | 'failing';
export type EndpointHealth = { state: HealthState; /** Why the last attempt failed: "HTTP 500", or the connection's error. */ reason: string | null };

type Facts = Pick<WebhookEndpoint, 'consecutiveFailures' | 'lastSuccessAt' | 'lastFailureAt'>;

export function healthOf(endpoint: Facts, last: EndpointLastAttempt | undefined): EndpointHealth {
  if (last) {
    if (last.succeeded) return { state: 'healthy', reason: null };
    return { state: 'failing', reason: last.responseStatus !== null ? `HTTP ${last.responseStatus}` : last.error };
  }
  // Not read yet: the endpoint's own record (a re-enabled endpoint starts its count again, not its last failure).
  if (!endpoint.lastSuccessAt && !endpoint.lastFailureAt && endpoint.consecutiveFailures === 0) return { state: 'untried', reason: null };
  const failedLast = endpoint.consecutiveFailures > 0 || (endpoint.lastFailureAt !== null && (endpoint.lastSuccessAt === null || endpoint.lastFailureAt > endpoint.lastSuccessAt));
  return { state: failedLast ? 'failing' : 'healthy', reason: null };
}

/** The endpoints the tab's "N failing" counts: disabled, or whose last attempt failed. */
export function countFailing(endpoints: ReadonlyArray<WebhookEndpoint>, last: ReadonlyArray<EndpointLastAttempt>): number {
  const byEndpoint = new Map(last.map((attempt) => [attempt.endpointId, attempt]));
  return endpoints.filter((e) => !e.isActive || healthOf(e, byEndpoint.get(e.id)).state === 'failing').length;
}

/**
 * The failure streak beside the health ("16 failed attempts in a row"), or null under 2. On an endpoint the streak
 * disabled, attempts already out when the 15th failed add to it: said so, so it agrees with "Disabled after 15…".
 */
export function streakWords(endpoint: Pick<WebhookEndpoint, 'consecutiveFailures' | 'isActive' | 'disabledReason'>): string | null {
  const streak = endpoint.consecutiveFailures;
  if (streak < 2) return null;
  const said = `${streak} failed attempts in a row`;
  const autoDisabled = !endpoint.isActive && (endpoint.disabledReason ?? '').startsWith(`disabled after ${AUTO_DISABLE_AFTER} failed`);
  const later = streak - AUTO_DISABLE_AFTER;
  if (!autoDisabled || later < 1) return said;
  return `${said} (${later} ${later === 1 ? 'was' : 'were'} already under way when the ${AUTO_DISABLE_AFTER}th disabled it)`;
}
