// The request log: entries are buffered in memory and written in one transaction every 250 ms.
import type { Clock } from './clock.ts';
import type { Db } from './db.ts';
import { createRequestLogStore, type RequestLogFilter, type RequestLogRecord } from './request-log.store.ts';

const FLUSH_EVERY_MS = 250;
const FLUSH_AT_ENTRIES = 500;

export function createRequestLog(deps: { db: Db; clock: Clock; onEntry?: (record: RequestLogRecord) => void; log?: (msg: string) => void }) {
  const store = createRequestLogStore(deps.db.sql);
  let buffer: RequestLogRecord[] = [];
  let timer: { cancel(): void } | null = null;

  function flush(): void {
    timer?.cancel();
    timer = null;
    if (buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    try {
      store.insertMany(batch);
    } catch (error) {
      deps.log?.(`request log: ${batch.length} entries not written: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    record(record: RequestLogRecord): void {
      buffer.push(record);
      deps.onEntry?.(record);
      if (buffer.length >= FLUSH_AT_ENTRIES) flush();
      else timer ??= deps.clock.realTimeout(flush, FLUSH_EVERY_MS);
    },
    flush,
    list(orgId: string, filter: RequestLogFilter, limit: number, offset: number) {
      flush();
      return store.list(orgId, filter, limit, offset);
    },
  };
}
export type RequestLog = ReturnType<typeof createRequestLog>;
