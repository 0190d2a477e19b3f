// A small read cache, valid until the data behind it changes: in this process (a write calls
// `invalidate`) or in another one (SQLite's data_version moves: see data-version.store.ts). A value read
// inside the transaction that wrote is not kept, since that transaction may still roll back.
import { dataVersionOf } from './data-version.store.ts';
import { transactionOf, type Sql } from './db.ts';
import { freezeUnderTest } from './freeze.ts';

const MAX_ENTRIES = 256;

export function createVersionedCache<V>(sql: Sql, maxEntries = MAX_ENTRIES) {
  const externalVersion = dataVersionOf(sql);
  const entries = new Map<string, { version: string; value: V }>();
  let localVersion = 0;
  /** The transaction that last wrote, while it has not ended. */
  let writer: number | null = null;
  const version = (): string => `${externalVersion()}:${localVersion}`;
  const clear = (): void => {
    localVersion++;
    entries.clear();
  };
  return {
    invalidate(): void {
      clear();
      writer = sql.inTransaction ? transactionOf(sql) : null;
    },
    read(key: string, load: () => V): V {
      if (writer !== null) {
        if (sql.inTransaction && transactionOf(sql) === writer) return load();
        writer = null;
        clear();
      }
      const now = version();
      const hit = entries.get(key);
      if (hit && hit.version === now) return hit.value;
      const value = freezeUnderTest(load());
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { version: now, value });
      return value;
    },
  };
}
export type VersionedCache<V> = ReturnType<typeof createVersionedCache<V>>;
