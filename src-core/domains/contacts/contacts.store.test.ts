// The contacts store's queries use indexes: the trigram index for search, the org index for lists.
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDb } from '../../testing/migrated-db.ts';
import { toContact } from './contacts.service.ts';
import { createContactsStore, LIST_NEWEST_SQL, normalizeTerm, type ContactRow } from './contacts.store.ts';

const { db, file, remove } = migratedDb('contacts-store', ['org_a']);
const store = createContactsStore(db.sql);
afterAll(remove);

function plan(search: string | undefined, from = store): string {
  const captured: string[] = [];
  const original = db.sql.prepare.bind(db.sql);
  const spy = db.sql as unknown as { prepare: (source: string) => unknown };
  spy.prepare = (source: string) => {
    if (source.startsWith('SELECT c.doc') || source.startsWith('SELECT * FROM contacts WHERE org_id')) captured.push(source);
    return original(source);
  };
  try {
    from.list('org_a', search, { page: 1, limit: 10, offset: 0 });
  } finally {
    spy.prepare = original;
  }
  return captured.join('\n');
}

describe('contacts store', () => {
  it('normalizes phone-like terms to digits and other terms to lower case', () => {
    expect(normalizeTerm('+1 (415) 555-0101')).toBe('14155550101');
    expect(normalizeTerm('Alice')).toBe('alice');
    expect(normalizeTerm('+-')).toBe('+-');
  });
  it('searches through the trigram index, not a scan of contacts', () => {
    const query = plan('alice');
    expect(query).toContain('MATCH');
    const rows = db.sql.prepare(`EXPLAIN QUERY PLAN ${query}`).all({ orgId: 'org_a', match: '"alice"', limit: 10, offset: 0 }) as Array<{ detail: string }>;
    const details = rows.map((r) => r.detail).join(' | ');
    expect(details).toMatch(/VIRTUAL TABLE INDEX/);
    expect(details).not.toMatch(/SCAN c\b/);
  });
  it('searches 1–2 character terms through the trigram index too, as the start of a field, ignoring case and accents', () => {
    const query = plan('é', createContactsStore(db.sql));
    expect(query).toContain('MATCH');
    const rows = db.sql.prepare(`EXPLAIN QUERY PLAN ${query}`).all({ orgId: 'org_a', match: '"\u0001\u0001e"', limit: 10, offset: 0 }) as Array<{ detail: string }>;
    const details = rows.map((r) => r.detail).join(' | ');
    expect(details).toMatch(/VIRTUAL TABLE INDEX/);
    expect(details).not.toMatch(/SCAN c\b/);
    store.insert({ id: 'cnt_elo', org_id: 'org_a', username: 'elo.d', name: 'Élodie Muñoz', email: null, phone: '+4915112345678', profile_pic: null, source: 'x', tags: [], created_at: 't', updated_at: 't' });
    const found = (search: string) => store.list('org_a', search, { page: 1, limit: 10, offset: 0 }).docs.length;
    expect([found('e'), found('EL'), found('él'), found('4'), found('49'), found('mu'), found('lo'), found('15')]).toEqual([1, 1, 1, 1, 1, 0, 0, 0]);
    db.sql.prepare(`DELETE FROM contacts WHERE id = 'cnt_elo'`).run();
  });
  it('corrects a search with the words of contacts added since its first correction, here or by another process', async () => {
    const page = { page: 1, limit: 10, offset: 0 };
    const add = (id: string, name: string) => store.insert({ id, org_id: 'org_a', username: null, name, email: null, phone: null, profile_pic: null, source: 'x', tags: [], created_at: 't', updated_at: 't' });
    add('cnt_quill', 'Bartholomew Quill');
    expect(store.list('org_a', 'bartholomwe', page, { fuzzy: true })).toMatchObject({ total: 1, fuzzy: true });
    expect(store.list('org_a', 'bartholomwe', page)).toMatchObject({ total: 0 });
    add('cnt_fennimore', 'Fennimore Cask');
    expect(store.list('org_a', 'fenimore', page, { fuzzy: true })).toMatchObject({ total: 1, fuzzy: true });
    const other = new Database(file);
    other.prepare(`INSERT INTO contacts (id, org_id, name, source, created_at, updated_at) VALUES ('cnt_other', 'org_a', 'Ottoline Brisk', 'x', 't', 't')`).run();
    other.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.list('org_a', 'ottolien', page, { fuzzy: true })).toMatchObject({ total: 1, fuzzy: true });
    db.sql.prepare(`DELETE FROM contacts WHERE id IN ('cnt_quill', 'cnt_fennimore', 'cnt_other')`).run();
  });
  it('never stores a tag twice, whoever inserts or replaces the tags', () => {
    const inserted = store.insert({ id: 'cnt_tags', org_id: 'org_a', username: null, name: 'Tagged', email: null, phone: null, profile_pic: null, source: 'x', tags: ['vip', 'vip', 'lead'], created_at: 't', updated_at: 't' });
    const tagsOf = () => JSON.parse((db.sql.prepare(`SELECT tags FROM contacts WHERE id = 'cnt_tags'`).get() as { tags: string }).tags) as string[];
    expect(JSON.parse(inserted.tags)).toEqual(['vip', 'lead']);
    expect(tagsOf()).toEqual(['vip', 'lead']);
    store.setTags('org_a', 'cnt_tags', ['lead', 'lead', 'vip'], 't');
    expect(tagsOf()).toEqual(['lead', 'vip']);
    db.sql.prepare(`DELETE FROM contacts WHERE id = 'cnt_tags'`).run();
  });
  it('serves each contact as JSON equal to the service\'s Contact', () => {
    db.sql.prepare(`INSERT INTO contacts (id, org_id, username, name, email, phone, source, tags, is_blocked, blocked_reason, blocked_at, created_at, updated_at)
      VALUES ('cnt_doc', 'org_a', 'u"q', 'Zoë "Z"', 'z@x.io', '+1555', 'sms', '["vip","a\\"b"]', 1, 'spam ✓', 't1', 't0', 't2')`).run();
    const row = db.sql.prepare(`SELECT * FROM contacts WHERE id = 'cnt_doc'`).get() as ContactRow;
    expect(JSON.parse(store.docOf('org_a', 'cnt_doc') as string)).toEqual(toContact(row));
    db.sql.prepare(`DELETE FROM contacts WHERE id = 'cnt_doc'`).run();
  });
  it('serves repeated pages from its cache until a contact changes here or in another process (seen from the next turn)', async () => {
    const page = { page: 1, limit: 50, offset: 0 };
    const before = store.list('org_a', undefined, page).total;
    expect(store.list('org_a', undefined, page)).toBe(store.list('org_a', undefined, page));
    store.insert({ id: 'cnt_here', org_id: 'org_a', username: null, name: 'Here', email: null, phone: null, profile_pic: null, source: 'x', tags: [], created_at: 't', updated_at: 't' });
    expect(store.list('org_a', undefined, page).total).toBe(before + 1);
    const other = new Database(file);
    other.prepare(`INSERT INTO contacts (id, org_id, source, created_at, updated_at) VALUES ('cnt_elsewhere', 'org_a', 'cli', 't', 't')`).run();
    other.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.list('org_a', undefined, page).total).toBe(before + 2);
    db.sql.prepare(`DELETE FROM contacts WHERE id IN ('cnt_here', 'cnt_elsewhere')`).run();
  });
  it('looks contacts up by phone, email and username through partial indexes, case-insensitively for the last two', () => {
    const sources: string[] = [];
    const spy = db.sql as unknown as { prepare: (source: string) => unknown };
    const original = db.sql.prepare.bind(db.sql);
    spy.prepare = (source: string) => {
      sources.push(source);
      return original(source);
    };
    const fresh = (() => {
      try {
        return createContactsStore(db.sql);
      } finally {
        spy.prepare = original;
      }
    })();
    for (const column of ['phone', 'email', 'username']) {
      const lookup = sources.find((source) => source.startsWith(`SELECT * FROM contacts WHERE org_id = ? AND ${column} = ?`)) as string;
      const plan = (db.sql.prepare(`EXPLAIN QUERY PLAN ${lookup}`).all('org_a', 'x') as Array<{ detail: string }>).map((r) => r.detail);
      expect(plan).toEqual([`SEARCH contacts USING INDEX contacts_org_${column} (org_id=? AND ${column}=?)`]);
      const index = db.sql.prepare(`SELECT sql FROM sqlite_master WHERE name = ?`).pluck().get(`contacts_org_${column}`) as string;
      expect(index).toContain(`WHERE ${column} IS NOT NULL`);
    }
    fresh.insert({ id: 'cnt_look', org_id: 'org_a', username: 'Priya.K', name: null, email: 'priya@example.com', phone: '+919800000001', profile_pic: null, source: 'x', tags: [], created_at: 't', updated_at: 't' });
    expect(fresh.byPhone('org_a', '+919800000001')?.id).toBe('cnt_look');
    expect(fresh.byEmail('org_a', 'PRIYA@example.com')?.id).toBe('cnt_look');
    expect(fresh.byUsername('org_a', 'priya.k')?.id).toBe('cnt_look');
    db.sql.prepare(`DELETE FROM contacts WHERE id = 'cnt_look'`).run();
  });
  it('lists newest first in index order (no sort), and reads the total from the counter', () => {
    const rows = db.sql.prepare(`EXPLAIN QUERY PLAN ${LIST_NEWEST_SQL}`).all({ orgId: 'org_a', limit: 10, offset: 0 }) as Array<{ detail: string }>;
    const details = rows.map((r) => r.detail).join(' | ');
    expect(details).toContain('USING INDEX contacts_org ');
    expect(details).not.toContain('TEMP B-TREE');
    db.sql.prepare(`INSERT INTO contacts (id, org_id, source, created_at, updated_at) VALUES ('cnt_1', 'org_a', 'x', 't', 't'), ('cnt_2', 'org_a', 'x', 't', 't')`).run();
    db.sql.prepare(`DELETE FROM contacts WHERE id = 'cnt_1'`).run();
    expect(store.list('org_a', undefined, { page: 1, limit: 10, offset: 0 }).total).toBe(1);
  });
  it('gives another store a condition on its column of contact ids: a contact the search matches, looked up by its id, the index read once', () => {
    store.insert({ id: 'cnt_cond', org_id: 'org_a', username: 'meera.k', name: 'Meera Kapoor', email: null, phone: '+919800000077', profile_pic: null, source: 'x', tags: [], created_at: 't', updated_at: 't' });
    /** The ids among `ids` whose contact matches `search`, as a host statement filtering its own column by the condition. */
    const held = (search: string, ids: string[]) => {
      const condition = store.matching('org_a', search);
      if (!condition) return null;
      // The host's own parameter names beside the condition's, which must not clash.
      return db.sql.prepare(`SELECT value FROM json_each(@ids) host WHERE ${condition.on('host.value')} ORDER BY value`).pluck().all({ ...condition.params, ids: JSON.stringify(ids) });
    };
    const ids = ['cnt_cond', 'cnt_none'];
    expect(held('meera', ids)).toEqual(['cnt_cond']);
    expect(held('MEERA kapoor', ids)).toEqual(['cnt_cond']);
    expect(held('me', ids)).toEqual(['cnt_cond']); // a short term: the start of a field
    expect(held('kapoor 77', ids)).toEqual(['cnt_cond']); // a short term beside a longer one: anywhere, as typed
    expect(held('kapoor 78', ids)).toEqual([]);
    expect(held('meera', ['cnt_none'])).toEqual([]);
    expect(held('meeera', ids)).toEqual([]); // never corrected
    expect(held('   ', ids)).toBeNull();
    const condition = store.matching('org_a', 'meera');
    const rows = db.sql.prepare(`EXPLAIN QUERY PLAN SELECT value FROM json_each(@ids) host WHERE ${condition?.on('host.value') ?? ''}`)
      .all({ ...condition?.params, ids: '[]' }) as Array<{ detail: string }>;
    const details = rows.map((r) => r.detail).join(' | ');
    expect(details).toMatch(/SEARCH c (EXISTS )?USING INDEX sqlite_autoindex_contacts_1 \(id=\?\)/);
    expect(details).toMatch(/LIST SUBQUERY/);
    expect(details).toMatch(/VIRTUAL TABLE INDEX/);
    expect(details).not.toMatch(/SCAN c\b/);
    db.sql.prepare(`DELETE FROM contacts WHERE id = 'cnt_cond'`).run();
  });
});
