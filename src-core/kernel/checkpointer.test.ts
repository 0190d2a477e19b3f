// The background checkpointer copies committed WAL pages into the database file without the writing
// connection checkpointing itself, and stops cleanly.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer.ts';
import { openDb } from './db.ts';

const dir = mkdtempSync(join(tmpdir(), 'sb-ckpt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('checkpointer', () => {
  it('moves committed pages into the database file in the background', async () => {
    const file = join(dir, 'c.db');
    const db = openDb(file);
    db.sql.pragma('wal_autocheckpoint = 0');
    db.sql.exec('CREATE TABLE t (v TEXT)');
    const before = statSync(file).size;
    for (let i = 0; i < 200; i++) db.tx(() => db.sql.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(2000)));
    const checkpointer = startCheckpointer(file, 20);
    while (statSync(file).size <= before + 200 * 2000) await delay(20);
    await checkpointer.stop();
    expect(db.sql.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(200);
    db.close();
  });
  it('a worker that cannot open the database is logged, never fatal, and stops at once', async () => {
    const logs: string[] = [];
    const checkpointer = startCheckpointer(join(dir, 'missing', 'nested', 'x.db'), 20, (msg) => logs.push(msg));
    while (logs.length === 0) await delay(20);
    expect(logs[0]).toContain('checkpoint worker stopped');
    await checkpointer.stop();
  });
});
