// Idempotency keys: one run per key within 24 hours, conflicts for another body or a running request.
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDb } from '../testing/migrated-db.ts';
import { createClock } from './clock.ts';
import { AppError, renderError } from './errors.ts';
import { createIdempotency } from './idempotency.ts';
import { createIdempotencyStore } from './idempotency.store.ts';

const { db, remove } = migratedDb('idempotency');
const clock = createClock({ kind: 'manual', startMs: 0 });
const service = createIdempotency({ db, clock });
const idempotency = { run: (input: Parameters<typeof service.run>[0], work: Parameters<typeof service.run>[1]) => service.run(input, work, renderError) };
afterAll(remove);

describe('idempotency', () => {
  it('runs once per key and replays the first answer', async () => {
    let runs = 0;
    const work = async () => ({ status: 201, body: { n: ++runs } });
    const input = { orgId: 'org_a', key: 'k1', route: 'POST /v1/x', body: { a: 1, b: [1, 2] } };
    expect(await idempotency.run(input, work)).toEqual({ status: 201, body: { n: 1 }, replayed: false });
    expect(await idempotency.run({ ...input, body: { b: [1, 2], a: 1 } }, work)).toEqual({ status: 201, body: { n: 1 }, replayed: true });
    expect(runs).toBe(1);
    await expect(idempotency.run({ ...input, body: { a: 2 } }, work)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', statusCode: 409 });
    expect((await idempotency.run({ ...input, orgId: 'org_b' }, work)).body).toEqual({ n: 2 });
  });
  it('forgets a key after 24 hours', async () => {
    let runs = 0;
    const work = async () => ({ status: 200, body: { n: ++runs } });
    const input = { orgId: 'org_a', key: 'k2', route: 'POST /v1/x', body: {} };
    await idempotency.run(input, work);
    clock.setTo(clock.now() + 24 * 3600 * 1000);
    expect((await idempotency.run(input, work)).replayed).toBe(false);
    expect(runs).toBe(2);
  });
  it('forgets keys past their window from the table, not only when the same key comes again', async () => {
    const store = createIdempotencyStore(db.sql);
    const work = async () => ({ status: 200, body: { secret: 'whsec_old' } });
    clock.setTo(clock.now() + 2 * 24 * 3600 * 1000);
    await idempotency.run({ orgId: 'org_f', key: 'old-1', route: 'POST /v1/x', body: {} }, work);
    await idempotency.run({ orgId: 'org_f', key: 'old-2', route: 'POST /v1/x', body: {} }, work);
    clock.setTo(clock.now() + 12 * 3600 * 1000);
    await idempotency.run({ orgId: 'org_f', key: 'half-day', route: 'POST /v1/x', body: {} }, work);
    expect(store.get('org_f', 'old-1')).toBeDefined();
    // A day after the first two, another key's claim forgets them; the one within its day stays and still replays.
    clock.setTo(clock.now() + 12 * 3600 * 1000 + 1);
    await idempotency.run({ orgId: 'org_g', key: 'new', route: 'POST /v1/x', body: {} }, work);
    expect([store.get('org_f', 'old-1'), store.get('org_f', 'old-2')]).toEqual([undefined, undefined]);
    expect((await idempotency.run({ orgId: 'org_f', key: 'half-day', route: 'POST /v1/x', body: {} }, work)).replayed).toBe(true);
    const left = db.sql.prepare('SELECT COUNT(*) FROM idempotency_keys WHERE created_ms <= ?').pluck().get(clock.now() - 24 * 3600 * 1000);
    expect(left).toBe(0);
  });
  it('keeps a refusal or a definite failure, forgets an unexpected failure; a repeat waits for the first; a key cut short by a stop is 409', async () => {
    const input = { orgId: 'org_a', key: 'k3', route: 'POST /v1/x', body: {} };
    await expect(idempotency.run(input, async () => {
      throw new AppError('CONTACT_BLOCKED', 'blocked', { extra: { reason: 'spam' } });
    })).rejects.toThrow('blocked');
    expect(await idempotency.run(input, async () => ({ status: 200, body: {} }))).toMatchObject({
      status: 409, replayed: true, body: { code: 'CONTACT_BLOCKED', reason: 'spam', statusCode: 409, error: 'Conflict' },
    });
    const gateway = { ...input, key: 'k6' };
    await expect(idempotency.run(gateway, async () => {
      throw new AppError('BAD_GATEWAY', 'All channels failed: sms', { extra: { attempts: [] } });
    })).rejects.toThrow('All channels failed');
    expect(await idempotency.run(gateway, async () => ({ status: 200, body: {} }))).toMatchObject({ status: 502, replayed: true, body: { code: 'BAD_GATEWAY', attempts: [] } });
    const crash = { ...input, key: 'k4' };
    await expect(idempotency.run(crash, async () => {
      throw new Error('database on fire');
    })).rejects.toThrow('fire');
    expect((await idempotency.run(crash, async () => ({ status: 200, body: { ok: true } }))).replayed).toBe(false);
    let release: () => void = () => undefined;
    const slow = idempotency.run({ ...input, key: 'k5' }, () => new Promise((resolve) => {
      release = () => resolve({ status: 200, body: { first: true } });
    }));
    let repeatRan = false;
    const repeat = idempotency.run({ ...input, key: 'k5' }, async () => {
      repeatRan = true;
      return { status: 200, body: {} };
    });
    release();
    expect(await slow).toEqual({ status: 200, body: { first: true }, replayed: false });
    expect(await repeat).toEqual({ status: 200, body: { first: true }, replayed: true });
    expect(repeatRan).toBe(false);
    // A key claimed by a request that never answered, and that no request of this process is running: a stop cut it short.
    const hash = createHash('sha256').update('POST /v1/x\n{}').digest('hex');
    createIdempotencyStore(db.sql).claim({ orgId: 'org_a', key: 'k7', hash, route: 'POST /v1/x', now: clock.now(), expiredBefore: -1 });
    await expect(idempotency.run({ ...input, key: 'k7' }, async () => ({ status: 200, body: {} }))).rejects.toMatchObject({ statusCode: 409, message: expect.stringMatching(/was interrupted/) });
    await expect(idempotency.run({ ...input, key: 'bad key with spaces' }, async () => ({ status: 200, body: {} }))).rejects.toMatchObject({ statusCode: 400 });
  });
  it('on a resumable route, gives the claim its own message ids, and runs a request a stop cut short again with the same ids', async () => {
    const input = { orgId: 'org_a', key: 'r1', route: 'POST /v1/x', body: {}, resumable: true };
    const ids: string[] = [];
    const work = async (keyedId?: (prefix: string, part: string) => string) => {
      ids.push(keyedId?.('msg', 'sms/0') ?? 'none', keyedId?.('msg', 'sms/1') ?? 'none');
      return { status: 200, body: {} };
    };
    await idempotency.run(input, work);
    expect(ids[0]).toMatch(/^msg_[0-9A-Za-z]{24}$/);
    expect(ids[1]).not.toBe(ids[0]);
    // Cut short: claimed at the same moment, never answered, nothing running it here.
    const hash = createHash('sha256').update('POST /v1/x\n{}').digest('hex');
    const store = createIdempotencyStore(db.sql);
    const claimedMs = (store.get('org_a', 'r1') as { created_ms: number }).created_ms;
    db.sql.prepare(`UPDATE idempotency_keys SET state = 'running', status_code = NULL, response = NULL WHERE idem_key = 'r1'`).run();
    expect((await idempotency.run(input, work)).replayed).toBe(false);
    expect(ids.slice(2)).toEqual(ids.slice(0, 2));
    // Another key, another organization, or the same key after its window: other ids.
    await idempotency.run({ ...input, key: 'r2' }, work);
    await idempotency.run({ ...input, orgId: 'org_b' }, work);
    clock.setTo(claimedMs + 24 * 3600 * 1000);
    await idempotency.run(input, work);
    expect(new Set(ids.filter((_, i) => i % 2 === 0)).size).toBe(4);
    // An unexpected error leaves the claim to be run again, with the same ids (not a new claim with others).
    const failing = { ...input, key: 'r5' };
    await expect(idempotency.run(failing, async (keyedId) => {
      ids.push(keyedId?.('msg', 'sms/0') ?? 'none');
      throw new Error('disk I/O error');
    })).rejects.toThrow('disk I/O');
    const before = ids.at(-1);
    clock.setTo(clock.now() + 1000);
    expect(await idempotency.run(failing, async (keyedId) => ({ status: 200, body: { id: keyedId?.('msg', 'sms/0') } }))).toEqual({ status: 200, body: { id: before }, replayed: false });
    // Without `resumable`, no ids, and a request cut short stays 409.
    store.claim({ orgId: 'org_a', key: 'r3', hash, route: 'POST /v1/x', now: clock.now(), expiredBefore: -1 });
    await expect(idempotency.run({ ...input, key: 'r3', resumable: false }, work)).rejects.toMatchObject({ statusCode: 409 });
    await idempotency.run({ ...input, key: 'r4', resumable: false }, work);
    expect(ids.slice(-2)).toEqual(['none', 'none']);
  });
  it('with a fingerprint key, keeps an HMAC of the request (no plain digest of its body), and still matches a key claimed with a plain one', async () => {
    const keyed = createIdempotency({ db, clock, fingerprintKey: Buffer.alloc(32, 7) });
    const run = (input: Parameters<typeof keyed.run>[0], work: Parameters<typeof keyed.run>[1]) => keyed.run(input, work, renderError);
    const input = { orgId: 'org_f', key: 'f1', route: 'POST /v1/x', body: { phone: '+14155550188' } };
    const plain = createHash('sha256').update('POST /v1/x\n{"phone":"+14155550188"}').digest('hex');
    await run(input, async () => ({ status: 201, body: { id: 'a' } }));
    const store = createIdempotencyStore(db.sql);
    expect(store.get('org_f', 'f1')?.request_hash).not.toBe(plain);
    expect(await run(input, async () => ({ status: 201, body: { id: 'b' } }))).toEqual({ status: 201, body: { id: 'a' }, replayed: true });
    // Claimed before fingerprints were keyed (a plain digest): the same request still replays, another is still 409.
    store.claim({ orgId: 'org_f', key: 'f2', hash: plain, route: 'POST /v1/x', now: clock.now(), expiredBefore: -1 });
    store.finish('org_f', 'f2', 201, JSON.stringify({ id: 'old' }));
    expect(await run({ ...input, key: 'f2' }, async () => ({ status: 201, body: { id: 'c' } }))).toEqual({ status: 201, body: { id: 'old' }, replayed: true });
    await expect(run({ ...input, key: 'f2', body: { phone: '+14155550199' } }, async () => ({ status: 201, body: {} }))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });
  it('with an answer key, keeps answers sealed to their organization and key; a plain one kept before still replays, a moved one is 409', async () => {
    const sealing = createIdempotency({ db, clock, answerKey: Buffer.alloc(32, 9) });
    const run = (input: Parameters<typeof sealing.run>[0], work: Parameters<typeof sealing.run>[1]) => sealing.run(input, work, renderError);
    const store = createIdempotencyStore(db.sql);
    const input = { orgId: 'org_s', key: 's1', route: 'POST /v1/x', body: {} };
    let runs = 0;
    const work = async () => ({ status: 201, body: { secret: `whsec_${++runs}` } });
    await run(input, work);
    expect(store.get('org_s', 's1')?.response).toMatch(/^v1\.(?!.*whsec_)/);
    expect(await run(input, work)).toEqual({ status: 201, body: { secret: 'whsec_1' }, replayed: true });
    // A refusal is sealed too, and replayed as rendered.
    await expect(run({ ...input, key: 's2' }, async () => {
      throw new AppError('NOT_FOUND', 'Webhook whk_secret_id not found');
    })).rejects.toThrow('not found');
    expect(store.get('org_s', 's2')?.response).not.toContain('whk_secret_id');
    expect(await run({ ...input, key: 's2' }, work)).toMatchObject({ status: 404, replayed: true, body: { message: 'Webhook whk_secret_id not found' } });
    // Kept in the clear before answers were sealed: replayed as kept.
    store.claim({ orgId: 'org_s', key: 's3', hash: createHash('sha256').update('POST /v1/x\n{}').digest('hex'), route: 'POST /v1/x', now: clock.now(), expiredBefore: -1 });
    store.finish('org_s', 's3', 201, JSON.stringify({ secret: 'whsec_plain' }));
    expect(await run({ ...input, key: 's3' }, work)).toEqual({ status: 201, body: { secret: 'whsec_plain' }, replayed: true });
    // Moved to another key or organization, opened under another key, or kept sealed where no key opens it: 409, not run again.
    const moveTo = (orgId: string, key: string) => db.sql.prepare(`INSERT INTO idempotency_keys (org_id, idem_key, request_hash, route, state, status_code, response, created_ms)
      SELECT ?, ?, request_hash, route, state, status_code, response, created_ms FROM idempotency_keys WHERE org_id = 'org_s' AND idem_key = 's1'`).run(orgId, key);
    moveTo('org_s', 's4');
    moveTo('org_t', 's1');
    const unopened = { statusCode: 409, code: 'CONFLICT', message: expect.stringContaining('cannot be opened') };
    await expect(run({ ...input, key: 's4' }, work)).rejects.toMatchObject(unopened);
    await expect(run({ ...input, orgId: 'org_t' }, work)).rejects.toMatchObject(unopened);
    await expect(createIdempotency({ db, clock, answerKey: Buffer.alloc(32, 8) }).run(input, work, renderError)).rejects.toMatchObject(unopened);
    await expect(idempotency.run(input, work)).rejects.toMatchObject(unopened);
    expect(runs).toBe(1);
  });
});
