// The outbox keeps dispatched events for 30 days of the virtual clock: older ones go as the cursor is saved (at most
// once an hour of the clock, a chunk at a time); events not dispatched yet stay however old, and so does the newest.
import { afterEach, describe, expect, it } from 'vitest';
import { createBus, OUTBOX_KEEP_MS, type BusEvent } from './bus.ts';
import { createClock } from './clock.ts';
import { openDb } from './db.ts';
import { createOutboxStore } from './outbox.store.ts';
import { migratedDb } from '../testing/migrated-db.ts';

const HOUR_MS = 3_600_000;
const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function setup() {
  const { db, file, remove } = migratedDb('outbox-retention');
  cleanups.push(remove);
  const clock = createClock({ kind: 'manual', startMs: Date.parse('2026-01-01T00:00:00.000Z') });
  // The cursor is saved when the test says (saveCursor), not on its 100 ms timer.
  const bus = createBus({ db, clock, cursorSaveMs: 600_000 });
  const seen: string[] = [];
  bus.on('*', (event) => void seen.push(event.type));
  /** Emits `types` in one transaction and dispatches them (the cursor is not saved). */
  const emit = async (...types: string[]) => {
    db.tx(() => types.forEach((type) => bus.emit('org_x', type, {})));
    await bus.flush();
  };
  /** The events the outbox holds, oldest first. */
  const stored = () => db.sql.prepare('SELECT type FROM outbox ORDER BY seq').pluck().all() as string[];
  const advance = (ms: number) => clock.setTo(clock.now() + ms);
  return { db, file, clock, bus, seen, emit, stored, advance };
}

describe('outbox retention', () => {
  it('removes dispatched events older than 30 days when the cursor is saved, looking again an hour of the clock later', async () => {
    const { bus, emit, stored, advance } = setup();
    await emit('old.1', 'old.2');
    advance(1_000);
    await emit('old.3');
    bus.saveCursor();
    advance(OUTBOX_KEEP_MS - 1_000 + 1);
    await emit('new.1');
    bus.saveCursor();
    // old.3 is 1 s younger: still within its 30 days.
    expect(stored()).toEqual(['old.3', 'new.1']);
    advance(2_000);
    await emit('new.2');
    bus.saveCursor();
    // old.3 is past its 30 days now, but the last look was less than an hour ago.
    expect(stored()).toEqual(['old.3', 'new.1', 'new.2']);
    advance(HOUR_MS);
    await emit('new.3');
    bus.saveCursor();
    expect(stored()).toEqual(['new.1', 'new.2', 'new.3']);
    expect(bus.recent('org_x', 10).map((row) => row.type)).toEqual(['new.3', 'new.2', 'new.1']);
  });

  it('keeps the newest event even when it is old, so an event emitted next is numbered after the cursor and dispatched', async () => {
    const { bus, seen, emit, stored, advance } = setup();
    await emit('earlier', 'newest');
    // The clock jumps past 30 days before the cursor is saved (an advance within the save's 100 ms, or a restart a
    // month later dispatching what was left): every event is old and dispatched, but the newest holds the highest seq.
    advance(OUTBOX_KEEP_MS + 1);
    bus.saveCursor();
    expect(stored()).toEqual(['newest']);
    // Numbered after it, above the cursor: had the outbox been emptied, it would restart at 1, below the cursor, be
    // taken for dispatched and never reach a listener.
    await emit('next');
    expect(seen).toEqual(['earlier', 'newest', 'next']);
    expect(stored()).toEqual(['newest', 'next']);
  });

  it('never removes an event not dispatched yet, however old: a restart still dispatches it', async () => {
    const { db, file, clock, bus, emit, stored, advance } = setup();
    await emit('saved');
    bus.saveCursor();
    // Dispatched in memory, but the process stops before the cursor is saved: to the outbox, not dispatched yet.
    await emit('unsaved.1', 'unsaved.2');
    advance(OUTBOX_KEEP_MS * 2);
    expect(createOutboxStore(db.sql).removeDispatched(clock.nowIso(), 100)).toBe(0);
    expect(stored()).toEqual(['saved', 'unsaved.1', 'unsaved.2']);
    db.close();
    const reopened = openDb(file);
    const restarted = createBus({ db: reopened, clock });
    const redispatched: BusEvent[] = [];
    restarted.on('*', (event) => void redispatched.push(event));
    await restarted.flush();
    restarted.saveCursor();
    expect(redispatched.map((event) => event.type)).toEqual(['unsaved.1', 'unsaved.2']);
    // Once dispatched and saved, the old ones go but the newest.
    expect(reopened.sql.prepare('SELECT type FROM outbox ORDER BY seq').pluck().all()).toEqual(['unsaved.2']);
    reopened.close();
  });
});
