// The only SQL of webhooks: endpoints, deliveries and attempts, and the endpoints a receiver's 410 removed.
import type { Sql } from '../../kernel/db.ts';
import { createVersionedCache } from '../../kernel/versioned-cache.ts';

export type EndpointRow = {
  id: string; org_id: string; url: string; description: string | null; events: string; secret: string; is_active: number; disabled_reason: string | null;
  created_via: string; consecutive_failures: number; last_success_at: string | null; last_failure_at: string | null; created_at: string;
  /** The endpoint's last attempt: its delivery and number (null before the first). */
  last_attempt_delivery_id: string | null; last_attempt_number: number | null;
};
export type DeliveryRow = {
  id: string; org_id: string; endpoint_id: string; event_id: string; event_type: string; payload: string; status: string; attempts: number;
  next_attempt_at: string | null; last_response_status: number | null; replay_of: string | null; created_at: string; updated_at: string;
};
export type AttemptRow = {
  delivery_id: string; attempt: number; at: string; request_headers: string; response_status: number | null; response_body: string | null;
  latency_ms: number | null; error: string | null;
};

type LastAttempt = { deliveryId: string; attempt: number; at: string };

/** An endpoint deleted because its receiver answered 410 Gone to delivery `delivery_id`. */
export type GoneRow = { endpoint_id: string; org_id: string; url: string; event_type: string; delivery_id: string; at: string };

/**
 * A delivery still kept: waiting for an attempt or held (however old), or finished at or after `@since` (the kept
 * days: an older one is left out at once, before the removal comes round). Finished is `SUCCEEDED` or `EXHAUSTED`.
 */
const kept = (table = ''): string => `(${table}status IN ('PENDING', 'FAILED', 'HELD') OR ${table}updated_at >= @since)`;

export function createWebhooksStore(sql: Sql) {
  const q = {
    insertEndpoint: sql.prepare(`INSERT INTO webhook_endpoints (id, org_id, url, description, events, secret, created_via, created_at)
      VALUES (@id, @org_id, @url, @description, @events, @secret, @created_via, @created_at)`),
    endpoint: sql.prepare(`SELECT * FROM webhook_endpoints WHERE org_id = ? AND id = ?`),
    endpointById: sql.prepare(`SELECT * FROM webhook_endpoints WHERE id = ?`),
    endpoints: sql.prepare(`SELECT * FROM webhook_endpoints WHERE org_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`),
    active: sql.prepare(`SELECT * FROM webhook_endpoints WHERE org_id = ? AND is_active = 1`),
    count: sql.prepare(`SELECT COUNT(*) AS n FROM webhook_endpoints WHERE org_id = ?`),
    update: sql.prepare(`UPDATE webhook_endpoints SET url = @url, description = @description, events = @events, is_active = @is_active,
      disabled_reason = @disabled_reason, consecutive_failures = @consecutive_failures WHERE id = @id`),
    rotate: sql.prepare(`UPDATE webhook_endpoints SET secret = ? WHERE id = ?`),
    remove: sql.prepare(`DELETE FROM webhook_endpoints WHERE id = ?`),
    orphan: sql.prepare(`UPDATE webhook_deliveries SET status = 'EXHAUSTED', next_attempt_at = NULL, updated_at = ?
      WHERE endpoint_id = ? AND status IN ('PENDING', 'FAILED', 'HELD')`),
    succeeded: sql.prepare(`UPDATE webhook_endpoints SET consecutive_failures = 0, last_success_at = @at,
      last_attempt_delivery_id = @deliveryId, last_attempt_number = @attempt WHERE id = @id`),
    failed: sql.prepare(`UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1, last_failure_at = @at,
      last_attempt_delivery_id = @deliveryId, last_attempt_number = @attempt WHERE id = @id RETURNING consecutive_failures`),
    disable: sql.prepare(`UPDATE webhook_endpoints SET is_active = 0, disabled_reason = ? WHERE id = ?`),
    insertDelivery: sql.prepare(`INSERT OR IGNORE INTO webhook_deliveries (id, org_id, endpoint_id, event_id, event_type, payload, status, replay_of, created_at, updated_at)
      VALUES (@id, @org_id, @endpoint_id, @event_id, @event_type, @payload, @status, @replay_of, @created_at, @created_at)`),
    hold: sql.prepare(`UPDATE webhook_deliveries SET status = 'HELD', next_attempt_at = NULL, updated_at = ?
      WHERE endpoint_id = ? AND status IN ('PENDING', 'FAILED')`),
    resume: sql.prepare(`UPDATE webhook_deliveries SET status = CASE WHEN attempts = 0 THEN 'PENDING' ELSE 'FAILED' END, next_attempt_at = @at, updated_at = @at
      WHERE endpoint_id = @endpointId AND status = 'HELD' RETURNING id, org_id, attempts`),
    delivery: sql.prepare(`SELECT * FROM webhook_deliveries WHERE id = ?`),
    setDelivery: sql.prepare(`UPDATE webhook_deliveries SET status = @status, attempts = @attempts, next_attempt_at = @next_attempt_at,
      last_response_status = @last_response_status, updated_at = @updated_at WHERE id = @id`),
    insertAttempt: sql.prepare(`INSERT OR REPLACE INTO webhook_attempts (delivery_id, attempt, at, request_headers, response_status, response_body, latency_ms, error)
      VALUES (@delivery_id, @attempt, @at, @request_headers, @response_status, @response_body, @latency_ms, @error)`),
    attempts: sql.prepare(`SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt`),
    recordGone: sql.prepare(`INSERT OR IGNORE INTO webhook_endpoints_gone (endpoint_id, org_id, url, event_type, delivery_id, at)
      VALUES (@endpoint_id, @org_id, @url, @event_type, @delivery_id, @at)`),
    gone: sql.prepare(`SELECT * FROM webhook_endpoints_gone WHERE org_id = ? AND at >= ? ORDER BY at DESC, rowid DESC LIMIT ?`),
    // A scan, no index of its own: what is kept is a window's 410s (one per endpoint a receiver removed).
    removeGone: sql.prepare(`DELETE FROM webhook_endpoints_gone WHERE rowid IN (SELECT rowid FROM webhook_endpoints_gone WHERE at < ? LIMIT ?)`),
    // The attempt each endpoint names as its last, by key, while its delivery is kept.
    lastAttempts: sql.prepare(`SELECT e.id AS endpoint_id, a.delivery_id, d.event_type, a.attempt, a.at, a.response_status, a.error
      FROM webhook_endpoints e JOIN webhook_attempts a ON a.delivery_id = e.last_attempt_delivery_id AND a.attempt = e.last_attempt_number
      JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE e.org_id = @orgId AND ${kept('d.')}`),
    // Oldest first through the index of finished deliveries (migration 48): no walk past those still waiting.
    finishedBefore: sql.prepare(`SELECT id FROM webhook_deliveries WHERE status IN ('SUCCEEDED', 'EXHAUSTED') AND updated_at < ? ORDER BY updated_at LIMIT ?`).pluck(),
    removeAttemptsOf: sql.prepare(`DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT value FROM json_each(?))`),
    removeDeliveries: sql.prepare(`DELETE FROM webhook_deliveries WHERE id IN (SELECT value FROM json_each(?))`),
  };
  // Every event is fanned out against the organization's active endpoints: read once until they change
  // (here, or in another process: data_version).
  const activeCache = createVersionedCache<EndpointRow[]>(sql);
  /** Runs an endpoint write and drops the cached active endpoints. */
  const changing = <T>(write: () => T): T => {
    activeCache.invalidate();
    return write();
  };
  return {
    insertEndpoint: (row: Omit<EndpointRow, 'is_active' | 'disabled_reason' | 'consecutive_failures' | 'last_success_at' | 'last_failure_at' | 'last_attempt_delivery_id' | 'last_attempt_number'>) => changing(() => void q.insertEndpoint.run(row)),
    endpoint: (orgId: string, id: string) => q.endpoint.get(orgId, id) as EndpointRow | undefined,
    endpointById: (id: string) => q.endpointById.get(id) as EndpointRow | undefined,
    endpoints: (orgId: string, limit: number, offset: number) => ({ rows: q.endpoints.all(orgId, limit, offset) as EndpointRow[], total: (q.count.get(orgId) as { n: number }).n }),
    activeEndpoints: (orgId: string): EndpointRow[] => activeCache.read(orgId, () => q.active.all(orgId) as EndpointRow[]),
    countEndpoints: (orgId: string) => (q.count.get(orgId) as { n: number }).n,
    updateEndpoint: (row: EndpointRow) => changing(() => void q.update.run(row)),
    rotateSecret: (id: string, secret: string) => changing(() => void q.rotate.run(secret, id)),
    /** Deletes an endpoint; its deliveries still waiting (held, or due an attempt) end exhausted, as nothing can receive them. */
    removeEndpoint: (id: string, at: string) => changing(() => {
      q.remove.run(id);
      q.orphan.run(at, id);
    }),
    /** Notes an endpoint a 410 removed (the first 410 only: deliveries in flight may each get one). */
    recordGone: (row: GoneRow) => void q.recordGone.run(row),
    /** The organization's endpoints a 410 removed at or after `since`, newest first. */
    gone: (orgId: string, since: string, limit: number) => q.gone.all(orgId, since, limit) as GoneRow[],
    /** Removes up to `limit` notes of endpoints a 410 removed before `beforeIso` (every organization's); answers how many went. */
    removeGone: (beforeIso: string, limit: number): number => q.removeGone.run(beforeIso, limit).changes,
    /** Notes an attempt that got through (`attempt` of delivery `deliveryId`, made at `at`): the endpoint's last. */
    endpointSucceeded: (id: string, last: LastAttempt) => changing(() => void q.succeeded.run({ id, ...last })),
    /** Notes a failed attempt, the endpoint's last; returns its failures in a row. */
    endpointFailed: (id: string, last: LastAttempt) => changing(() => (q.failed.get({ id, ...last }) as { consecutive_failures: number } | undefined)?.consecutive_failures ?? 0),
    disableEndpoint: (id: string, reason: string) => changing(() => void q.disable.run(reason, id)),
    insertDelivery: (row: Pick<DeliveryRow, 'id' | 'org_id' | 'endpoint_id' | 'event_id' | 'event_type' | 'payload' | 'replay_of' | 'created_at'> & { status: 'PENDING' | 'HELD' }) =>
      q.insertDelivery.run(row).changes === 1,
    /** Holds the endpoint's deliveries waiting for an attempt (its endpoint was disabled); returns how many. */
    holdDeliveries: (endpointId: string, at: string): number => q.hold.run(at, endpointId).changes,
    /** Makes the endpoint's held deliveries due at `at` again (re-enabled); returns them, to schedule their attempts. */
    resumeDeliveries: (endpointId: string, at: string) => q.resume.all({ endpointId, at }) as Array<Pick<DeliveryRow, 'id' | 'org_id' | 'attempts'>>,
    delivery: (id: string) => q.delivery.get(id) as DeliveryRow | undefined,
    setDelivery: (row: Pick<DeliveryRow, 'id' | 'status' | 'attempts' | 'next_attempt_at' | 'last_response_status' | 'updated_at'>) => void q.setDelivery.run(row),
    /** `statuses`: any of them (absent: all); only deliveries kept (see `kept`) as of `since`. */
    deliveries(orgId: string, endpointId: string | null, statuses: string[] | undefined, since: string, limit: number, offset: number) {
      const where = ['org_id = @orgId', ...(endpointId ? ['endpoint_id = @endpointId'] : []), ...(statuses ? ['status IN (SELECT value FROM json_each(@statuses))'] : []), kept()].join(' AND ');
      const params = { orgId, endpointId, statuses: statuses ? JSON.stringify(statuses) : null, since, limit, offset };
      return {
        rows: sql.prepare(`SELECT * FROM webhook_deliveries WHERE ${where} ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset`).all(params) as DeliveryRow[],
        total: (sql.prepare(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE ${where}`).get(params) as { n: number }).n,
      };
    },
    /** The last attempt made to each of the organization's endpoints (those with none, or whose delivery is no longer kept as of `since`, are left out). */
    lastAttempts: (orgId: string, since: string) => q.lastAttempts.all({ orgId, since }) as Array<Pick<AttemptRow, 'delivery_id' | 'attempt' | 'at' | 'response_status' | 'error'> & { endpoint_id: string; event_type: string }>,
    insertAttempt: (row: AttemptRow) => void q.insertAttempt.run(row),
    /** Removes up to `limit` deliveries that finished before `beforeIso`, oldest first, with their attempts; answers how many went. */
    removeFinished: sql.transaction((beforeIso: string, limit: number): number => {
      const ids = JSON.stringify(q.finishedBefore.all(beforeIso, limit));
      q.removeAttemptsOf.run(ids);
      return q.removeDeliveries.run(ids).changes;
    }),
    attempts: (deliveryId: string) => q.attempts.all(deliveryId) as AttemptRow[],
  };
}
export type WebhooksStore = ReturnType<typeof createWebhooksStore>;
