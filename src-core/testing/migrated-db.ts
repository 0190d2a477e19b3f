// A migrated database in a temporary folder, for store and kernel tests that need no server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../kernel/db.ts';
import { migrate } from '../kernel/migrate.store.ts';
import { MIGRATIONS } from '../migrations/index.ts';

/**
 * Opens `<temp>/<name>.db` with every migration applied (or, with `before`, those numbered below it: a
 * migration's test fills the older schema, then runs `migrate` for the rest) and the organizations
 * `orgIds`; `remove` closes and deletes it.
 */
export function migratedDb(name: string, orgIds: string[] = [], options: { before?: number } = {}): { db: Db; file: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `sb-${name}-`));
  const file = join(dir, `${name}.db`);
  const db = openDb(file);
  migrate(db.sql, MIGRATIONS.filter((m) => options.before === undefined || m.id < options.before), 't');
  for (const id of orgIds) db.sql.prepare(`INSERT INTO organizations (id, name, created_at) VALUES (?, ?, 't')`).run(id, id);
  return {
    db, file,
    remove() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
