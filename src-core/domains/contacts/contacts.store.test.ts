// The contacts store's queries use indexes: the trigram index for search, the org index for lists.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../kernel/db.ts';
import { migrate } from '../../kernel/migrate.store.ts';
import { MIGRATIONS } from '../../migrations/index.ts';
import { createContactsStore, normalizeTerm } from './contacts.store.ts';

const dir = mkdtempSync(join(tmpdir(), 'sb-contacts-store-'));
const db = openDb(join(dir, 'c.db'));
migrate(db.sql, MIGRATIONS, 't');
db.sql.prepare(`INSERT INTO organizations (id, name, created_at) VALUES ('org_a', 'A', 't')`).run();
const store = createContactsStore(db.sql);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function plan(search: string | undefined): string {
  const captured: string[] = [];
  const original = db.sql.prepare.bind(db.sql);
  const spy = db.sql as unknown as { prepare: (source: string) => unknown };
  spy.prepare = (source: string) => {
    if (source.startsWith('SELECT c.*') || source.startsWith('SELECT * FROM contacts WHERE org_id')) captured.push(source);
    return original(source);
  };
  try {
    store.list('org_a', search, { page: 1, limit: 10, offset: 0 });
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
  it('lists through the (org_id, created_at) index', () => {
    const rows = db.sql.prepare(`EXPLAIN QUERY PLAN SELECT * FROM contacts WHERE org_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 10`).all('org_a') as Array<{ detail: string }>;
    expect(rows.map((r) => r.detail).join(' ')).toContain('contacts_org_created');
  });
});
