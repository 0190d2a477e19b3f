// The request log keeps 30 days on the virtual clock, and drains a large backlog a chunk per flush.
import { afterEach, describe, expect, it } from 'vitest';
import { createClock } from './clock.ts';
import { newId } from './ids.ts';
import { createRequestLog, REQUEST_LOG_KEEP_MS } from './request-log.ts';
import { migratedDb } from '../testing/migrated-db.ts';

const DAY_MS = 24 * 60 * 60_000;
const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function setup() {
  const { db, remove } = migratedDb('request-log', ['org_a']);
  cleanups.push(remove);
  const clock = createClock({ kind: 'manual', startMs: Date.parse('2026-01-01T00:00:00.000Z') });
  const log = createRequestLog({ db, clock });
  /** Logs a request at the clock's time, or `agoMs` before it. */
  const record = (endpoint: string, agoMs = 0) => log.record({
    id: newId('req'), orgId: 'org_a', keyId: null, method: 'GET', endpoint, query: null, statusCode: 200, sourceIp: '::1', durationMs: 1,
    at: new Date(clock.now() + agoMs).toISOString(), errorCode: null, errorMessage: null, requestBody: null, responseBody: null,
  });
  const endpoints = () => log.list('org_a', {}, 200, 0).rows.map((row) => row.endpoint);
  const total = () => log.list('org_a', {}, 1, 0).total;
  /** The entries the table still holds, listed or not. */
  const stored = () => (db.sql.prepare('SELECT COUNT(*) AS n FROM request_log').get() as { n: number }).n;
  const advance = (ms: number) => clock.setTo(clock.now() + ms);
  return { advance, log, record, endpoints, total, stored };
}

describe('request log retention', () => {
  it('keeps entries for 30 days on the virtual clock, then removes them', () => {
    const { advance, record, endpoints } = setup();
    record('/v1/first');
    record('/v1/second');
    advance(29 * DAY_MS);
    record('/v1/day-29');
    expect(endpoints()).toEqual(['/v1/day-29', '/v1/second', '/v1/first']);
    advance(REQUEST_LOG_KEEP_MS - 29 * DAY_MS + 1);
    record('/v1/day-30');
    expect(endpoints()).toEqual(['/v1/day-30', '/v1/day-29']);
  });

  it('lists only the last 30 days at once after the clock jumps past them, before anything is logged or removed', () => {
    const { advance, log, record, endpoints, total, stored } = setup();
    record('/v1/old');
    log.flush();
    const old = log.list('org_a', {}, 1, 0).rows[0]?.id as string;
    advance(REQUEST_LOG_KEEP_MS + 1);
    expect([endpoints(), total()]).toEqual([[], 0]);
    // Still in the table until a flush removes it, but not found as a page's anchor either.
    expect(stored()).toBe(1);
    expect(() => log.list('org_a', { upTo: old }, 10, 0)).toThrow('not found (entries are kept for 30 days)');
  });

  it('drains a backlog 5,000 entries a flush, then looks again only a minute later', () => {
    const { advance, log, record, endpoints, stored } = setup();
    for (let i = 0; i < 12_000; i++) record('/v1/old');
    log.flush();
    advance(REQUEST_LOG_KEEP_MS + 1);
    const totals: number[] = [];
    for (let flush = 0; flush < 4; flush++) {
      record('/v1/new');
      log.flush();
      totals.push(stored());
    }
    // Each flush adds one entry; the first three remove 5,000, 5,000 and the last 2,000 old ones.
    expect(totals).toEqual([7_001, 2_002, 3, 4]);
    // The last look found less than a chunk: an entry that is already old waits for the next minute.
    record('/v1/late', -REQUEST_LOG_KEEP_MS - 1);
    log.flush();
    expect(stored()).toBe(5);
    advance(60_000);
    log.flush();
    record('/v1/after-a-minute');
    log.flush();
    expect(endpoints().filter((endpoint) => endpoint !== '/v1/new')).toEqual(['/v1/after-a-minute']);
  });
});
