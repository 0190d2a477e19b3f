// The dispatch's pieces: the "next recipients" query seeks by (campaign, state) instead of walking every
// recipient, the launch's blocked recipients are found by address, and slices follow their time budget.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../kernel/migrate.store.ts';
import { MIGRATIONS } from '../../migrations/index.ts';
import { nextSlice } from './campaigns.service.ts';
import { FAIL_BLOCKED_SQL, IN_STATE_SQL } from './campaigns.store.ts';

describe('campaigns store', () => {
  it('finds the next recipients in a state through the (campaign, state, seq) index, already in seq order', () => {
    const sql = new Database(':memory:');
    migrate(sql, MIGRATIONS, 't');
    const plan = (sql.prepare(`EXPLAIN QUERY PLAN ${IN_STATE_SQL}`).all('cmp_1', 'pending', 10) as Array<{ detail: string }>).map((row) => row.detail);
    expect(plan).toEqual(['SEARCH campaign_recipients USING INDEX campaign_recipients_state (campaign_id=? AND state=?)']);
    sql.close();
  });

  it('fails a launch\'s blocked recipients by probing the address index once per blocked address, never by walking every recipient', () => {
    const sql = new Database(':memory:');
    migrate(sql, MIGRATIONS, 't');
    const plan = (sql.prepare(`EXPLAIN QUERY PLAN ${FAIL_BLOCKED_SQL}`).all({ refused: '[]', campaignId: 'cmp_1' }) as Array<{ detail: string }>).map((row) => row.detail);
    expect(plan).toEqual(['SCAN json_each VIRTUAL TABLE INDEX 1:', 'SEARCH campaign_recipients USING INDEX campaign_recipients_address (address=? AND campaign_id=?)']);
    sql.close();
  });

  it('sizes the next slice by the time the last one took, within bounds', () => {
    expect(nextSlice(10, 3)).toBe(40);
    expect(nextSlice(100, 24)).toBe(50);
    expect(nextSlice(10, 0)).toBe(200);
    expect(nextSlice(50, 1000)).toBe(5);
  });
});
