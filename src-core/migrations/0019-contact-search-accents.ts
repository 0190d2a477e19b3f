// Contact search ignores accents ("jose" finds "José", "munoz" finds "Muñoz"), through the index alone.
// The trigram index is rebuilt with `remove_diacritics 1`, so indexed text and searched text are folded
// alike by SQLite (lower case, accents off). Each indexed field now starts with two U+0001 marks: a term
// of 1 or 2 characters, searched as the start of a field, becomes the 3-character phrase "\x01\x01b" or
// "\x01jo", which the trigram index answers (it cannot match fewer than 3 characters), so short searches
// are folded the same way and no longer scan the contacts.
import type { Migration } from '../kernel/migrate.store.ts';

const fields = (row: 'new' | 'contacts') => `char(1, 1) || ${row}.name, char(1, 1) || ${row}.username, char(1, 1) || ${row}.email,
    char(1, 1) || nullif(replace(replace(replace(replace(coalesce(${row}.phone, ''), '+', ''), ' ', ''), '-', ''), '.', ''), '')`;

export const contactSearchAccentsMigration: Migration = {
  id: 19,
  name: 'contact-search-accents',
  sql: `
DROP TRIGGER contacts_fts_insert;
DROP TRIGGER contacts_fts_delete;
DROP TRIGGER contacts_fts_update;
DROP TABLE contacts_fts;
CREATE VIRTUAL TABLE contacts_fts USING fts5(
  name, username, email, phone_digits,
  content='', contentless_delete=1, tokenize='trigram remove_diacritics 1'
);
INSERT INTO contacts_fts(rowid, name, username, email, phone_digits) SELECT rowid, ${fields('contacts')} FROM contacts;
CREATE TRIGGER contacts_fts_insert AFTER INSERT ON contacts BEGIN
  INSERT INTO contacts_fts(rowid, name, username, email, phone_digits) VALUES (new.rowid, ${fields('new')});
END;
CREATE TRIGGER contacts_fts_delete AFTER DELETE ON contacts BEGIN
  DELETE FROM contacts_fts WHERE rowid = old.rowid;
END;
CREATE TRIGGER contacts_fts_update AFTER UPDATE OF name, username, email, phone ON contacts BEGIN
  DELETE FROM contacts_fts WHERE rowid = old.rowid;
  INSERT INTO contacts_fts(rowid, name, username, email, phone_digits) VALUES (new.rowid, ${fields('new')});
END;
`,
};
