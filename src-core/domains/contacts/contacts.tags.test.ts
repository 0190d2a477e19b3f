// A segment's tags select contacts in SQL by the contract's own tag key (`tag_key`, registered by the contacts store): the same key as
// JavaScript's, and matching tags an earlier build stored unnormalized (NFD, a zero-width space, a final sigma).
import { afterAll, describe, expect, it } from 'vitest';
import { tagKey } from '../../contract/contacts.ts';
import { migratedDb } from '../../testing/migrated-db.ts';
import { createContactsStore } from './contacts.store.ts';

const { db, remove } = migratedDb('contacts-tags', ['org_a']);
const store = createContactsStore(db.sql);
afterAll(() => remove());

describe('tags in SQL', () => {
  it('are keyed by the very same function as in JavaScript', () => {
    const key = db.sql.prepare('SELECT tag_key(?)').pluck();
    for (const tag of ['été', 'e\u0301te\u0301', 'STRAẞE', 'ΟΔΟΣ', 'ς', 'v\u200Bip', 'ＶＩＰ', 'İstanbul', 'IŞIK', '\u212A', ' big\u00A0 spender ']) {
      expect(key.get(tag), tag).toBe(tagKey(tag));
    }
  });

  it('select the contacts a segment names, whatever spelling either was stored in', () => {
    const insert = db.sql.prepare(`INSERT INTO contacts (id, org_id, phone, source, tags, created_at, updated_at) VALUES (?, 'org_a', ?, 'test', ?, 't', 't')`);
    insert.run('c_nfd', '919800000001', JSON.stringify(['e\u0301te\u0301']));
    insert.run('c_zw', '919800000002', JSON.stringify(['v\u200Bip']));
    insert.run('c_sigma', '919800000003', JSON.stringify(['οδοσ']));
    insert.run('c_sharp', '919800000004', JSON.stringify(['straße']));
    insert.run('c_turkish', '919800000005', JSON.stringify(['İstanbul']));
    const ids = (tags: string[]) => store.phones('org_a', tags).map((c) => c.id);
    expect(ids(['ÉTÉ'])).toEqual(['c_nfd']);
    expect(ids(['ＶＩＰ'])).toEqual(['c_zw']);
    expect(ids(['ΟΔΟΣ'])).toEqual(['c_sigma']);
    expect(ids(['STRASSE'])).toEqual(['c_sharp']);
    expect(ids(['İSTANBUL'])).toEqual(['c_turkish']);
    expect(ids(['istanbul'])).toEqual([]);
  });
});
