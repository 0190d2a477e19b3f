// Contacts stored before migrations 19, 20 and 33 are found without their accents, lose blank block reasons, and keep their blocks as a person's;
// before migration 52, they are listed in no lifecycle stage, and their organization gets the default stages.
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../kernel/migrate.store.ts';
import { MIGRATIONS } from '../../migrations/index.ts';
import { migratedDb } from '../../testing/migrated-db.ts';
import { createContactsStore } from './contacts.store.ts';

const { db, remove } = migratedDb('contacts-migrations', ['org_a'], { before: 19 });
afterAll(remove);

describe('contacts from before migration 19', () => {
  it('are found by their names without accents, by the start of a field, and keep no blank block reason', () => {
    const insert = db.sql.prepare(`INSERT INTO contacts (id, org_id, name, phone, source, is_blocked, blocked_reason, created_at, updated_at)
      VALUES (?, 'org_a', ?, ?, 'sms', ?, ?, 't', 't')`);
    insert.run('cnt_jose', 'José Muñoz', '+34600000001', 1, '  ');
    insert.run('cnt_elo', 'Élodie Durand', null, 1, 'Spam');
    insert.run('cnt_bob', 'Bob', null, 1, '');
    migrate(db.sql, MIGRATIONS, 't');
    const store = createContactsStore(db.sql);
    const ids = (search: string) => store.listUncached('org_a', search, { page: 1, limit: 10, offset: 0 }).docs.map((doc) => (JSON.parse(doc) as { id: string }).id);
    expect([ids('munoz'), ids('JOSE'), ids('el'), ids('346'), ids('durand')]).toEqual([['cnt_jose'], ['cnt_jose'], ['cnt_elo'], ['cnt_jose'], ['cnt_elo']]);
    const reasons = db.sql.prepare(`SELECT id, blocked_reason FROM contacts ORDER BY rowid`).all();
    expect(reasons).toEqual([{ id: 'cnt_jose', blocked_reason: null }, { id: 'cnt_elo', blocked_reason: 'Spam' }, { id: 'cnt_bob', blocked_reason: null }]);
    db.sql.prepare(`UPDATE contacts SET name = 'Zoë' WHERE id = 'cnt_bob'`).run();
    db.sql.prepare(`DELETE FROM contacts WHERE id = 'cnt_jose'`).run();
    expect([ids('zoe'), ids('bob'), ids('munoz')]).toEqual([['cnt_bob'], [], []]);
  });
});

describe('contacts blocked before migration 33', () => {
  const old = migratedDb('contacts-migration-33', ['org_a'], { before: 33 });
  afterAll(old.remove);
  it('stay blocked by a person: no opt-out channel, so an opt-in keyword does not lift them', () => {
    old.db.sql.prepare(`INSERT INTO contacts (id, org_id, phone, source, is_blocked, blocked_reason, created_at, updated_at)
      VALUES ('cnt_old', 'org_a', '+14155550001', 'sms', 1, 'Replied STOP by phone', 't', 't')`).run();
    migrate(old.db.sql, MIGRATIONS, 't');
    expect(createContactsStore(old.db.sql).byId('org_a', 'cnt_old')).toMatchObject({ is_blocked: 1, blocked_reason: 'Replied STOP by phone', opted_out_on: null });
  });
});

describe('contacts and organizations from before migration 52', () => {
  const old = migratedDb('contacts-migration-52', ['org_a', 'org_b'], { before: 52 });
  afterAll(old.remove);
  it('list their contacts in no stage, give each organization the default stages, and keep the list\'s JSON in step with the stage', () => {
    old.db.sql.prepare(`INSERT INTO contacts (id, org_id, name, source, created_at, updated_at) VALUES ('cnt_old', 'org_a', 'Old', 'sms', 't', 't')`).run();
    migrate(old.db.sql, MIGRATIONS, 't');
    const store = createContactsStore(old.db.sql);
    expect(JSON.parse(store.docOf('org_a', 'cnt_old') as string)).toMatchObject({ id: 'cnt_old', name: 'Old', lifecycleStageId: null });
    const stages = old.db.sql.prepare(`SELECT org_id, name, position FROM lifecycle_stages ORDER BY org_id, position`).all() as Array<{ org_id: string; name: string }>;
    const names = ['Subscriber', 'Lead', 'Qualified', 'Customer', 'Churned'];
    expect(stages.map((s) => `${s.org_id} ${s.name}`)).toEqual([...names.map((n) => `org_a ${n}`), ...names.map((n) => `org_b ${n}`)]);
    store.setStage('org_a', 'cnt_old', 'stage_x', 't2');
    expect(JSON.parse(store.listUncached('org_a', undefined, { page: 1, limit: 10, offset: 0 }).docs[0] as string)).toMatchObject({ lifecycleStageId: 'stage_x', updatedAt: 't2' });
  });
});
