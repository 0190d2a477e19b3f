// A small read cache, valid until the data behind it changes: in this process (a write calls
// `invalidate`) or in another one (SQLite's data_version moves, passed in as `externalVersion`: see
// data-version.store.ts).
const MAX_ENTRIES = 256;

export function createVersionedCache<V>(externalVersion: () => number, maxEntries = MAX_ENTRIES) {
  const entries = new Map<string, { version: string; value: V }>();
  let localVersion = 0;
  const version = (): string => `${externalVersion()}:${localVersion}`;
  return {
    invalidate(): void {
      localVersion++;
      entries.clear();
    },
    read(key: string, load: () => V): V {
      const now = version();
      const hit = entries.get(key);
      if (hit && hit.version === now) return hit.value;
      const value = load();
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { version: now, value });
      return value;
    },
  };
}
export type VersionedCache<V> = ReturnType<typeof createVersionedCache<V>>;
