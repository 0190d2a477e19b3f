// SQLite's data_version of a connection (it moves when another connection commits), for read caches.
// The PRAGMA takes the WAL's read lock (a few microseconds, paid per request and per event otherwise), so
// it is read at most once per event-loop turn and connection: another process's commit is seen from the
// next turn on, as if it had committed a moment later.
import type { Sql } from './db.ts';

const readers = new WeakMap<Sql, () => number>();

export function dataVersionOf(sql: Sql): () => number {
  const known = readers.get(sql);
  if (known) return known;
  const pragma = sql.prepare('PRAGMA data_version').pluck();
  let thisTurn: number | null = null;
  const read = (): number => {
    if (thisTurn === null) {
      thisTurn = pragma.get() as number;
      setImmediate(() => {
        thisTurn = null;
      });
    }
    return thisTurn;
  };
  readers.set(sql, read);
  return read;
}
