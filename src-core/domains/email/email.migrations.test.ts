// Email contacts stored before migration 25 with an empty or blank name read it as no name (null).
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../kernel/migrate.store.ts';
import { MIGRATIONS } from '../../migrations/index.ts';
import { migratedDb } from '../../testing/migrated-db.ts';

const { db, remove } = migratedDb('email-migrations', ['org_a'], { before: 25 });
afterAll(remove);

describe('email contacts from before migration 25', () => {
  it('keep no empty or blank first or last name', () => {
    const insert = db.sql.prepare(`INSERT INTO email_contacts (id, org_id, email, first_name, last_name, created_at) VALUES (?, 'org_a', ?, ?, ?, 't')`);
    insert.run('ec_blank', 'blank@example.org', '', ' \t ');
    insert.run('ec_named', 'ann@example.org', 'Ann', 'Lee');
    insert.run('ec_half', 'bo@example.org', 'Bo', '');
    insert.run('ec_none', 'none@example.org', null, null);
    migrate(db.sql, MIGRATIONS, 't');
    expect(db.sql.prepare(`SELECT id, first_name, last_name FROM email_contacts ORDER BY rowid`).all()).toEqual([
      { id: 'ec_blank', first_name: null, last_name: null }, { id: 'ec_named', first_name: 'Ann', last_name: 'Lee' },
      { id: 'ec_half', first_name: 'Bo', last_name: null }, { id: 'ec_none', first_name: null, last_name: null },
    ]);
  });
});
