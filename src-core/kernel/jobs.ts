// The durable job runner: jobs are rows with a due time; a restart resumes them; the virtual clock drives them.
import { advanceWork } from './advance-work.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db.ts';
import { newId } from './ids.ts';
import { createJobsStore, type JobRow } from './jobs.store.ts';

export type JobContext = {
  jobId: string; orgId: string | null; dueAt: number; attempt: number;
  /**
   * Removes the job, joining the caller's transaction: an async handler calls it in the transaction of its
   * last write, so its effect and its completion commit together (one commit, not two, and a stop in between
   * cannot run it again). Without it, the job is removed after the handler resolves.
   */
  complete(): void;
};
export type JobHandler = (payload: never, ctx: JobContext) => void | Promise<void>;
/**
 * Runs when a job of its type has failed its last attempt (`error`: the last attempt's), before the job is kept as
 * `failed`: what the job left half done is settled now, not at some later start. A stop while it runs leaves the job
 * to run again at the next start (its last attempt then), so it runs at least once. A throw is logged.
 */
export type ExhaustedHandler = (payload: never, ctx: JobContext, error: string) => void | Promise<void>;
export type ScheduleOptions = {
  type: string; orgId?: string | null; payload?: unknown; dueAt?: number; delayMs?: number; dedupeKey?: string;
};

const MAX_ATTEMPTS = 5;
const IDLE_POLL_MS = 1_000;
/** The most jobs, and real ms, the runner puts in one transaction (see `runBatch`). */
const BATCH_JOBS = 64;
const BATCH_MS = 4;
/**
 * On real time, the runner wakes this long after a job falls due (not for one due now): the jobs falling due in
 * between run with it, in one batch. A burst of sends schedules receipts a few milliseconds apart; waking for each
 * ran them one transaction at a time.
 */
const GATHER_MS = 20;
/**
 * On a running clock, how long (real ms) an advance steps through due jobs, settling each one's events:
 * under load, requests keep making work due inside the window faster than that gets through it. After it,
 * the advance runs the jobs that existed when it began and those its own work made (advance-work.ts), without
 * settling each, and leaves the ones requests made meanwhile to the runner.
 */
const ADVANCE_BUDGET_MS = 5_000;

export function createJobRunner(deps: {
  db: Db; clock: Clock; afterEachJob?: () => Promise<void>; log?: (msg: string) => void;
  /** Called each time an advance moves the clock (to save where virtual time is). */
  onClockMoved?: () => void;
  /** Overrides ADVANCE_BUDGET_MS (tests). */
  advanceBudgetMs?: number;
  /** Overrides BATCH_MS (tests of what a batch holds, which a loaded machine's 4 ms would cut short). */
  batchMs?: number;
}) {
  const { db, clock } = deps;
  const store = createJobsStore(db.sql);
  const handlers = new Map<string, (payload: unknown, ctx: JobContext) => void | Promise<void>>();
  const exhaustedHandlers = new Map<string, (payload: unknown, ctx: JobContext, error: string) => void | Promise<void>>();
  /** Job types that may run side by side (e.g. webhook deliveries), with how many at once. */
  const concurrent = new Map<string, number>();
  let draining: Promise<void> | null = null;
  let timer: { cancel(): void } | null = null;
  /** When the armed timer fires, on the clock. */
  let wakesAt = 0;
  let stopped = true;
  /** Advances waiting for their turn: the runner's drain gives way to them. */
  let advancesWaiting = 0;

  /** The context a handler runs with; `completed` turns true when an async handler's `complete` has committed. */
  function contextOf(row: JobRow): { ctx: JobContext; completed(): boolean } {
    let completed = false;
    const ctx: JobContext = {
      jobId: row.id, orgId: row.org_id, dueAt: row.due_at, attempt: row.attempts + 1,
      complete: () => {
        store.remove(row.id);
        db.afterCommit(() => (completed = true));
      },
    };
    return { ctx, completed: () => completed };
  }

  /**
   * Starts `row`'s handler, joining the caller's transaction: a synchronous one is removed with its writes; an
   * async one answers its promise (its first part's writes are the transaction's).
   */
  function begin(row: JobRow, ctx: JobContext): unknown {
    const handler = handlers.get(row.type);
    if (!handler) throw new Error(`no handler for job type ${row.type}`);
    const pending = handler(JSON.parse(row.payload), ctx);
    if (!(pending instanceof Promise)) store.remove(row.id);
    return pending;
  }

  /** An async handler's promise: removed when it resolves unless it completed itself. */
  async function finish(row: JobRow, pending: Promise<unknown>, completed: () => boolean): Promise<void> {
    await pending;
    if (!completed()) store.remove(row.id);
  }

  /** A job that threw: retried with backoff, or past its last attempt settled (`onExhausted`) and kept `failed`. */
  async function failed(row: JobRow, ctx: JobContext, error: unknown, claimed: boolean): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    deps.log?.(`job ${row.type} ${row.id} failed (attempt ${ctx.attempt}): ${message}`);
    if (!handlers.has(row.type)) store.fail(row.id, message);
    else if (ctx.attempt < MAX_ATTEMPTS) store.retry(row.id, clock.now() + 1000 * 2 ** ctx.attempt, message, !claimed);
    else {
      await exhausted(row, ctx, message);
      store.fail(row.id, message);
    }
  }

  /**
   * Runs one job. A synchronous handler runs in one transaction with the job's removal, so its effect and
   * its completion commit together (exactly once); an async one is removed when it calls `complete` or else
   * after it resolves (at least once). `claimed`: a concurrent type's row, already claimed (its attempt
   * counted) by the drain; exclusive drains never pick the same row twice.
   */
  async function runOne(row: JobRow, claimed: boolean): Promise<void> {
    const { ctx, completed } = contextOf(row);
    try {
      const pending = db.tx(() => begin(row, ctx));
      if (pending instanceof Promise) await finish(row, pending, completed);
    } catch (error) {
      await failed(row, ctx, error, claimed);
    }
  }

  /**
   * Runs `first` and the jobs due after it in one transaction, each in a savepoint (the runner, on real time):
   * under load, receipts fall due a few at a time, and a commit each was most of their cost. The batch ends at
   * an async handler (committed, then awaited), a job that throws (its savepoint undone, the others committed,
   * then it fails as `runOne`'s would), a concurrent type's job (left to the drain), or BATCH_JOBS jobs or
   * BATCH_MS of real time, so requests wait no longer than that. A batch whose commit fails is undone whole: its
   * first job runs alone (its failure counted and retried as `runOne`'s), unless the batch ended at an async job
   * already under way or a job that threw, which go on as they would have.
   */
  async function runBatch(first: JobRow, untilMs: number): Promise<void> {
    const endsAt = clock.realNow() + (deps.batchMs ?? BATCH_MS);
    let after: (() => Promise<void>) | null = null;
    try {
      batchOf(first, untilMs, endsAt, (next) => (after = next));
    } catch {
      return after ? (after as () => Promise<void>)() : runOne(first, false);
    }
    await (after as (() => Promise<void>) | null)?.();
  }
  function batchOf(first: JobRow, untilMs: number, endsAt: number, then: (after: () => Promise<void>) => void): void {
    db.tx(() => {
      let row: JobRow | undefined = first;
      for (let n = 1; row; n++) {
        const job: JobRow = row;
        const { ctx, completed } = contextOf(job);
        try {
          const pending = db.savepoint(() => begin(job, ctx));
          if (pending instanceof Promise) return then(() => finish(job, pending, completed).catch((error: unknown) => failed(job, ctx, error, false)));
        } catch (error) {
          return then(() => failed(job, ctx, error, false));
        }
        if (n >= BATCH_JOBS || clock.realNow() >= endsAt) return;
        row = store.nextDue(untilMs);
        if (row && concurrent.has(row.type)) return;
      }
    });
  }

  /** A job's last attempt failed: its type's `onExhausted` settles what it left (see ExhaustedHandler). */
  async function exhausted(row: JobRow, ctx: JobContext, message: string): Promise<void> {
    const handler = exhaustedHandlers.get(row.type);
    if (!handler) return;
    try {
      await handler(JSON.parse(row.payload), ctx, message);
    } catch (error) {
      deps.log?.(`job ${row.type} ${row.id}: settling its failure failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Runs every job due at or before `untilMs`, in due order. With `stepClock` (an advance), time moves to
   * each due time and each job's consequences settle before the next, so a run is reproducible. On a running
   * clock, past the advance's budget, only the jobs that were there when it began and those its own work made
   * still run (a campaign's next slices, their receipts, their webhook deliveries), each at its due time, without
   * waiting for each one's events; work that requests keep adding is late, not lost. Without `stepClock` (the runner, on real time)
   * only HTTP requests are let in between, and a waiting advance takes over: under steady load events never
   * settle, and waiting for them kept receipts due at +2 s waiting for minutes.
   */
  async function drain(untilMs: number, stepClock: boolean): Promise<void> {
    // Only an advance needs these (the runner drains on every wake-up: no query for it).
    const budgetEnds = stepClock ? clock.realNow() + (deps.advanceBudgetMs ?? ADVANCE_BUDGET_MS) : 0;
    const existing = stepClock ? store.lastRowid() : 0;
    /** An advance's work: what it schedules is its own. */
    const own = <T>(fn: () => T): T => (stepClock ? advanceWork.run(fn) : fn());
    /** Whether the events of the jobs run so far have settled (past the budget they are not waited for each time). */
    let settled = true;
    for (;;) {
      if (!stepClock && advancesWaiting > 0) return;
      const late = stepClock && clock.running && clock.realNow() > budgetEnds;
      const row = late ? store.nextDueUpTo(untilMs, existing) : store.nextDue(untilMs);
      if (!row) {
        // Before an advance ends, its last jobs' events make what they make (a delivery due now).
        if (settled || !deps.afterEachJob) return;
        await own(deps.afterEachJob);
        settled = true;
        continue;
      }
      if (stepClock && row.due_at > clock.now()) {
        clock.setTo(row.due_at);
        deps.onClockMoved?.();
      }
      const bound = concurrent.get(row.type);
      if (bound === undefined) await (stepClock ? own(() => runOne(row, false)) : runBatch(row, untilMs));
      else {
        // Every job of a concurrent type already due runs at once (bounded); the clock moves on after all.
        // Past the budget, only the advance's own and those it found (others of a request's could fill every batch).
        const types = [...concurrent.keys()];
        const until = Math.max(clock.now(), row.due_at);
        const batch = late ? store.dueOfTypesUpTo(types, until, existing, bound) : store.dueOfTypes(types, until, bound);
        // Claimed in one commit: a batch's rows are all this drain's before any of them runs.
        const claimed = db.tx(() => batch.filter((job) => store.claim(job.id)));
        await own(() => Promise.all(claimed.map((job) => runOne(job, true))));
      }
      settled = !stepClock || !late;
      await (stepClock && !late ? own(() => deps.afterEachJob?.()) : yieldToIo());
    }
  }

  function exclusive(work: () => Promise<void>): Promise<void> {
    const previous = draining ?? Promise.resolve();
    const next = previous.then(work, work);
    draining = next.finally(() => {
      if (draining === next) draining = null;
    });
    return next;
  }

  function arm(): void {
    timer?.cancel();
    timer = null;
    if (stopped) return;
    // With nothing due, it still looks once a second: another process (`cli seed demo`) may write jobs here.
    const due = store.earliestDue() ?? clock.now() + IDLE_POLL_MS;
    const ahead = due - clock.now();
    const wait = Math.min(ahead > 0 ? ahead + GATHER_MS : 0, IDLE_POLL_MS);
    wakesAt = clock.now() + wait;
    timer = clock.realTimeout(kickQuietly, wait);
  }

  function kick(): Promise<void> {
    return exclusive(() => drain(clock.now(), false)).finally(arm);
  }

  /** A wake-up nobody awaits: skipped once stopped or closed; failures are logged, never thrown. */
  function kickQuietly(): void {
    if (stopped || !db.sql.open) return;
    kick().catch((error: unknown) => deps.log?.(`job runner: ${error instanceof Error ? error.message : String(error)}`));
  }

  return {
    register(type: string, handler: JobHandler, options: { concurrency?: number | undefined; onExhausted?: ExhaustedHandler | undefined } = {}): void {
      if (handlers.has(type)) throw new Error(`job type ${type} registered twice`);
      handlers.set(type, handler as (payload: unknown, ctx: JobContext) => void | Promise<void>);
      if (options.concurrency) concurrent.set(type, options.concurrency);
      if (options.onExhausted) exhaustedHandlers.set(type, options.onExhausted as (payload: unknown, ctx: JobContext, error: string) => void | Promise<void>);
    },
    /** Inserts a job row (joining the caller's transaction) and wakes the runner after commit. */
    schedule(options: ScheduleOptions): string {
      const id = newId('job');
      const dueAt = options.dueAt ?? clock.now() + (options.delayMs ?? 0);
      const inserted = store.insert({
        id, type: options.type, orgId: options.orgId ?? null, payload: options.payload ?? {},
        dueAt, dedupeKey: options.dedupeKey, createdAt: clock.nowIso(),
      });
      if (inserted && advanceWork.current()) store.own(id);
      db.afterCommit(() => {
        if (stopped) return;
        if (dueAt <= clock.now()) setImmediate(kickQuietly);
        // A burst of sends schedules a receipt each: the runner already wakes in time for all but the first.
        else if (!timer || dueAt + GATHER_MS < wakesAt) arm();
      });
      return id;
    },
    /**
     * Moves the virtual clock forward, running each job that falls due at its own time, in order. On a
     * running clock it ends `ms` ahead of where it would be without the advance, whatever real time it took.
     */
    advance(ms: number): Promise<void> {
      advancesWaiting++;
      return exclusive(() => advanceWork.begin(async () => {
        advancesWaiting--;
        // Taken when its turn comes, not when asked: an advance waiting for another's would otherwise aim at a point
        // that one has already moved the clock towards, and lose the time between. (On a running clock the wait
        // itself has moved the clock on, as it would have without any advance.)
        // On a running clock it ends as an offset over real time, not as a point in time: a point is computed from
        // a reading of real time taken before the clock's own, and a millisecond ticking between the two is lost.
        const aheadBy = clock.offset() + ms;
        const target = clock.now() + ms;
        // Each job runs at its own due time: the clock moves only from one to the next while the advance runs.
        const held = clock.hold();
        try {
          await drain(target, true);
        } finally {
          held.release();
          if (db.sql.open) store.disownAll();
        }
        // After the release: set while held, the real time until the release would be lost (the clock resumes from
        // where it was held), leaving it a millisecond or two short of the full time ahead.
        if (clock.running) clock.runAhead(aheadBy);
        else clock.setTo(target);
        deps.onClockMoved?.();
      })).finally(arm);
    },
    /** Runs whatever is due now (and waits for a drain already under way). */
    runDue: (): Promise<void> => kick(),
    start(): void {
      stopped = false;
      store.resetRunning();
      kickQuietly();
    },
    async stop(): Promise<void> {
      stopped = true;
      timer?.cancel();
      timer = null;
      await draining;
    },
    pendingCount: () => store.countPending(),
    get: (id: string) => store.byId(id),
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;

/** Lets pending I/O (HTTP requests) run between slices of a long job, so the API stays responsive. */
export const yieldToIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
