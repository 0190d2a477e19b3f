// Forward-only, checksummed migrations: an applied migration is never edited or re-run.
import { createHash } from 'node:crypto';
import type { Sql } from './db.ts';

export type Migration = { id: number; name: string; sql: string };

export class MigrationError extends Error {}

export const checksum = (migration: Migration): string =>
  createHash('sha256').update(migration.sql).digest('hex');

export function migrate(sql: Sql, migrations: Migration[], appliedAt: string): number[] {
  sql.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const ids = migrations.map((m) => m.id);
  if (new Set(ids).size !== ids.length) throw new MigrationError('two migrations share an id');
  const sorted = [...migrations].sort((a, b) => a.id - b.id);
  const applied = new Map(
    (sql.prepare('SELECT id, name, checksum FROM schema_migrations').all() as Array<{ id: number; name: string; checksum: string }>)
      .map((row) => [row.id, row]),
  );
  for (const [id, row] of applied) {
    const known = sorted.find((m) => m.id === id);
    if (!known) throw new MigrationError(`the database has migration ${id} (${row.name}) that this version does not know; it was made by a newer Switchboard`);
    if (checksum(known) !== row.checksum) throw new MigrationError(`migration ${id} (${row.name}) was edited after it was applied; add a new migration instead`);
  }
  const done: number[] = [];
  const insert = sql.prepare('INSERT INTO schema_migrations (id, name, checksum, applied_at) VALUES (?, ?, ?, ?)');
  for (const migration of sorted) {
    if (applied.has(migration.id)) continue;
    sql.transaction(() => {
      sql.exec(migration.sql);
      insert.run(migration.id, migration.name, checksum(migration), appliedAt);
    }).immediate();
    done.push(migration.id);
  }
  return done;
}
