// One execution per trigger occurrence: an event the bus delivers again (at least once, after a crash) makes none more;
// a rerun of it is a new one.
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDb } from '../../testing/migrated-db.ts';
import { createAutomationsStore } from './automations.store.ts';

const { db, remove } = migratedDb('automations-store', ['org_a']);
afterAll(remove);

describe('executions', () => {
  it('are made once per automation and event; a rerun of the same event is another', () => {
    const store = createAutomationsStore(db.sql);
    const at = '2026-01-15T09:00:00.000Z';
    store.insert({
      id: 'aut_1', org_id: 'org_a', name: 'A', description: null, status: 'active', trigger_type: 'contact.created', trigger_config: '{}',
      steps: '[]', activated_at: at, created_at: at, updated_at: at,
    });
    const execution = { org_id: 'org_a', automation_id: 'aut_1', status: 'running', trigger_event_id: 'evt_1', trigger: '{}', steps: '[]', rerun_of: null, started_at: at };
    expect(store.insertExecution({ ...execution, id: 'aex_1' })).toBe(true);
    expect(store.insertExecution({ ...execution, id: 'aex_2' })).toBe(false);
    expect(store.insertExecution({ ...execution, id: 'aex_3', rerun_of: 'aex_1' })).toBe(true);
    expect(store.insertExecution({ ...execution, id: 'aex_4', trigger_event_id: 'evt_2' })).toBe(true);
    expect(store.executions('aut_1', undefined, 10, 0).total).toBe(3);
    // Deleting the automation deletes its executions.
    store.remove('aut_1');
    expect(store.execution('aex_1')).toBeUndefined();
  });
});
