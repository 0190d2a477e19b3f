// A job runner on a migrated database in a temporary folder and a manual clock, for the runner's own tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClock } from '../kernel/clock.ts';
import { openDb } from '../kernel/db.ts';
import { createJobRunner } from '../kernel/jobs.ts';
import { migrate } from '../kernel/migrate.store.ts';
import { MIGRATIONS } from '../migrations/index.ts';

/**
 * `setup()` opens a new database (or, given its file, an existing one again: a restart, or another process) with a
 * runner on a manual clock at 1,000,000 ms; `removeAll()` (after each test) deletes the folders made.
 */
export function jobRunnerFixture() {
  const dirs: string[] = [];
  return {
    setup(file?: string) {
      const dbFile = file ?? join(mkdtempSync(join(tmpdir(), 'sb-jobs-')), 'j.db');
      if (!file) dirs.push(join(dbFile, '..'));
      const db = openDb(dbFile);
      migrate(db.sql, MIGRATIONS, 't');
      const clock = createClock({ kind: 'manual', startMs: 1_000_000 });
      return { db, clock, jobs: createJobRunner({ db, clock }), file: dbFile };
    },
    removeAll(): void {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
