// SQL of the per-key request log, written in batches off the hot path.
import type { RequestLogDetail, RequestLogEntry } from '../contract/api-keys.ts';
import type { Sql } from './db.ts';
import { containsPattern, statementCache } from './statements.store.ts';

/** An entry as recorded: its organization, and a failed request's bodies (request-log-bodies.ts; null otherwise). */
export type RequestLogRecord = RequestLogEntry & { orgId: string | null } & Pick<RequestLogDetail, 'requestBody' | 'responseBody'>;
type Row = {
  id: string; key_id: string | null; method: string; endpoint: string; query: string | null; status_code: number; source_ip: string;
  duration_ms: number; at: string; error_code: string | null; error_message: string | null; request_body: string | null; response_body: string | null;
};

const LIST_COLUMNS = 'id, key_id, method, endpoint, query, status_code, source_ip, duration_ms, at, error_code, error_message';

/** A request a key's rate limit counted, as logged: when its answer went, and how long (real ms) it took. */
export type CountedRequest = { keyId: string; clientIp: string; at: string; durationMs: number };
/** A status code (`min` = `max`) or a class (`4xx`: 400 to 499). */
export type StatusRange = { min: number; max: number };
/** Where a reader paging back through the log stopped: one entry's time and its place among entries of that millisecond. */
export type LogAnchor = { at: string; seq: number };
export type RequestLogFilter = {
  keyId?: string | undefined; status?: StatusRange | undefined; path?: string | undefined; code?: string | undefined;
  /** Only this entry and those logged before it. */
  upTo?: LogAnchor | undefined;
  /** Only entries logged at or after this time (the kept window: older ones are on their way out). */
  since?: string | undefined;
};

export function createRequestLogStore(sql: Sql) {
  const prepare = statementCache(sql);
  const insert = sql.prepare(`INSERT INTO request_log (id, org_id, key_id, method, endpoint, query, status_code, source_ip, duration_ms, at, error_code,
      error_message, request_body, response_body)
    VALUES (@id, @orgId, @keyId, @method, @endpoint, @query, @statusCode, @sourceIp, @durationMs, @at, @errorCode, @errorMessage, @requestBody, @responseBody)`);
  const byId = sql.prepare(`SELECT * FROM request_log WHERE org_id = ? AND id = ? LIMIT 1`);
  // Oldest first by rowid (entries are appended as the clock moves forward), so only one chunk is read.
  const removeOldest = sql.prepare(`DELETE FROM request_log WHERE rowid IN (SELECT rowid FROM request_log ORDER BY rowid LIMIT ?) AND at < ?`);
  // Newest first through the (org_id, at) index: the entry a reader anchors on is near the top, so the walk is short.
  const anchorOf = sql.prepare(`SELECT at, rowid AS seq FROM request_log WHERE org_id = ? AND id = ? ORDER BY at DESC, rowid DESC LIMIT 1`);
  const countedSince = sql.prepare(`SELECT key_id AS keyId, source_ip AS clientIp, at, duration_ms AS durationMs FROM request_log
    WHERE key_id IN (SELECT id FROM api_keys) AND at > ? AND (error_code IS NULL OR error_code NOT IN ('RATE_LIMITED', 'IP_NOT_ALLOWED'))
    ORDER BY at, rowid`);
  const touchKey = sql.prepare(`UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)`);
  const insertMany = sql.transaction((records: RequestLogRecord[]) => {
    const lastUse = new Map<string, string>();
    for (const record of records) {
      insert.run(record);
      if (record.keyId) lastUse.set(record.keyId, record.at);
    }
    for (const [keyId, at] of lastUse) touchKey.run(at, keyId, at);
  });
  const toEntry = (row: Row): RequestLogEntry => ({
    id: row.id, keyId: row.key_id, method: row.method, endpoint: row.endpoint, query: row.query, statusCode: row.status_code,
    sourceIp: row.source_ip, durationMs: row.duration_ms, at: row.at, errorCode: row.error_code, errorMessage: row.error_message,
  });
  return {
    insertMany: (records: RequestLogRecord[]) => insertMany(records),
    /** One entry with the bodies kept of it (a failed request's). */
    detail(orgId: string, id: string): RequestLogDetail | undefined {
      const row = byId.get(orgId, id) as Row | undefined;
      return row && { ...toEntry(row), requestBody: row.request_body, responseBody: row.response_body };
    },
    /** Removes entries before `beforeIso` among the `limit` oldest; answers how many went. */
    removeOldest: (beforeIso: string, limit: number): number => removeOldest.run(limit, beforeIso).changes,
    anchorOf: (orgId: string, id: string): LogAnchor | undefined => anchorOf.get(orgId, id) as LogAnchor | undefined,
    /**
     * The requests a key's rate limit counted that were logged after `sinceIso`, oldest first: every entry of a key
     * but those refused before or by the limit (an IP outside the allow-list, the limit itself). Through the (key_id, at) index.
     */
    countedSince: (sinceIso: string): CountedRequest[] => countedSince.all(sinceIso) as CountedRequest[],
    list(orgId: string, filter: RequestLogFilter, limit: number, offset: number): { rows: RequestLogEntry[]; total: number } {
      const where = ['org_id = @orgId'];
      if (filter.keyId) where.push('key_id = @keyId');
      if (filter.status) where.push('status_code BETWEEN @statusMin AND @statusMax');
      if (filter.path) where.push(`endpoint LIKE @path ESCAPE '\\'`);
      if (filter.code) where.push('error_code = @code');
      // The same order as the list (at, then rowid): entries of the anchor's millisecond logged after it stay out.
      if (filter.upTo) where.push('at <= @upToAt AND NOT (at = @upToAt AND rowid > @upToSeq)');
      if (filter.since) where.push('at >= @since');
      const params = {
        orgId, keyId: filter.keyId, statusMin: filter.status?.min, statusMax: filter.status?.max, code: filter.code,
        path: filter.path ? containsPattern(filter.path) : undefined, upToAt: filter.upTo?.at, upToSeq: filter.upTo?.seq, since: filter.since, limit, offset,
      };
      const clause = where.join(' AND ');
      // Without the bodies (a failed request's, up to 16 KB): the list never shows them, the detail reads them.
      const rows = prepare(`SELECT ${LIST_COLUMNS} FROM request_log WHERE ${clause} ORDER BY at DESC, rowid DESC LIMIT @limit OFFSET @offset`).all(params) as Row[];
      const total = (prepare(`SELECT COUNT(*) AS n FROM request_log WHERE ${clause}`).get(params) as { n: number }).n;
      return { rows: rows.map(toEntry), total };
    },
  };
}
