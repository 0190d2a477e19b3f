// Contacts of Instagram customers stored before migration 62 take the handle the platform knows for their IGSID.
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../kernel/migrate.store.ts';
import { MIGRATIONS } from '../../migrations/index.ts';
import { migratedDb } from '../../testing/migrated-db.ts';
import { createContactsStore } from '../contacts/contacts.store.ts';

const { db, remove } = migratedDb('instagram-migration-62', ['org_a', 'org_b'], { before: 62 });
afterAll(remove);

describe('Instagram contacts from before migration 62', () => {
  it('take the known handle in place of their IGSID (a name where they have none), never a username a person set or one another contact holds', () => {
    const contact = db.sql.prepare(`INSERT INTO contacts (id, org_id, name, username, source, created_at, updated_at) VALUES (?, ?, ?, ?, 'instagram', 't', 't')`);
    contact.run('cnt_maya', 'org_a', 'Maya Fernandes', '6234817790112233');
    contact.run('cnt_jonas', 'org_a', null, '7109923456781234');
    contact.run('cnt_set', 'org_a', 'Priya', 'priya.official');
    contact.run('cnt_unknown', 'org_a', null, '5587120934412290');
    contact.run('cnt_taken', 'org_a', null, '6690012384756120');
    contact.run('cnt_leo', 'org_a', 'Leo by hand', 'Leo_Travels');
    contact.run('cnt_other_org', 'org_b', null, '6234817790112233');
    const sender = db.sql.prepare(`INSERT INTO instagram_senders (org_id, igsid, username, name, updated_at) VALUES ('org_a', ?, ?, ?, 't')`);
    sender.run('6234817790112233', 'maya.designs', 'Maya F.');
    sender.run('7109923456781234', 'the_urban_runner', 'Jonas Weber');
    sender.run('priya.official', 'priya.bakes', null);
    sender.run('6690012384756120', 'leo_travels', null);
    migrate(db.sql, MIGRATIONS, 't');
    const store = createContactsStore(db.sql);
    const shown = (orgId: string, id: string) => JSON.parse(store.docOf(orgId, id) as string) as { name: string | null; username: string | null };
    expect(['cnt_maya', 'cnt_jonas', 'cnt_set', 'cnt_unknown', 'cnt_taken'].map((id) => shown('org_a', id))).toMatchObject([
      { name: 'Maya Fernandes', username: 'maya.designs' }, { name: 'Jonas Weber', username: 'the_urban_runner' },
      { name: 'Priya', username: 'priya.official' }, { name: null, username: '5587120934412290' }, { name: null, username: '6690012384756120' },
    ]);
    expect(shown('org_b', 'cnt_other_org')).toMatchObject({ username: '6234817790112233' });
    // The search index follows: the handle finds the contact.
    expect(store.listUncached('org_a', 'maya.designs', { page: 1, limit: 10, offset: 0 }).docs.map((doc) => (JSON.parse(doc) as { id: string }).id)).toEqual(['cnt_maya']);
  });
});
