// Keys claimed before migration 29 noted nothing of their progress: one a stop cut short runs again with no notes,
// and notes from then on. Notes are kept with the claim in the database (a restart reads them), and a key used again
// after its window starts with none.
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDb } from '../testing/migrated-db.ts';
import { MIGRATIONS } from '../migrations/index.ts';
import { createClock } from './clock.ts';
import { renderError } from './errors.ts';
import { createIdempotency, type KeyedNotes } from './idempotency.ts';
import { migrate } from './migrate.store.ts';

const { db, remove } = migratedDb('idempotency-migrations', [], { before: 29 });
afterAll(remove);

describe('idempotency keys from before migration 29', () => {
  it('run again with no notes, then note; notes outlive the process and not the key\'s window', async () => {
    const hash = createHash('sha256').update('POST /v1/messages/send\n{}').digest('hex');
    db.sql.prepare(`INSERT INTO idempotency_keys (org_id, idem_key, request_hash, route, state, created_ms) VALUES ('org_a', 'k1', ?, 'POST /v1/messages/send', 'running', 0)`).run(hash);
    migrate(db.sql, MIGRATIONS, 't');
    const clock = createClock({ kind: 'manual', startMs: 1_000 });
    /** A process: its own idempotency over the same database (a restart makes another). */
    const process = () => {
      const idempotency = createIdempotency({ db, clock });
      return (work: (notes: KeyedNotes) => unknown) => idempotency.run({ orgId: 'org_a', key: 'k1', route: 'POST /v1/messages/send', body: {}, resumable: true },
        async (_keyedId, notes) => ({ status: 200, body: { noted: work(notes as KeyedNotes) ?? null } }), renderError);
    };
    const cutShort = () => db.sql.prepare(`UPDATE idempotency_keys SET state = 'running', status_code = NULL, response = NULL WHERE idem_key = 'k1'`).run();

    expect((await process()((notes) => {
      const before = notes.noted('whatsapp');
      notes.note('whatsapp', { code: 'VALIDATION_FAILED', message: 'Template hello is PENDING' });
      notes.note('rcs', { code: 'VALIDATION_FAILED', message: 'no bot' });
      return before;
    })).body).toEqual({ noted: null });
    cutShort();
    expect((await process()((notes) => [notes.noted('whatsapp'), notes.noted('rcs'), notes.noted('constructor') ?? null])).body).toEqual({
      noted: [{ code: 'VALIDATION_FAILED', message: 'Template hello is PENDING' }, { code: 'VALIDATION_FAILED', message: 'no bot' }, null],
    });
    // After its window the key is claimed afresh, with nothing noted.
    clock.setTo(24 * 3600 * 1000 + 1);
    expect((await process()((notes) => notes.noted('whatsapp'))).body).toEqual({ noted: null });
  });
});
