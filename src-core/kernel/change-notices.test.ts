// changeNotices: published after commit only, once per organization per turn of the event loop.
import { describe, expect, it } from 'vitest';
import { changeNotices } from './change-notices.ts';
import { openDb } from './db.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('changeNotices', () => {
  it('gathers the changes of a turn into one event per organization, and publishes nothing for a rolled-back change', async () => {
    const db = openDb(':memory:');
    const published: Array<{ orgId: string | null; type: string; data: unknown }> = [];
    const changed = changeNotices({ db, bus: { publishTransient: (orgId, type, data) => published.push({ orgId, type, data }) } }, 'automations.changed', 'automationIds');
    db.tx(() => {
      changed('org_a', 'aut_1');
      changed('org_a', 'aut_1');
      changed('org_b', 'aut_9');
    });
    db.tx(() => changed('org_a', 'aut_2'));
    expect(() => db.tx(() => {
      changed('org_a', 'aut_lost');
      throw new Error('rolled back');
    })).toThrow('rolled back');
    expect(published).toEqual([]);
    await turn();
    expect(published).toEqual([
      { orgId: 'org_a', type: 'automations.changed', data: { automationIds: ['aut_1', 'aut_2'] } },
      { orgId: 'org_b', type: 'automations.changed', data: { automationIds: ['aut_9'] } },
    ]);
    changed('org_a', 'aut_3');
    await turn();
    expect(published.slice(2)).toEqual([{ orgId: 'org_a', type: 'automations.changed', data: { automationIds: ['aut_3'] } }]);
    db.close();
  });
});
