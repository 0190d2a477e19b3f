// The demo seed is one transaction: cut short (a failure in its last write, or the process killed half-way),
// it leaves nothing behind but the marker that asks for it, and the next start seeds once, from the start.
import Database from 'better-sqlite3';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../kernel/db.ts';
import { migrate } from '../kernel/migrate.store.ts';
import { MIGRATIONS } from '../migrations/index.ts';
import { createServer } from '../server.ts';
import { exited, startServeProcess } from '../testing/serve-process.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempFile = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'sb-seed-'));
  dirs.push(dir);
  return join(dir, 'seed.db');
};

/** What a seeded database holds, counted from a separate connection. */
function seededState(file: string) {
  const sql = new Database(file, { readonly: true });
  const count = (query: string): number => (sql.prepare(query).get() as { n: number }).n;
  const state = {
    alices: count(`SELECT count(*) AS n FROM contacts WHERE name = 'Alice Johnson'`),
    contacts: count(`SELECT count(*) AS n FROM contacts`),
    topUps: count(`SELECT count(*) AS n FROM ledger WHERE description = 'Demo funds'`),
    festiveSale: count(`SELECT count(*) AS n FROM whatsapp_templates WHERE name = 'festive_sale'`),
    // The simulated shop's data is written in the seed's transaction too.
    shopifyRecords: count(`SELECT count(*) AS n FROM sim_shopify_records`),
    shopifyConnections: count(`SELECT count(*) AS n FROM shopify_connections`),
    pending: count(`SELECT count(*) AS n FROM settings WHERE key = 'demo_seed_pending'`),
    seeded: count(`SELECT count(*) AS n FROM settings WHERE key LIKE 'demo_seeded:%'`),
  };
  sql.close();
  return state;
}

function hasPendingMarker(file: string): boolean {
  try {
    return seededState(file).pending === 1;
  } catch {
    return false; // not migrated yet
  }
}

const manual = { kind: 'manual' as const, startMs: Date.parse('2026-01-15T09:00:00Z') };

// Two servers are started as processes, each playing the demo's two-hour story: 30 s per test was hit once when the
// whole suite ran beside other test runs (the test takes 4-5 s alone).
describe('demo seed atomicity', { timeout: 120_000 }, () => {
  let reference: ReturnType<typeof seededState>;
  beforeAll(async () => {
    const file = tempFile();
    await (await createServer({ dataFile: file, clock: manual, seed: 'demo', log: () => undefined })).close();
    reference = seededState(file);
    expect(reference).toMatchObject({ alices: 1, festiveSale: 1, shopifyRecords: 29, shopifyConnections: 1, pending: 0, seeded: 1 });
  });

  it('a seed that fails at its last write leaves nothing; the next start seeds everything once', async () => {
    const file = tempFile();
    const db = openDb(file);
    migrate(db.sql, MIGRATIONS, 't');
    db.sql.exec(`CREATE TRIGGER fail_seed BEFORE INSERT ON settings WHEN NEW.key LIKE 'demo_seeded:%' BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
    db.close();
    const options = { dataFile: file, clock: manual, seed: 'auto' as const, log: () => undefined };
    await expect(createServer(options)).rejects.toThrow('injected failure');
    expect(seededState(file)).toEqual({ alices: 0, contacts: 0, topUps: 0, festiveSale: 0, shopifyRecords: 0, shopifyConnections: 0, pending: 1, seeded: 0 });

    const fix = openDb(file);
    fix.sql.exec('DROP TRIGGER fail_seed');
    fix.close();
    const server = await createServer(options);
    await server.close();
    expect(seededState(file)).toEqual(reference);
    // A later start (auto) leaves it alone.
    await (await createServer(options)).close();
    expect(seededState(file)).toEqual(reference);
  });

  it('SIGKILL during the first start\'s seed: the restart seeds once and starts', async () => {
    const file = tempFile();
    let child: ChildProcess | undefined;
    const first = startServeProcess(file, { seed: 'demo', onSpawn: (spawned) => (child = spawned) });
    let readyLine = false;
    first.then(() => (readyLine = true), () => undefined);
    // The marker commits with the default organization, just before the seed begins: kill as soon as it shows.
    while (!existsSync(file) || !hasPendingMarker(file)) await new Promise((resolve) => setTimeout(resolve, 2));
    child?.kill('SIGKILL');
    await exited(child as ChildProcess);
    expect(readyLine).toBe(false);
    const second = await startServeProcess(file, { seed: 'demo' });
    second.child.kill('SIGKILL');
    await exited(second.child);
    expect(seededState(file)).toEqual(reference);
  });
});
