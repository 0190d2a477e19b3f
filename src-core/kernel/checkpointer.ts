// WAL checkpoints off the main thread: a worker with its own connection copies committed pages back into
// the database every quarter second (PASSIVE: writers never wait for it), so the request-serving thread
// never stalls on a checkpoint's fsync; the connection's own auto-checkpoint stays as a safety net.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
let stopped = false;
const tick = () => {
  if (stopped) return;
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
};
const timer = setInterval(tick, workerData.everyMs);
parentPort.on('message', () => {
  stopped = true;
  clearInterval(timer);
  db.close();
  parentPort.postMessage('stopped');
});
`;

export type Checkpointer = { stop(): Promise<void> };

/**
 * Starts the checkpoint worker. If it cannot start or dies (a packaged build without the driver path,
 * say), the connection's own auto-checkpoint keeps the WAL bounded: it is logged, never fatal.
 */
export function startCheckpointer(file: string, everyMs = 250, log: (msg: string) => void = () => {}): Checkpointer {
  let worker: Worker;
  try {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    worker = new Worker(WORKER, { eval: true, workerData: { file, driver, everyMs } });
  } catch (error) {
    log(`checkpoint worker not started (${error instanceof Error ? error.message : String(error)}); SQLite checkpoints on its own`);
    return { stop: () => Promise.resolve() };
  }
  let alive = true;
  worker.on('error', (error) => log(`checkpoint worker stopped: ${error.message}; SQLite checkpoints on its own`));
  worker.on('exit', () => {
    alive = false;
  });
  worker.unref();
  let stopping: Promise<void> | null = null;
  return {
    stop(): Promise<void> {
      stopping ??= new Promise<void>((resolve) => {
        if (!alive) return resolve();
        worker.once('message', () => void worker.terminate().then(() => resolve()));
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      });
      return stopping;
    },
  };
}
