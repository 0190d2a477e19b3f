// The job runner on real time (no advance): gathering what falls due together, batches of jobs in one
// transaction, and looking for jobs another process writes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { transactionOf } from './db.ts';
import { createJobRunner } from './jobs.ts';
import { jobRunnerFixture } from '../testing/job-runner.ts';

const { setup, removeAll } = jobRunnerFixture();
afterEach(removeAll);
/** A batch's real-time limit these tests never reach: what a batch holds must not depend on how busy the machine is. */
const UNHURRIED = 60_000;

describe('job runner on real time', () => {
  it('wakes 20 ms after the first job falls due (gathering those due by then), re-arming only for one due earlier', async () => {
    const { db, clock, jobs } = setup();
    const waits: number[] = [];
    const realTimeout = clock.realTimeout;
    clock.realTimeout = (fn, ms) => {
      waits.push(ms);
      return realTimeout(fn, 60_000);
    };
    jobs.register('mark', () => {});
    jobs.start();
    await jobs.runDue();
    waits.length = 0;
    db.tx(() => jobs.schedule({ type: 'mark', delayMs: 500 }));
    for (let i = 0; i < 5; i++) db.tx(() => jobs.schedule({ type: 'mark', delayMs: 600 + i }));
    db.tx(() => jobs.schedule({ type: 'mark', delayMs: 505 }));
    expect(waits).toEqual([520]);
    db.tx(() => jobs.schedule({ type: 'mark', delayMs: 100 }));
    expect(waits).toEqual([520, 120]);
    db.tx(() => jobs.schedule({ type: 'mark' }));
    expect(waits).toEqual([520, 120]);
    await jobs.stop();
    db.close();
  });
  it('on real time, due jobs run one after another without waiting for their events to be dispatched', async () => {
    // Under steady load the outbox never goes quiet: a runner waiting for it between jobs would never reach
    // the next one (receipts due at +2 s came minutes late). Advancing the clock does wait, for determinism.
    const { db, clock } = setup();
    const flushes: string[] = [];
    const jobs = createJobRunner({ db, clock, afterEachJob: () => new Promise<void>(() => void flushes.push('never settles')) });
    const ran: number[] = [];
    jobs.register('mark', (payload: { n: number }) => void ran.push(payload.n));
    db.tx(() => [1, 2, 3].forEach((n) => jobs.schedule({ type: 'mark', payload: { n } })));
    await jobs.runDue();
    expect(ran).toEqual([1, 2, 3]);
    expect(flushes).toEqual([]);
    db.tx(() => jobs.schedule({ type: 'mark', payload: { n: 4 } }));
    void jobs.advance(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual([1, 2, 3, 4]);
    expect(flushes).toEqual(['never settles']);
    db.close();
  });
  it('on real time, due synchronous jobs run in one transaction, each undone alone when it throws', async () => {
    const { db, clock } = setup();
    const jobs = createJobRunner({ db, clock, log: () => undefined, batchMs: UNHURRIED });
    db.sql.exec('CREATE TABLE effects (n INTEGER)');
    const transactions: number[] = [];
    let calls = 0;
    jobs.register('effect', (payload: { n: number }) => {
      calls++;
      transactions.push(transactionOf(db.sql));
      db.sql.prepare('INSERT INTO effects VALUES (?)').run(payload.n);
      if (payload.n === 3 && calls === 3) throw new Error('the third fails after writing, once');
    });
    db.tx(() => [1, 2, 3, 4, 5].forEach((n) => jobs.schedule({ type: 'effect', payload: { n } })));
    await jobs.runDue();
    // 1 and 2 committed together; 3 undone alone and back to pending; 4 and 5 in the next batch.
    expect(transactions[0]).toBe(transactions[1]);
    expect(transactions[2]).toBe(transactions[0]);
    expect(transactions[3]).not.toBe(transactions[0]);
    expect(transactions[4]).toBe(transactions[3]);
    expect(db.sql.prepare('SELECT n FROM effects ORDER BY n').pluck().all()).toEqual([1, 2, 4, 5]);
    expect(db.sql.prepare(`SELECT json_extract(payload, '$.n') AS n, status, attempts, last_error FROM jobs`).all())
      .toEqual([{ n: 3, status: 'pending', attempts: 1, last_error: 'the third fails after writing, once' }]);
    await jobs.advance(2_000);
    expect(db.sql.prepare('SELECT n FROM effects ORDER BY n').pluck().all()).toEqual([1, 2, 3, 4, 5]);
    expect(jobs.pendingCount()).toBe(0);
    db.close();
  });
  it('a batch whose commit fails is undone whole; its first job runs alone, the failing one is retried', async () => {
    const { db, clock } = setup();
    const jobs = createJobRunner({ db, clock, log: () => undefined, batchMs: UNHURRIED });
    db.sql.exec(`CREATE TABLE effects (n INTEGER);
      CREATE TABLE parents (id INTEGER PRIMARY KEY);
      CREATE TABLE children (parent INTEGER REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED)`);
    const ran: number[] = [];
    jobs.register('effect', (payload: { n: number }) => {
      ran.push(payload.n);
      db.sql.prepare('INSERT INTO effects VALUES (?)').run(payload.n);
      // A deferred foreign key fails at the commit, not at the write.
      if (payload.n === 2) db.sql.prepare('INSERT INTO children VALUES (42)').run();
    });
    db.tx(() => [1, 2].forEach((n) => jobs.schedule({ type: 'effect', payload: { n } })));
    await jobs.runDue();
    // 1 and 2 undone together; 1 alone; 2 in a batch of its own, then alone (its failure counted).
    expect(ran).toEqual([1, 2, 1, 2, 2]);
    expect(db.sql.prepare('SELECT n FROM effects').pluck().all()).toEqual([1]);
    expect(db.sql.prepare(`SELECT json_extract(payload, '$.n') AS n, status, attempts, last_error FROM jobs`).all())
      .toEqual([{ n: 2, status: 'pending', attempts: 1, last_error: 'FOREIGN KEY constraint failed' }]);
    db.close();
  });
  it('a batch ends at an async job (committed, then awaited) and leaves a concurrent type to the drain', async () => {
    const { db, clock } = setup();
    const jobs = createJobRunner({ db, clock, batchMs: UNHURRIED });
    const seen: Array<[string, number]> = [];
    let release = (): void => undefined;
    jobs.register('sync', (payload: { n: number }) => void seen.push([`sync ${payload.n}`, transactionOf(db.sql)]));
    jobs.register('async', async () => {
      seen.push(['async starts', transactionOf(db.sql)]);
      await new Promise<void>((resolve) => (release = resolve));
      seen.push(['async ends', 0]);
    });
    jobs.register('side-by-side', () => void seen.push(['concurrent', transactionOf(db.sql)]), { concurrency: 2 });
    db.tx(() => {
      jobs.schedule({ type: 'sync', payload: { n: 1 } });
      jobs.schedule({ type: 'async' });
      jobs.schedule({ type: 'sync', payload: { n: 2 } });
      jobs.schedule({ type: 'side-by-side' });
      jobs.schedule({ type: 'sync', payload: { n: 3 } });
    });
    const run = jobs.runDue();
    await vi.waitFor(() => expect(seen.map(([what]) => what)).toEqual(['sync 1', 'async starts']));
    release();
    await run;
    expect(seen.map(([what]) => what)).toEqual(['sync 1', 'async starts', 'async ends', 'sync 2', 'concurrent', 'sync 3']);
    const tx = Object.fromEntries(seen);
    expect(tx['async starts']).toBe(tx['sync 1']);
    expect(new Set([tx['sync 1'], tx['sync 2'], tx['concurrent'], tx['sync 3']]).size).toBe(4);
    expect(jobs.pendingCount()).toBe(0);
    db.close();
  });
  it('with nothing due, the runner still looks for jobs another process writes (cli seed demo into a running server)', async () => {
    const serving = setup();
    const ran: string[] = [];
    serving.jobs.register('work', (payload: { from: string }) => void ran.push(payload.from));
    serving.jobs.start();
    await serving.jobs.runDue();
    // Another process opens the same file and schedules a job due now: nothing in this process wakes the runner.
    const other = setup(serving.file);
    other.db.tx(() => other.jobs.schedule({ type: 'work', payload: { from: 'another process' } }));
    other.db.close();
    await vi.waitFor(() => expect(ran).toEqual(['another process']), { timeout: 10_000, interval: 50 });
    await serving.jobs.stop();
    serving.db.close();
  });
});
