// The rules of webhooks: endpoints (at most 50, https, checked destinations, secrets shown once),
// durable fan-out of every catalogued event, the delivery log, test deliveries and replays; a disabled
// endpoint's deliveries are held, and resume when it is re-enabled.
import { randomBytes } from 'node:crypto';
import type { ListEnvelope } from '../../contract/common.ts';
import { GONE_LIMIT, GONE_WINDOW_DAYS, MAX_ENDPOINTS, type EndpointLastAttempts, type WebhookDelivery, type WebhookDeliveryDetail, type WebhookEndpoint, type WebhookEndpointsGone, type WebhookEventType } from '../../contract/webhooks.ts';
import type { BusEvent } from '../../kernel/bus.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { conflict, invalidField, limitReached, notFound } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import type { JobRunner } from '../../kernel/jobs.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import { isCatalogued, sampleOf } from './catalogue.ts';
import { scheduleAttempt, succeeded, type DeliveryOptions } from './delivery.ts';
import { checkDestination } from './destination.ts';
import { deliveryNotFound, isKept, keptSince } from './retention.ts';
import type { DeliveryRow, EndpointRow, WebhooksStore } from './webhooks.store.ts';

const newSecret = (): string => `whsec_${randomBytes(24).toString('base64url')}`;
const eventsOf = (row: EndpointRow): string[] => JSON.parse(row.events) as string[];
/** Whether an endpoint takes events of `type`, by name or `*`. */
const takes = (type: string) => (row: EndpointRow): boolean => {
  const events = eventsOf(row);
  return events.includes('*') || events.includes(type);
};

function toEndpoint(row: EndpointRow, secret?: string): WebhookEndpoint {
  return {
    id: row.id, url: row.url, description: row.description, events: eventsOf(row), isActive: row.is_active === 1,
    status: row.is_active === 1 ? 'ACTIVE' : 'DISABLED', disabledReason: row.disabled_reason, createdVia: row.created_via as WebhookEndpoint['createdVia'],
    consecutiveFailures: row.consecutive_failures, lastSuccessAt: row.last_success_at, lastFailureAt: row.last_failure_at, createdAt: row.created_at,
    ...(secret ? { secret } : {}),
  };
}
const toDelivery = (row: DeliveryRow, heldReason: string | null): WebhookDelivery => ({
  id: row.id, endpointId: row.endpoint_id, eventId: row.event_id, eventType: row.event_type, status: row.status as WebhookDelivery['status'],
  attempts: row.attempts, nextAttemptAt: row.next_attempt_at, lastResponseStatus: row.last_response_status, createdAt: row.created_at, updatedAt: row.updated_at,
  heldReason,
});

export function createWebhooksService(deps: { store: WebhooksStore; db: Db; clock: Clock; jobs: JobRunner; options: DeliveryOptions }) {
  const { store, db, clock, jobs, options } = deps;

  function mustEndpoint(orgId: string, id: string): EndpointRow {
    const row = store.endpoint(orgId, id);
    if (!row) throw notFound(`Webhook endpoint ${id}`);
    return row;
  }
  /**
   * Refuses a destination it may not send to, else answers the URL as kept: its WHATWG serialization (scheme and host
   * in lower case, a default port dropped, `/` for an empty path), so one receiver is one URL however it was typed.
   */
  async function acceptedUrl(url: string): Promise<string> {
    const refused = await checkDestination(url, options);
    if (refused) throw invalidField(`Invalid url: ${refused}`);
    return new URL(url).href;
  }
  const normalizeEvents = (events: '*' | string[]): string[] => (events === '*' || events.includes('*') ? ['*'] : [...new Set(events)]);
  const envelope = (event: { id: string; type: string; createdAt: string; orgId: string; data: unknown }): string =>
    JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt, accountId: event.orgId, livemode: false, data: event.data });

  /**
   * Writes one delivery (and its first attempt as a job) unless this event already has one for the endpoint;
   * to a disabled endpoint (a test or a replay) it is written held, and goes when the endpoint is re-enabled.
   */
  function enqueue(orgId: string, endpoint: EndpointRow, event: { id: string; type: string; payload: string }, replayOf: string | null): string {
    const id = newId('whd');
    const held = endpoint.is_active !== 1;
    const created = store.insertDelivery({
      id, org_id: orgId, endpoint_id: endpoint.id, event_id: event.id, event_type: event.type, payload: event.payload, replay_of: replayOf,
      created_at: clock.nowIso(), status: held ? 'HELD' : 'PENDING',
    });
    if (created && !held) scheduleAttempt(jobs, orgId, id, 1);
    return id;
  }
  /** What the console and the API show for a held delivery: why it waits, and until when. */
  function heldReason(row: DeliveryRow): string | null {
    if (row.status !== 'HELD') return null;
    // Every reason reads "disabled …" (by the account, after N failed attempts), so it follows "The endpoint was".
    const reason = store.endpointById(row.endpoint_id)?.disabled_reason ?? 'disabled';
    return `The endpoint was ${reason}: held, with no attempt made or counted, until the endpoint is re-enabled`;
  }
  const deliveryOf = (row: DeliveryRow): WebhookDelivery => toDelivery(row, heldReason(row));

  return {
    async create(orgId: string, input: { url: string; events: '*' | string[]; description?: string | undefined }, via: 'api' | 'dashboard'): Promise<WebhookEndpoint> {
      const url = await acceptedUrl(input.url);
      return db.tx(() => {
        if (store.countEndpoints(orgId) >= MAX_ENDPOINTS) throw limitReached(MAX_ENDPOINTS, 'webhook endpoints');
        const secret = newSecret();
        const row = { id: newId('whe'), org_id: orgId, url, description: input.description || null, events: JSON.stringify(normalizeEvents(input.events)), secret, created_via: via, created_at: clock.nowIso() };
        store.insertEndpoint(row);
        return toEndpoint(mustEndpoint(orgId, row.id), secret);
      });
    },
    list(orgId: string, page: PageRequest): ListEnvelope<WebhookEndpoint> {
      const { rows, total } = store.endpoints(orgId, page.limit, page.offset);
      return pageEnvelope(rows.map((row) => toEndpoint(row)), total, page);
    },
    get: (orgId: string, id: string): WebhookEndpoint => toEndpoint(mustEndpoint(orgId, id)),
    async update(orgId: string, id: string, input: { url?: string | undefined; events?: '*' | string[] | undefined; description?: string | null | undefined; isActive?: boolean | undefined }): Promise<WebhookEndpoint> {
      mustEndpoint(orgId, id);
      const url = input.url ? await acceptedUrl(input.url) : undefined;
      return db.tx(() => {
        const row = mustEndpoint(orgId, id);
        const reenabled = input.isActive === true && row.is_active === 0;
        const at = clock.nowIso();
        store.updateEndpoint({
          ...row, url: url ?? row.url, events: input.events ? JSON.stringify(normalizeEvents(input.events)) : row.events,
          description: input.description === undefined ? row.description : input.description || null,
          is_active: input.isActive === undefined ? row.is_active : input.isActive ? 1 : 0,
          disabled_reason: input.isActive === false ? 'disabled by the account' : input.isActive ? null : row.disabled_reason,
          consecutive_failures: reenabled ? 0 : row.consecutive_failures,
        });
        // Disabled: what waits for an attempt is held. Re-enabled: what was held is attempted now, its count where it was.
        if (input.isActive === false) store.holdDeliveries(id, at);
        if (reenabled) for (const held of store.resumeDeliveries(id, at)) scheduleAttempt(jobs, held.org_id, held.id, held.attempts + 1);
        return toEndpoint(mustEndpoint(orgId, id));
      });
    },
    remove(orgId: string, id: string): void {
      db.tx(() => store.removeEndpoint(mustEndpoint(orgId, id).id, clock.nowIso()));
    },
    rotateSecret(orgId: string, id: string): WebhookEndpoint {
      return db.tx(() => {
        mustEndpoint(orgId, id);
        const secret = newSecret();
        store.rotateSecret(id, secret);
        return toEndpoint(mustEndpoint(orgId, id), secret);
      });
    },
    /** Queues a test delivery: the sample of `eventType`, or a generic ping (`webhook.test`). */
    test(orgId: string, id: string, eventType: WebhookEventType | undefined): { deliveryId: string; eventId: string; eventType: string } {
      return db.tx(() => {
        const endpoint = mustEndpoint(orgId, id);
        const event = { id: newId('evt'), type: eventType ?? 'webhook.test', createdAt: clock.nowIso(), orgId,
          data: eventType ? sampleOf(eventType) : { message: 'A test ping from Switchboard', endpointId: id } };
        const deliveryId = enqueue(orgId, endpoint, { id: event.id, type: event.type, payload: envelope(event) }, null);
        return { deliveryId, eventId: event.id, eventType: event.type };
      });
    },
    /** Whether an active endpoint of the organization takes `type`, by name or `*` (the voice app routes calls by it). */
    subscribes: (orgId: string, type: string): boolean => store.activeEndpoints(orgId).some(takes(type)),
    /** The URLs of the organization's active endpoints that take `type` (the simulator's words for a call say where it goes). */
    subscriberUrls: (orgId: string, type: string): string[] => store.activeEndpoints(orgId).filter(takes(type)).map((endpoint) => endpoint.url),
    /** Bus listener: one durable delivery per (catalogued event, subscribed active endpoint), same event id for all. */
    fanOut(event: BusEvent): void {
      if (!isCatalogued(event.type)) return;
      const subscribed = store.activeEndpoints(event.orgId).filter(takes(event.type));
      if (subscribed.length === 0) return;
      db.tx(() => {
        const payload = envelope(event);
        for (const endpoint of subscribed) enqueue(event.orgId, endpoint, { id: event.id, type: event.type, payload }, null);
      });
    },
    deliveries(orgId: string, endpointId: string | null, statuses: string[] | undefined, page: PageRequest): ListEnvelope<WebhookDelivery> {
      if (endpointId) mustEndpoint(orgId, endpointId);
      const { rows, total } = store.deliveries(orgId, endpointId, statuses, keptSince(clock), page.limit, page.offset);
      return pageEnvelope(rows.map(deliveryOf), total, page);
    },
    /** 404 for an unknown delivery and for one past its kept days, removed yet or not (retention.ts). */
    delivery(orgId: string, id: string): WebhookDeliveryDetail {
      const row = store.delivery(id);
      if (!row || row.org_id !== orgId || !isKept(row, keptSince(clock))) throw deliveryNotFound(id);
      return {
        ...deliveryOf(row), payload: JSON.parse(row.payload),
        attemptLog: store.attempts(id).map((a) => ({
          attempt: a.attempt, at: a.at, requestHeaders: JSON.parse(a.request_headers) as Record<string, string>, responseStatus: a.response_status,
          responseBody: a.response_body, latencyMs: a.latency_ms, error: a.error,
        })),
      };
    },
    /** The endpoints a receiver's 410 removed in the last GONE_WINDOW_DAYS (virtual clock), newest first. */
    gone(orgId: string): WebhookEndpointsGone {
      const since = new Date(clock.now() - GONE_WINDOW_DAYS * 86_400_000).toISOString();
      return {
        data: store.gone(orgId, since, GONE_LIMIT).map((row) => ({ endpointId: row.endpoint_id, url: row.url, eventType: row.event_type, deliveryId: row.delivery_id, at: row.at })),
      };
    },
    /** The last attempt made to each endpoint, test or real: whether the endpoint's latest delivery got through, and if not why. */
    lastAttempts(orgId: string): EndpointLastAttempts {
      return {
        data: store.lastAttempts(orgId, keptSince(clock)).map((row) => ({
          endpointId: row.endpoint_id, deliveryId: row.delivery_id, eventType: row.event_type, attempt: row.attempt, at: row.at,
          responseStatus: row.response_status, error: row.error, succeeded: succeeded(row.response_status),
        })),
      };
    },
    /** A new delivery of the same payload (the delivery's own copy) and event id to the same endpoint, with attempts from 1. */
    replay(orgId: string, id: string): WebhookDelivery {
      return db.tx(() => {
        const original = store.delivery(id);
        if (!original || original.org_id !== orgId || !isKept(original, keptSince(clock))) throw deliveryNotFound(id);
        const endpoint = store.endpointById(original.endpoint_id);
        if (!endpoint) throw conflict('The endpoint of this delivery was deleted');
        const newIdValue = enqueue(orgId, endpoint, { id: original.event_id, type: original.event_type, payload: original.payload }, original.id);
        return deliveryOf(store.delivery(newIdValue) as DeliveryRow);
      });
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
