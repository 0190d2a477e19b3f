// Unit tests of the kernel pieces: clock, money, pagination, rate limiter, migrations, transactions and outbox.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBus, type BusEvent } from './bus.ts';
import { createClock, type Clock } from './clock.ts';
import { openDb, type Db } from './db.ts';
import { migrate, MigrationError, type Migration } from './migrate.store.ts';
import { formatPaise } from '../contract/common.ts';
import { pageEnvelope, paginationQuery, toPageRequest } from './pagination.ts';
import { createRateLimiter } from './rate-limit.ts';
import { statementCache } from './statements.store.ts';
import { createVersionedCache } from './versioned-cache.ts';
import { MIGRATIONS } from '../migrations/index.ts';

const dirs: string[] = [];
function tempDb(): { db: Db; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sb-kernel-'));
  dirs.push(dir);
  const file = join(dir, 'k.db');
  return { db: openDb(file), file };
}
/** A migrated database and a manual clock, for the outbox tests. */
function outboxDb(): { db: Db; file: string; clock: Clock } {
  const { db, file } = tempDb();
  migrate(db.sql, MIGRATIONS, 't');
  return { db, file, clock: createClock({ kind: 'manual', startMs: 0 }) };
}
/** Closes `db` as a crash would and restarts on its file: the events a fresh bus dispatches, for `type`. */
async function dispatchedAfterRestart(db: Db, file: string, clock: Clock, type: string): Promise<BusEvent[]> {
  db.close();
  const reopened = openDb(file);
  const bus = createBus({ db: reopened, clock });
  const seen: BusEvent[] = [];
  bus.on(type, (event) => void seen.push(event));
  await bus.flush();
  reopened.close();
  return seen;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('clock', () => {
  it('manual clock stands still until moved, and never moves back', () => {
    const clock = createClock({ kind: 'manual', startMs: 1_000 });
    expect(clock.now()).toBe(1_000);
    clock.setTo(5_000);
    clock.setTo(2_000);
    expect(clock.nowIso()).toBe(new Date(5_000).toISOString());
  });
  it('reads wall-clock seconds apart from virtual time, from the injected wall reading when one is given', () => {
    let wall = 1_900_000_000_500;
    const clock = createClock({ kind: 'manual', startMs: 1_000, wallNow: () => wall });
    clock.setTo(10 * 3_600_000);
    expect(clock.wallSeconds()).toBe(1_900_000_000);
    wall += 2_000;
    expect(clock.wallSeconds()).toBe(1_900_000_002);
    const real = createClock({ kind: 'real', offsetMs: 3_600_000 });
    expect(Math.abs(real.wallSeconds() - Date.now() / 1000)).toBeLessThan(2);
  });
  it('real clock follows real time plus an offset', () => {
    const clock = createClock({ kind: 'real', offsetMs: 3_600_000 });
    expect(clock.now() - clock.realNow()).toBeGreaterThanOrEqual(3_599_000);
    clock.setTo(clock.now() + 60_000);
    expect(clock.offset()).toBeGreaterThanOrEqual(3_659_000);
  });
});

describe('money', () => {
  it('formats paise', () => {
    expect(formatPaise(12345)).toBe('₹123.45');
    expect(formatPaise(-5)).toBe('-₹0.05');
    expect([formatPaise(150_050), formatPaise(10_000_000_00)]).toEqual(['₹1,500.50', '₹1,00,00,000.00']);
  });
});

describe('pagination', () => {
  const schema = paginationQuery({ defaultLimit: 50, maxLimit: 100 });
  it('applies defaults and clamps a limit over the maximum', () => {
    expect(schema.parse({})).toEqual({ page: 1, limit: 50 });
    expect(schema.parse({ page: '3', limit: '500' })).toEqual({ page: 3, limit: 100 });
  });
  it('refuses zero, negatives and fractions', () => {
    expect(schema.safeParse({ limit: '0' }).success).toBe(false);
    expect(schema.safeParse({ page: '-1' }).success).toBe(false);
    expect(schema.safeParse({ limit: '2.5' }).success).toBe(false);
    expect(schema.safeParse({ limit: 'abc' }).success).toBe(false);
  });
  it('reads decimal digits only: hex, exponents, "2.0", repeats and empty values are refused with the field named', () => {
    for (const limit of ['0x10', '1e2', '2.0', '', ' ', '+5', ['1', '2']]) {
      const result = schema.safeParse({ limit });
      expect(result.success, JSON.stringify(limit)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^limit must be/);
    }
    expect(schema.parse({ page: ' 7 ', limit: '010' })).toEqual({ page: 7, limit: 10 });
    expect(schema.safeParse({ page: '1000001' }).error?.issues[0]?.message).toBe('page must be at most 1000000');
    // More digits than a double holds exactly are still a whole number: over the maximum, or clamped.
    expect(new Set(schema.safeParse({ page: '9007199254740993' }).error?.issues.map((issue) => issue.message))).toEqual(new Set(['page must be at most 1000000']));
    expect(schema.parse({ limit: '9'.repeat(400) })).toEqual({ page: 1, limit: 100 });
  });
  it('builds the list envelope', () => {
    const request = toPageRequest({ page: 2, limit: 10 });
    expect(request.offset).toBe(10);
    expect(pageEnvelope([1, 2], 21, request).meta).toEqual({ total: 21, page: 2, limit: 10, totalPages: 3 });
  });
});

describe('rate limiter', () => {
  it('is a sliding 60 s window per key and client IP', () => {
    const clock = createClock({ kind: 'manual', startMs: 0 });
    const limiter = createRateLimiter(clock);
    expect(limiter.take('k', '1.1.1.1', 2)).toMatchObject({ allowed: true, remaining: 1 });
    clock.setTo(30_000);
    expect(limiter.take('k', '1.1.1.1', 2)).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.take('k', '1.1.1.1', 2)).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
    expect(limiter.take('k', '2.2.2.2', 2)).toMatchObject({ allowed: true });
    expect(limiter.take('other', '1.1.1.1', 2)).toMatchObject({ allowed: true });
    clock.setTo(60_001);
    expect(limiter.take('k', '1.1.1.1', 2)).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.take('k', '1.1.1.1', 2)).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
  });
});

describe('migrations', () => {
  const one: Migration = { id: 1, name: 'one', sql: 'CREATE TABLE a (x INTEGER);' };
  const two: Migration = { id: 2, name: 'two', sql: 'CREATE TABLE b (y INTEGER);' };
  it('apply forward only, once', () => {
    const { db } = tempDb();
    expect(migrate(db.sql, [one], 't')).toEqual([1]);
    expect(migrate(db.sql, [one, two], 't')).toEqual([2]);
    expect(migrate(db.sql, [one, two], 't')).toEqual([]);
    db.close();
  });
  it('refuse an applied migration that was edited', () => {
    const { db } = tempDb();
    migrate(db.sql, [one], 't');
    expect(() => migrate(db.sql, [{ ...one, sql: 'CREATE TABLE a (x TEXT);' }], 't')).toThrow(MigrationError);
    db.close();
  });
  it('refuse a database made by a newer version', () => {
    const { db } = tempDb();
    migrate(db.sql, [one, two], 't');
    expect(() => migrate(db.sql, [one], 't')).toThrow(/newer/);
    db.close();
  });
  it('roll back a failing migration whole', () => {
    const { db } = tempDb();
    const bad: Migration = { id: 3, name: 'bad', sql: 'CREATE TABLE c (z INTEGER); CREATE TABLE c (z INTEGER);' };
    expect(() => migrate(db.sql, [one, bad], 't')).toThrow();
    expect(migrate(db.sql, [one, two], 't')).toEqual([2]);
    db.close();
  });
});

describe('transactions and the outbox', () => {
  it('an event is stored with its change and dispatched only after commit; a rollback drops both', async () => {
    const { db, clock } = outboxDb();
    const bus = createBus({ db, clock });
    const seen: string[] = [];
    bus.on('*', (event) => void seen.push(event.type));
    expect(() =>
      db.tx(() => {
        bus.emit('org_x', 'thing.failed', {});
        throw new Error('boom');
      }),
    ).toThrow('boom');
    db.tx(() => bus.emit('org_x', 'thing.done', { n: 1 }));
    await bus.flush();
    expect(seen).toEqual(['thing.done']);
    expect(bus.recent('org_x', 10).map((row) => row.type)).toEqual(['thing.done']);
    db.close();
  });
  it('undispatched events survive a restart and are dispatched by the next flush', async () => {
    const { db, file, clock } = outboxDb();
    db.tx(() => createBus({ db, clock }).emit('org_x', 'crash.pending', {}));
    const seen = (await dispatchedAfterRestart(db, file, clock, 'crash.pending')).map((event) => event.id);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^evt_/);
  });
  it('events emitted while a batch is dispatched are dispatched too, each exactly once', async () => {
    const { db, clock } = outboxDb();
    // The cursor's save timer must not fire before the check that nothing was saved per batch: at its 100 ms it
    // did when a loaded machine stalled that long between the two batches.
    const bus = createBus({ db, clock, cursorSaveMs: 60_000 });
    const seen: string[] = [];
    bus.on('*', (event) => {
      seen.push(event.type);
      // A listener's own writes (and the next batch) land while this batch is still being dispatched.
      if (event.type === 'first.1') db.tx(() => bus.emit('org_x', 'later', {}));
    });
    db.tx(() => {
      for (let i = 0; i < 150; i++) bus.emit('org_x', `first.${i}`, {});
    });
    await bus.flush();
    await bus.flush();
    expect(seen).toHaveLength(151);
    expect(new Set(seen).size).toBe(151);
    expect(seen.indexOf('later')).toBeGreaterThan(seen.indexOf('first.149'));
    const savedCursor = () => db.sql.prepare('SELECT seq FROM outbox_cursor').pluck().get();
    expect(savedCursor()).toBe(0);
    bus.saveCursor();
    expect(savedCursor()).toBe(db.sql.prepare('SELECT MAX(seq) FROM outbox').pluck().get());
    db.close();
  });
  it('events another connection commits are dispatched too, in outbox order among this one\'s', async () => {
    const { db, file, clock } = outboxDb();
    const other = openDb(file);
    const otherBus = createBus({ db: other, clock });
    const bus = createBus({ db, clock });
    const seen: string[] = [];
    bus.on('*', (event) => void seen.push(event.type));
    db.tx(() => bus.emit('org_x', 'here.1', {}));
    await bus.flush();
    other.tx(() => otherBus.emit('org_x', 'there.2', {}));
    db.tx(() => bus.emit('org_x', 'here.3', {}));
    await bus.flush();
    await new Promise((resolve) => setImmediate(resolve));
    other.tx(() => otherBus.emit('org_x', 'there.4', {}));
    await bus.flush();
    expect(seen).toEqual(['here.1', 'there.2', 'here.3', 'there.4']);
    other.close();
    db.close();
  });
  it('a crash before the cursor is saved dispatches the unsaved events again; a saved cursor does not', async () => {
    const { db, file, clock } = outboxDb();
    const first = createBus({ db, clock, cursorSaveMs: 60_000 });
    db.tx(() => first.emit('org_x', 'saved', {}));
    await first.flush();
    first.saveCursor();
    db.tx(() => first.emit('org_x', 'unsaved', {}));
    await first.flush();
    const seen = (await dispatchedAfterRestart(db, file, clock, '*')).map((event) => event.type);
    expect(seen).toEqual(['unsaved']);
  });
  it('event data is shared by the listeners, so under test it is frozen once emitted', () => {
    const { db, clock } = outboxDb();
    const bus = createBus({ db, clock });
    const data = { contact: { tags: ['vip'] } };
    db.tx(() => bus.emit('org_x', 'thing.done', data));
    expect(() => data.contact.tags.push('late')).toThrow(TypeError);
    db.close();
  });
  it('an outbox from before the cursor (migration 16) resumes at its first undispatched event', async () => {
    const { db } = tempDb();
    migrate(db.sql, MIGRATIONS.filter((m) => m.id < 16), 't');
    const insert = db.sql.prepare(`INSERT INTO outbox (id, org_id, type, data, created_at, dispatched_at) VALUES (?, 'org_x', ?, '{}', 't', ?)`);
    insert.run('evt_1', 'old.done', 't');
    insert.run('evt_2', 'old.pending', null);
    insert.run('evt_3', 'old.pending.too', null);
    migrate(db.sql, MIGRATIONS, 't');
    const bus = createBus({ db, clock: createClock({ kind: 'manual', startMs: 0 }) });
    const seen: string[] = [];
    bus.on('*', (event) => void seen.push(event.type));
    await bus.flush();
    expect(seen).toEqual(['old.pending', 'old.pending.too']);
    db.close();
  });
  it('the outbox, ledger, handsets and request log keep every row and seq when rebuilt lean (migration 18)', () => {
    const { db } = tempDb();
    migrate(db.sql, MIGRATIONS.filter((m) => m.id < 18), 't');
    db.sql.prepare(`INSERT INTO organizations (id, name, created_at) VALUES ('org_x', 'X', 't')`).run();
    const ledger = db.sql.prepare(`INSERT INTO ledger (seq, id, org_id, kind, amount_paise, balance_after_paise, email_credits_after, description, created_at)
      VALUES (?, ?, 'org_x', 'top_up', 100, 100, 0, 'top-up', 't')`);
    const outbox = db.sql.prepare(`INSERT INTO outbox (seq, id, org_id, type, data, created_at) VALUES (?, ?, 'org_x', 'thing.done', '{}', 't')`);
    const handset = db.sql.prepare(`INSERT INTO sim_handset_messages (id, org_id, address, channel, sender, text, message_id, external_id, at)
      VALUES (?, 'org_x', '+1', 'sms', 'S', ?, ?, ?, 't')`);
    [[1, 'a'], [7, 'b']].forEach(([seq, id]) => ledger.run(seq, `led_${id}`));
    [[3, 'a'], [9, 'b']].forEach(([seq, id]) => outbox.run(seq, `evt_${id}`));
    handset.run('hsm_b', 'first', 'msg_1', 'sms_1');
    handset.run('hsm_a', 'second', 'msg_2', null);
    db.sql.prepare(`INSERT INTO request_log (rowid, id, method, endpoint, status_code, source_ip, duration_ms, at) VALUES (5, 'req_a', 'GET', '/v1/x', 200, '::1', 1, 't')`).run();
    migrate(db.sql, MIGRATIONS, 't');
    const tables = ['ledger', 'outbox', 'sim_handset_messages', 'request_log'];
    const schema = db.sql.prepare(`SELECT name, sql FROM sqlite_master WHERE tbl_name IN (${tables.map(() => '?').join()}) ORDER BY name`).all(...tables) as Array<{ name: string; sql: string }>;
    expect(schema.map((entry) => entry.name)).toEqual([
      'ledger', 'ledger_org', 'ledger_reference', 'outbox', 'request_log', 'request_log_key', 'request_log_org', 'sim_handset_address', 'sim_handset_message', 'sim_handset_messages',
    ]);
    expect(schema.map((entry) => entry.sql).join()).not.toMatch(/AUTOINCREMENT|UNIQUE|id TEXT PRIMARY KEY/);
    ledger.run(null, 'led_c');
    outbox.run(null, 'evt_c');
    expect(db.sql.prepare(`SELECT seq, id FROM ledger ORDER BY seq`).all()).toEqual([{ seq: 1, id: 'led_a' }, { seq: 7, id: 'led_b' }, { seq: 8, id: 'led_c' }]);
    expect(db.sql.prepare(`SELECT seq, id FROM outbox ORDER BY seq`).all()).toEqual([{ seq: 3, id: 'evt_a' }, { seq: 9, id: 'evt_b' }, { seq: 10, id: 'evt_c' }]);
    expect(db.sql.prepare(`SELECT id, text, external_id FROM sim_handset_messages ORDER BY rowid`).all()).toEqual([
      { id: 'hsm_b', text: 'first', external_id: 'sms_1' }, { id: 'hsm_a', text: 'second', external_id: null },
    ]);
    expect(db.sql.prepare(`SELECT rowid, id, endpoint FROM request_log`).all()).toEqual([{ rowid: 5, id: 'req_a', endpoint: '/v1/x' }]);
    db.close();
  });
  it('nested transactions join the outer one; hooks run after the outermost commit', () => {
    const { db } = tempDb();
    const order: string[] = [];
    db.tx(() => {
      db.tx(() => db.afterCommit(() => order.push('inner hook')));
      order.push('outer body');
    });
    expect(order).toEqual(['outer body', 'inner hook']);
    db.close();
  });
  it('hold: async work commits as one transaction, each tx inside a savepoint with its own hooks', async () => {
    const { db, file } = tempDb();
    db.sql.exec('CREATE TABLE t (n INTEGER)');
    const other = openDb(file);
    const count = () => (other.sql.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n;
    const insert = db.sql.prepare('INSERT INTO t (n) VALUES (?)');
    const hooks: number[] = [];
    await db.hold(async () => {
      db.tx(() => {
        insert.run(1);
        db.afterCommit(() => hooks.push(1));
      });
      expect(hooks).toEqual([1]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(() => db.tx(() => {
        insert.run(2);
        db.afterCommit(() => hooks.push(2));
        throw new Error('undone alone');
      })).toThrow('undone alone');
      insert.run(3);
      expect(count()).toBe(0);
    });
    expect(hooks).toEqual([1]);
    expect(other.sql.prepare('SELECT n FROM t ORDER BY n').all()).toEqual([{ n: 1 }, { n: 3 }]);
    await expect(db.hold(async () => {
      db.tx(() => insert.run(4));
      throw new Error('seed failed');
    })).rejects.toThrow('seed failed');
    expect(count()).toBe(2);
    db.tx(() => insert.run(5));
    expect(count()).toBe(3);
    other.close();
    db.close();
  });
});

describe('statement cache', () => {
  it('prepares each distinct text once, and again only after it was dropped past the maximum', () => {
    const db = openDb(':memory:');
    const prepared: string[] = [];
    const prepare = db.sql.prepare.bind(db.sql);
    db.sql.prepare = ((text: string) => {
      prepared.push(text);
      return prepare(text);
    }) as typeof db.sql.prepare;
    const cached = statementCache(db.sql, 2);
    expect(cached('SELECT ? AS n').get(1)).toEqual({ n: 1 });
    expect(cached('SELECT ? AS n').get(2)).toEqual({ n: 2 });
    expect(prepared).toEqual(['SELECT ? AS n']);
    cached('SELECT 2');
    cached('SELECT 3');
    cached('SELECT ? AS n');
    expect(prepared).toEqual(['SELECT ? AS n', 'SELECT 2', 'SELECT 3', 'SELECT ? AS n']);
    db.close();
  });
});

describe('read caches', () => {
  it('keep a value until a write; a value read inside the writing transaction is not kept past a rollback', () => {
    const { db, file } = tempDb();
    db.sql.exec(`CREATE TABLE t (k TEXT PRIMARY KEY, v TEXT)`);
    const cache = createVersionedCache<string | undefined>(db.sql);
    let loads = 0;
    const read = () => cache.read('a', () => {
      loads++;
      return db.sql.prepare(`SELECT v FROM t WHERE k = 'a'`).pluck().get() as string | undefined;
    });
    expect(read()).toBeUndefined();
    expect(read()).toBeUndefined();
    expect(loads).toBe(1);
    expect(() => db.tx(() => {
      db.sql.exec(`INSERT INTO t VALUES ('a', 'phantom')`);
      cache.invalidate();
      expect(read()).toBe('phantom');
      throw new Error('rolled back');
    })).toThrow('rolled back');
    expect(read()).toBeUndefined();
    db.tx(() => {
      db.sql.exec(`INSERT INTO t VALUES ('a', 'kept')`);
      cache.invalidate();
    });
    expect(read()).toBe('kept');
    const other = openDb(file);
    other.sql.exec(`UPDATE t SET v = 'from another process' WHERE k = 'a'`);
    return new Promise<void>((resolve) => setImmediate(() => {
      expect(read()).toBe('from another process');
      other.close();
      db.close();
      resolve();
    }));
  });
});
