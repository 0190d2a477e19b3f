// One delivery attempt: check the destination, sign, POST with a timeout and no redirects, record the
// attempt, then succeed, retry on the schedule, exhaust, delete the endpoint on 410, or auto-disable it.
// A disabled endpoint's deliveries are held (not attempted, no attempt counted) until it is re-enabled.
import { AUTO_DISABLE_AFTER, RETRY_DELAYS_MS } from '../../contract/webhooks.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import type { JobContext, JobRunner } from '../../kernel/jobs.ts';
import { resolveDestination, type Resolver } from './destination.ts';
import { post, type PostOutcome } from './post.ts';
import type { SimulatedReceivers } from './receivers.ts';
import { sign } from './signature.ts';
import type { DeliveryRow, EndpointRow, WebhooksStore } from './webhooks.store.ts';

export const DELIVER_JOB = 'webhook.deliver';
export { AUTO_DISABLE_AFTER, RETRY_DELAYS_MS };
export const DELIVERY_TIMEOUT_MS = 10_000;

/** Whether a receiver's answer counts as delivered: any 2xx (no answer at all is a failure). */
export const succeeded = (status: number | null): boolean => status !== null && status >= 200 && status < 300;

export type DeliveryOptions = { allowPrivate: boolean; resolve: Resolver; simulated: SimulatedReceivers | null; timeoutMs: number; log: (msg: string) => void };
/** A delivery job: which attempt it is for (absent on jobs written by older builds), so a job left from before a hold is seen stale. */
export type DeliverPayload = { deliveryId: string; attempt?: number };

/** Schedules attempt `attempt` of a delivery (joins the caller's transaction); due now unless `dueAt`. */
export function scheduleAttempt(jobs: JobRunner, orgId: string, deliveryId: string, attempt: number, dueAt?: number): void {
  const payload: DeliverPayload = { deliveryId, attempt };
  jobs.schedule({ type: DELIVER_JOB, orgId, payload, ...(dueAt === undefined ? {} : { dueAt }) });
}

export function createDeliverer(deps: { store: WebhooksStore; db: Db; clock: Clock; bus: Bus; jobs: JobRunner; options: DeliveryOptions }) {
  const { store, db, clock, bus, jobs, options } = deps;

  /**
   * Records the attempt and its consequences, and completes the job, in one transaction (one commit per
   * delivery attempt).
   */
  function finish(delivery: DeliveryRow, endpoint: EndpointRow, attempt: number, headers: Record<string, string>, outcome: PostOutcome, job: JobContext): void {
    const at = clock.nowIso();
    db.tx(() => {
      store.insertAttempt({
        delivery_id: delivery.id, attempt, at, request_headers: JSON.stringify(headers),
        response_status: outcome.status, response_body: outcome.body, latency_ms: outcome.latencyMs, error: outcome.error,
      });
      const ok = succeeded(outcome.status);
      const gone = outcome.status === 410;
      // Read again: the endpoint may have been disabled or deleted while the request was out.
      const current = store.endpointById(endpoint.id);
      let active = current?.is_active === 1;
      const last = { deliveryId: delivery.id, attempt, at };
      if (ok) store.endpointSucceeded(endpoint.id, last);
      else if (gone) {
        // Noted only if this 410 is what removed it (not one the account deleted while the request was out).
        if (current) store.recordGone({ endpoint_id: current.id, org_id: current.org_id, url: current.url, event_type: delivery.event_type, delivery_id: delivery.id, at });
        store.removeEndpoint(endpoint.id, at);
      }
      else if (store.endpointFailed(endpoint.id, last) >= AUTO_DISABLE_AFTER && active) {
        store.disableEndpoint(endpoint.id, `disabled after ${AUTO_DISABLE_AFTER} failed delivery attempts in a row`);
        store.holdDeliveries(endpoint.id, at);
        active = false;
      }
      const retry = !ok && !gone && attempt < RETRY_DELAYS_MS.length && current !== undefined;
      const nextAt = retry && active ? clock.now() + (RETRY_DELAYS_MS[attempt] as number) : null;
      store.setDelivery({
        id: delivery.id, status: ok ? 'SUCCEEDED' : !retry ? 'EXHAUSTED' : active ? 'FAILED' : 'HELD', attempts: attempt,
        next_attempt_at: nextAt ? new Date(nextAt).toISOString() : null, last_response_status: outcome.status, updated_at: at,
      });
      if (nextAt) scheduleAttempt(jobs, delivery.org_id, delivery.id, attempt + 1, nextAt);
      job.complete();
    });
    bus.publishTransient(delivery.org_id, 'webhook.attempt', {
      deliveryId: delivery.id, endpointId: endpoint.id, eventId: delivery.event_id, eventType: delivery.event_type, attempt,
      responseStatus: outcome.status, error: outcome.error, latencyMs: outcome.latencyMs, at,
    });
  }

  /** Ends a delivery without an attempt: exhausted (its endpoint was deleted) or held (disabled). */
  function settleWithout(delivery: DeliveryRow, status: 'EXHAUSTED' | 'HELD', job: JobContext): void {
    db.tx(() => {
      store.setDelivery({ id: delivery.id, status, attempts: delivery.attempts, next_attempt_at: null, last_response_status: delivery.last_response_status, updated_at: clock.nowIso() });
      job.complete();
    });
  }

  async function send(delivery: DeliveryRow, endpoint: EndpointRow, attempt: number, job: JobContext): Promise<void> {
    // The receiver checks `t` against its own clock (300 s tolerance): wall-clock time, not virtual time.
    const timestamp = clock.wallSeconds();
    const headers = {
      'content-type': 'application/json', 'user-agent': 'Switchboard-Webhooks/1.0',
      'x-service-event-id': delivery.event_id, 'x-service-event-type': delivery.event_type, 'x-service-webhook-id': endpoint.id,
      'x-service-delivery-attempt': String(attempt), 'x-service-signature': sign(endpoint.secret, delivery.payload, timestamp),
    };
    // Checked again at every attempt, and the request goes to the addresses this check approved.
    const destination = await resolveDestination(endpoint.url, options);
    const outcome: PostOutcome = destination.refused !== null
      ? { status: null, body: null, error: `destination refused: ${destination.refused}`, latencyMs: null }
      : destination.simulated && options.simulated
        ? options.simulated.answer({ url: new URL(endpoint.url), headers, body: delivery.payload, timeoutMs: options.timeoutMs })
        : await post(endpoint.url, headers, delivery.payload, { timeoutMs: options.timeoutMs, pinned: destination.addresses });
    finish(delivery, endpoint, attempt, headers, outcome, job);
  }

  /** Deliveries with an attempt under way in this process: a second job for one (a hold and re-enable in between) is skipped. */
  const inFlight = new Set<string>();

  return {
    /** Job: makes the next attempt of a delivery (safe to repeat: a finished, held or already attempted one is left alone). */
    async attempt({ deliveryId, attempt: scheduled }: DeliverPayload, job: JobContext): Promise<void> {
      const delivery = store.delivery(deliveryId);
      if (!delivery || (delivery.status !== 'PENDING' && delivery.status !== 'FAILED') || inFlight.has(deliveryId)) return;
      const attempt = delivery.attempts + 1;
      // A job scheduled before a hold, whose attempt the resumed delivery has made since.
      if (scheduled !== undefined && scheduled !== attempt) return;
      const endpoint = store.endpointById(delivery.endpoint_id);
      if (!endpoint || !endpoint.is_active) return settleWithout(delivery, endpoint ? 'HELD' : 'EXHAUSTED', job);
      inFlight.add(deliveryId);
      try {
        await send(delivery, endpoint, attempt, job);
      } finally {
        inFlight.delete(deliveryId);
      }
    },
  };
}
