// bus.settle: what advancing a running clock waits for between jobs: the events committed so far and a few
// waves of their consequences, but not a stream that never stops.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBus } from './bus.ts';
import { createClock } from './clock.ts';
import { openDb } from './db.ts';
import { migrate } from './migrate.store.ts';
import { MIGRATIONS } from '../migrations/index.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'sb-bus-'));
  dirs.push(dir);
  const db = openDb(join(dir, 'b.db'));
  migrate(db.sql, MIGRATIONS, 't');
  return { db, bus: createBus({ db, clock: createClock({ kind: 'manual', startMs: 0 }) }) };
}

describe('bus.settle', () => {
  it('dispatches the events committed so far and the events their listeners emit', async () => {
    const { db, bus } = setup();
    const seen: string[] = [];
    bus.on('*', (event) => {
      seen.push(event.type);
      if (event.type === 'a') db.tx(() => bus.emit('org_x', 'b', {}));
      if (event.type === 'b') db.tx(() => bus.emit('org_x', 'c', {}));
    });
    db.tx(() => bus.emit('org_x', 'a', {}));
    await bus.settle();
    expect(seen).toEqual(['a', 'b', 'c']);
    await bus.settle();
    expect(seen).toEqual(['a', 'b', 'c']);
    db.close();
  });
  it('returns while events keep coming, where flush would not', async () => {
    const { db, bus } = setup();
    let endless = true;
    let seen = 0;
    bus.on('tick', () => {
      seen++;
      if (endless) db.tx(() => bus.emit('org_x', 'tick', {}));
    });
    db.tx(() => bus.emit('org_x', 'tick', {}));
    await bus.settle();
    expect(seen).toBeGreaterThanOrEqual(8);
    endless = false;
    await bus.flush();
    db.close();
  });
});
