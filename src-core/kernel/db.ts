// The database handle: opening SQLite in WAL mode, transactions with after-commit hooks.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type Sql = Database.Database;

export interface Db {
  readonly sql: Sql;
  /** Runs `fn` in a transaction (nested calls join the outer one); hooks run after the outermost commit. */
  tx<T>(fn: () => T): T;
  /** Registers `fn` to run after the current transaction commits, or at once outside a transaction. */
  afterCommit(fn: () => void): void;
  close(): void;
}

export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sql = new Database(file);
  sql.pragma('journal_mode = WAL');
  sql.pragma('synchronous = NORMAL');
  sql.pragma('foreign_keys = ON');
  sql.pragma('busy_timeout = 5000');
  sql.pragma('cache_size = -32000');
  sql.pragma('temp_store = MEMORY');

  let depth = 0;
  let pending: Array<() => void> = [];

  const runHooks = (): void => {
    const hooks = pending;
    pending = [];
    for (const hook of hooks) hook();
  };

  return {
    sql,
    tx<T>(fn: () => T): T {
      if (depth > 0) {
        depth++;
        try {
          return sql.transaction(fn)();
        } finally {
          depth--;
        }
      }
      depth = 1;
      try {
        const result = sql.transaction(fn).immediate();
        depth = 0;
        runHooks();
        return result;
      } catch (error) {
        depth = 0;
        pending = [];
        throw error;
      }
    },
    afterCommit(fn) {
      if (depth > 0) pending.push(fn);
      else fn();
    },
    close() {
      if (sql.open) sql.close();
    },
  };
}
