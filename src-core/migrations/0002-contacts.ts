// Contacts, their notes, and the trigram full-text index that makes search fast.
import type { Migration } from '../kernel/migrate.store.ts';

export const contactsMigration: Migration = {
  id: 2,
  name: 'contacts',
  sql: `
CREATE TABLE contacts (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  username TEXT,
  name TEXT,
  email TEXT,
  phone TEXT,
  profile_pic TEXT,
  source TEXT NOT NULL,
  tags TEXT NOT NULL DEFAULT '[]',
  is_blocked INTEGER NOT NULL DEFAULT 0,
  blocked_reason TEXT,
  blocked_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX contacts_org_created ON contacts(org_id, created_at DESC);
CREATE INDEX contacts_org_phone ON contacts(org_id, phone);
CREATE INDEX contacts_org_email ON contacts(org_id, email COLLATE NOCASE);
CREATE INDEX contacts_org_name ON contacts(org_id, name COLLATE NOCASE);
CREATE INDEX contacts_org_username ON contacts(org_id, username COLLATE NOCASE);

CREATE VIRTUAL TABLE contacts_fts USING fts5(
  name, username, email, phone_digits,
  content='', contentless_delete=1, tokenize='trigram'
);

CREATE TRIGGER contacts_fts_insert AFTER INSERT ON contacts BEGIN
  INSERT INTO contacts_fts(rowid, name, username, email, phone_digits)
  VALUES (new.rowid, new.name, new.username, new.email,
          replace(replace(replace(replace(coalesce(new.phone, ''), '+', ''), ' ', ''), '-', ''), '.', ''));
END;
CREATE TRIGGER contacts_fts_delete AFTER DELETE ON contacts BEGIN
  DELETE FROM contacts_fts WHERE rowid = old.rowid;
END;
CREATE TRIGGER contacts_fts_update AFTER UPDATE OF name, username, email, phone ON contacts BEGIN
  DELETE FROM contacts_fts WHERE rowid = old.rowid;
  INSERT INTO contacts_fts(rowid, name, username, email, phone_digits)
  VALUES (new.rowid, new.name, new.username, new.email,
          replace(replace(replace(replace(coalesce(new.phone, ''), '+', ''), ' ', ''), '-', ''), '.', ''));
END;

CREATE TABLE contact_notes (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL,
  contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX contact_notes_contact ON contact_notes(contact_id, created_at);
`,
};
