// The database handle: opening SQLite in WAL mode, transactions with after-commit hooks.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type Sql = Database.Database;
export type Statement = Database.Statement;

export interface Db {
  readonly sql: Sql;
  /**
   * Runs `fn` in a transaction; hooks run after the commit. A nested call simply joins the outer
   * transaction (no savepoint): an error it throws rolls back the whole outer transaction unless caught
   * inside a `savepoint`.
   */
  tx<T>(fn: () => T): T;
  /** Runs `fn` inside the current transaction so that, if it throws, only its own writes are undone. */
  savepoint<T>(fn: () => T): T;
  /** Registers `fn` to run after the current transaction commits, or at once outside a transaction. */
  afterCommit(fn: () => void): void;
  /**
   * Runs async `fn` as one transaction: everything it writes commits together or, if it throws or the
   * process dies, not at all. Inside it each `tx` is a savepoint that behaves like its own transaction
   * (its hooks run when it ends; a throw undoes only its writes). For work nothing else runs beside (a
   * seed before the server listens): other writers in the meantime would join it.
   */
  hold<T>(fn: () => Promise<T>): Promise<T>;
  close(): void;
}

const generations = new WeakMap<Sql, () => number>();
/** The transaction (begun by `tx`) the connection is in: a number that changes with every transaction. */
export const transactionOf = (sql: Sql): number => generations.get(sql)?.() ?? 0;

/**
 * Text as searches compare it: lower case, accents dropped (`Zoë` → `zoe`). `ø`, `ł` and `ß` are letters of
 * their own, not accented ones, and stay (as in the contacts' search index). SQL calls it as `fold(x)`.
 */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sql = new Database(file);
  sql.pragma('journal_mode = WAL');
  sql.pragma('synchronous = NORMAL');
  // Checkpoints (the only fsyncs under synchronous=NORMAL) every ~40 MB of WAL instead of every 4 MB:
  // a burst of sends writes many small commits, and ten times fewer fsyncs is +50% sends per second.
  sql.pragma('wal_autocheckpoint = 10000');
  sql.pragma('journal_size_limit = 67108864');
  sql.pragma('foreign_keys = ON');
  sql.pragma('busy_timeout = 5000');
  sql.pragma('cache_size = -32000');
  sql.pragma('temp_store = MEMORY');
  sql.function('fold', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? foldText(value) : value));

  let depth = 0;
  let held = false;
  let generation = 0;
  generations.set(sql, () => generation);
  let pending: Array<() => void> = [];
  // Prepared once: a transaction per send is hot, and a wrapper built per call (sql.transaction(fn)) is not free.
  const begin = sql.prepare('BEGIN IMMEDIATE');
  const commit = sql.prepare('COMMIT');
  const rollback = sql.prepare('ROLLBACK');
  const savepointStart = sql.prepare('SAVEPOINT sp');
  const savepointRelease = sql.prepare('RELEASE sp');
  const savepointUndo = sql.prepare('ROLLBACK TO sp');

  const runHooks = (): void => {
    const hooks = pending;
    pending = [];
    for (const hook of hooks) hook();
  };

  return {
    sql,
    tx<T>(fn: () => T): T {
      if (depth > 0) return fn();
      depth = 1;
      if (!held) generation++;
      (held ? savepointStart : begin).run();
      let result: T;
      try {
        result = fn();
        (held ? savepointRelease : commit).run();
      } catch (error) {
        if (held) {
          savepointUndo.run();
          savepointRelease.run();
        } else if (sql.inTransaction) rollback.run();
        depth = 0;
        pending = [];
        throw error;
      }
      depth = 0;
      runHooks();
      return result;
    },
    async hold<T>(fn: () => Promise<T>): Promise<T> {
      if (depth > 0 || held) throw new Error('hold() runs outside any transaction');
      generation++;
      begin.run();
      held = true;
      try {
        const result = await fn();
        held = false;
        commit.run();
        return result;
      } catch (error) {
        held = false;
        if (sql.inTransaction) rollback.run();
        throw error;
      }
    },
    savepoint<T>(fn: () => T): T {
      if (depth === 0) throw new Error('savepoint() runs inside a transaction');
      const hooks = pending.length;
      savepointStart.run();
      try {
        const result = fn();
        savepointRelease.run();
        return result;
      } catch (error) {
        savepointUndo.run();
        savepointRelease.run();
        pending.length = hooks;
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
