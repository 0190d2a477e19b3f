// The only SQL of OTP: widgets, requests, sends (the hourly cap), access tokens and signing keys.
import type { Sql } from '../../kernel/db.ts';

export type OtpWidgetRow = {
  id: string; org_id: string; name: string; otp_length: number; expiry_seconds: number; resend_cooldown_seconds: number; max_resends: number;
  max_sends_per_hour: number; max_verify_attempts: number; channels: string; created_at: string; updated_at: string;
};
export type OtpRequestRow = {
  id: string; org_id: string; widget_id: string; identifier: string; channel: string; code_hash: string; status: string; attempts: number;
  resends: number; sent_at: string; last_sent_at: string; expires_at: string; verified_at: string | null; created_at: string;
};
export type OtpSendRow = { request_id: string; org_id: string; identifier: string; channel: string; at: string };
export type OtpTokenRow = { jti: string; org_id: string; request_id: string; identifier: string; verified_at: string; consumed_at: string | null };
/** `status`: any of these statuses (as read now, see `statusAt`). */
export type OtpLogFilter = { widgetId?: string | undefined; status?: readonly string[] | undefined };

export function createOtpStore(sql: Sql) {
  const insertWidget = sql.prepare(`INSERT INTO otp_widgets (id, org_id, name, otp_length, expiry_seconds, resend_cooldown_seconds, max_resends,
    max_sends_per_hour, max_verify_attempts, channels, created_at, updated_at) VALUES (@id, @org_id, @name, @otp_length, @expiry_seconds,
    @resend_cooldown_seconds, @max_resends, @max_sends_per_hour, @max_verify_attempts, @channels, @created_at, @updated_at)`);
  const updateWidget = sql.prepare(`UPDATE otp_widgets SET name = @name, otp_length = @otp_length, expiry_seconds = @expiry_seconds,
    resend_cooldown_seconds = @resend_cooldown_seconds, max_resends = @max_resends, max_sends_per_hour = @max_sends_per_hour,
    max_verify_attempts = @max_verify_attempts, channels = @channels, updated_at = @updated_at WHERE id = @id AND org_id = @org_id`);
  const widgetById = sql.prepare(`SELECT * FROM otp_widgets WHERE org_id = ? AND id = ?`);
  const widgets = sql.prepare(`SELECT * FROM otp_widgets WHERE org_id = ? ORDER BY created_at, rowid`);

  const insertRequest = sql.prepare(`INSERT INTO otp_requests (id, org_id, widget_id, identifier, channel, code_hash, status, attempts, resends,
    sent_at, last_sent_at, expires_at, verified_at, created_at) VALUES (@id, @org_id, @widget_id, @identifier, @channel, @code_hash, @status,
    @attempts, @resends, @sent_at, @last_sent_at, @expires_at, @verified_at, @created_at)`);
  const updateSendFields = sql.prepare(`UPDATE otp_requests SET channel = @channel, code_hash = @code_hash, resends = @resends,
    last_sent_at = @last_sent_at, expires_at = @expires_at WHERE id = @id`);
  const requestById = sql.prepare(`SELECT * FROM otp_requests WHERE org_id = ? AND id = ?`);
  const deleteRequest = sql.prepare(`DELETE FROM otp_requests WHERE id = ?`);
  const setStatus = sql.prepare(`UPDATE otp_requests SET status = @status, verified_at = @verified_at WHERE id = @id AND status = 'sent'`);
  const setAttempts = sql.prepare(`UPDATE otp_requests SET attempts = ? WHERE id = ?`);

  const insertSend = sql.prepare(`INSERT INTO otp_sends (request_id, org_id, identifier, channel, at) VALUES (@request_id, @org_id, @identifier, @channel, @at)`);
  const deleteSend = sql.prepare(`DELETE FROM otp_sends WHERE id = ?`);
  const deleteSendsOf = sql.prepare(`DELETE FROM otp_sends WHERE request_id = ?`);
  const sendsSince = sql.prepare(`SELECT COUNT(*) AS n, MIN(at) AS oldest FROM otp_sends WHERE org_id = ? AND identifier = ? AND at > ?`);

  const insertToken = sql.prepare(`INSERT INTO otp_tokens (jti, org_id, request_id, identifier, verified_at, consumed_at)
    VALUES (@jti, @org_id, @request_id, @identifier, @verified_at, NULL)`);
  const tokenByJti = sql.prepare(`SELECT * FROM otp_tokens WHERE org_id = ? AND jti = ?`);
  const consumeToken = sql.prepare(`UPDATE otp_tokens SET consumed_at = ? WHERE org_id = ? AND jti = ? AND consumed_at IS NULL`);

  const keyOf = sql.prepare(`SELECT secret FROM otp_signing_keys WHERE org_id = ?`);
  const insertKey = sql.prepare(`INSERT OR IGNORE INTO otp_signing_keys (org_id, secret, created_at) VALUES (?, ?, ?)`);

  // What every read reports: a request still `sent` once the clock has passed its expiry is `expired`, whether or
  // not its expiry job has run yet (it runs late, or the clock jumped); the job, a verify or a retry then stores it.
  const statusAt = `CASE WHEN status = 'sent' AND expires_at <= @now THEN 'expired' ELSE status END`;
  const readColumns = `id, org_id, widget_id, identifier, channel, code_hash, ${statusAt} AS status, attempts, resends, sent_at, last_sent_at,
    expires_at, verified_at, created_at`;
  // Filters left out are NULL: one statement each, prepared once.
  const filtered = `WHERE org_id = @orgId AND (@widgetId IS NULL OR widget_id = @widgetId) AND (@statuses IS NULL OR ${statusAt} IN (SELECT value FROM json_each(@statuses)))`;
  const logs = sql.prepare(`SELECT ${readColumns} FROM otp_requests ${filtered} ORDER BY sent_at DESC, rowid DESC LIMIT @limit OFFSET @offset`);
  const countLogs = sql.prepare(`SELECT COUNT(*) AS n FROM otp_requests ${filtered}`).pluck();
  const statusCounts = sql.prepare(`SELECT ${statusAt} AS status, COUNT(*) AS n FROM otp_requests WHERE org_id = @orgId
    AND (@widgetId IS NULL OR widget_id = @widgetId) GROUP BY 1`);
  const channelSends = sql.prepare(`SELECT s.channel, COUNT(*) AS n FROM otp_sends s JOIN otp_requests r ON r.id = s.request_id
    WHERE s.org_id = @orgId AND (@widgetId IS NULL OR r.widget_id = @widgetId) GROUP BY s.channel`);
  const channelVerified = sql.prepare(`SELECT channel, COUNT(*) AS n FROM otp_requests WHERE org_id = @orgId AND status = 'verified'
    AND (@widgetId IS NULL OR widget_id = @widgetId) GROUP BY channel`);

  return {
    insertWidget: (row: OtpWidgetRow) => void insertWidget.run(row),
    updateWidget: (row: OtpWidgetRow) => void updateWidget.run(row),
    widgetById: (orgId: string, id: string) => widgetById.get(orgId, id) as OtpWidgetRow | undefined,
    widgets: (orgId: string) => widgets.all(orgId) as OtpWidgetRow[],

    insertRequest: (row: OtpRequestRow) => void insertRequest.run(row),
    /** Writes a request's send fields: a retry's new code, channel and expiry, or the old ones put back. */
    updateSendFields: (row: OtpRequestRow) => void updateSendFields.run(row),
    requestById: (orgId: string, id: string) => requestById.get(orgId, id) as OtpRequestRow | undefined,
    /** Removes a request that was never sent (its message was refused), with its send row. */
    deleteRequest(id: string) {
      deleteSendsOf.run(id);
      deleteRequest.run(id);
    },
    /** Moves a `sent` request to another status; false when it was no longer `sent`. */
    setStatus: (id: string, status: string, verifiedAt: string | null) => setStatus.run({ id, status, verified_at: verifiedAt }).changes === 1,
    setAttempts: (id: string, attempts: number) => void setAttempts.run(attempts, id),

    insertSend: (row: OtpSendRow) => Number(insertSend.run(row).lastInsertRowid),
    deleteSend: (id: number) => void deleteSend.run(id),
    /** Sends to an identifier after `sinceIso` (exclusive), with the oldest one's time. */
    sendsSince: (orgId: string, identifier: string, sinceIso: string) => sendsSince.get(orgId, identifier, sinceIso) as { n: number; oldest: string | null },

    insertToken: (row: Omit<OtpTokenRow, 'consumed_at'>) => void insertToken.run(row),
    tokenByJti: (orgId: string, jti: string) => tokenByJti.get(orgId, jti) as OtpTokenRow | undefined,
    /** Marks a token used; false when it was already used. */
    consumeToken: (orgId: string, jti: string, at: string) => consumeToken.run(at, orgId, jti).changes === 1,

    signingKey: (orgId: string) => (keyOf.get(orgId) as { secret: string } | undefined)?.secret,
    insertSigningKey: (orgId: string, secret: string, at: string) => void insertKey.run(orgId, secret, at),

    /** A page of requests, each with its status as of `nowIso` (see `statusAt`). */
    logs(orgId: string, filter: OtpLogFilter, nowIso: string, limit: number, offset: number) {
      const params = { orgId, widgetId: filter.widgetId ?? null, statuses: filter.status ? JSON.stringify(filter.status) : null, now: nowIso };
      return { rows: logs.all({ ...params, limit, offset }) as OtpRequestRow[], total: countLogs.get(params) as number };
    },
    /** Requests by status as of `nowIso`, sends by channel, verified requests by channel. */
    analytics(orgId: string, widgetId: string | undefined, nowIso: string) {
      const params = { orgId, widgetId: widgetId ?? null };
      return {
        statuses: statusCounts.all({ ...params, now: nowIso }) as Array<{ status: string; n: number }>,
        sends: channelSends.all(params) as Array<{ channel: string; n: number }>,
        verified: channelVerified.all(params) as Array<{ channel: string; n: number }>,
      };
    },
  };
}
export type OtpStore = ReturnType<typeof createOtpStore>;
