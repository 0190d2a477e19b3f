// Idempotency-Key on every state-changing /v1 route: a repeat with the same key and body within 24 hours answers the
// first answer and does nothing again (a repeat while the first runs waits for it); the same key with another
// body is 409. A key whose request was cut short by a stop (or by an unexpected error) runs again on a
// resumable route (its messages' ids come from the key, so what it had sent is found, not sent again); a stop
// makes it 409 on any other route, and an unexpected error frees it there. The first answer is kept sealed (it may hold a
// secret: a webhook's signing secret, a join token) and opens only for its own organization and key.
import { createHash, createHmac } from 'node:crypto';
import type { Clock } from './clock.ts';
import type { Db } from './db.ts';
import { AppError, conflict } from './errors.ts';
import { seededId } from './ids.ts';
import { createPruner } from './prune.ts';
import { createIdempotencyStore } from './idempotency.store.ts';
import { isSealed, seal, unseal } from './sealed.ts';

export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;
/** How often (on the clock) keys past their window are forgotten, and how many at most per claim. */
const FORGET_EVERY_MS = 3600 * 1000;
const FORGET_CHUNK = 1000;
export type StoredAnswer = { status: number; body: unknown };

function canonical(value: unknown): string {
  // An upload's file: its digest (its bytes, one per key, would make a text as long as the file).
  if (value instanceof Uint8Array) return JSON.stringify(`sha256:${createHash('sha256').update(value).digest('hex')}`);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * How many `Idempotency-Key` header lines a request sent (`rawHeaders`: name, value, name, value…). Node joins repeated
 * ones with ", " into one value, which would read as one malformed key; two keys are refused as two (`run`).
 */
export function idempotencyKeyLines(rawHeaders: string[]): number {
  let lines = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]?.toLowerCase() === 'idempotency-key') lines += 1;
  return lines;
}

const flightKey = (input: { orgId: string; key: string }): string => `${input.orgId}\n${input.key}`;
/** A keyed request's own id for each record it makes (`msg_` for a message, `cmp_` for a campaign; `part` names it within the request). */
export type KeyedId = (prefix: string, part: string) => string;
/** A claim's ids: from the organization, the key and when it was claimed (a key used again after its window gets new ones). */
const keyedIds = (orgId: string, key: string, claimedMs: number): KeyedId => (prefix, part) => seededId(prefix, `${orgId}\n${key}\n${claimedMs}\n${part}`);
/**
 * What a keyed request notes of its progress beside its key, by part, for a run after a stop to read: what its
 * records cannot tell (a part that refused it, and why). A note commits when written.
 */
export type KeyedNotes = { note(part: string, value: unknown): void; noted(part: string): unknown };

/**
 * `fingerprintKey`: the request's fingerprint kept beside its key is an HMAC under it, so a copy of the row does not let
 * anyone test guesses of what the body held (a voice identity's phone, stored sealed; an OTP code). Without one (unit
 * tests), a plain SHA-256, which is also what a key claimed before fingerprints were keyed kept, and still matches.
 * `answerKey`: the first answer's body is kept sealed under it (kernel/sealed.ts), bound to the organization and the key,
 * so a copy of the database holds no answer in the clear and a sealed answer moved to another key does not open. Without
 * one (unit tests) it is kept as JSON, as every answer stored before answers were sealed was, and such a row still replays.
 */
export function createIdempotency(deps: { db: Db; clock: Clock; fingerprintKey?: Buffer; answerKey?: Buffer }) {
  const plainFingerprint = (text: string): string => createHash('sha256').update(text).digest('hex');
  const fingerprint = (text: string): string => (deps.fingerprintKey ? createHmac('sha256', deps.fingerprintKey).update(text).digest('hex') : plainFingerprint(text));
  const store = createIdempotencyStore(deps.db.sql);
  const answerBoundTo = (orgId: string, key: string): string => `${orgId}/${key}`;
  /** An answer's body as kept beside its key: sealed under `answerKey`, else JSON. */
  const keptBody = (orgId: string, key: string, body: unknown): string => {
    const json = JSON.stringify(body ?? null);
    return deps.answerKey ? seal(deps.answerKey, json, answerBoundTo(orgId, key)) : json;
  };
  /**
   * A kept body as answered: a plain one (JSON, kept before answers were sealed) as it is; a sealed one that does not
   * open (moved from another organization or key, altered, or sealed under another server secret) is no answer, and
   * neither is running the request again (it may have been done): 409, as for a key whose outcome is unknown.
   */
  const answeredBody = (orgId: string, key: string, kept: string | null): unknown => {
    if (kept === null || !isSealed(kept)) return JSON.parse(kept ?? 'null');
    try {
      if (!deps.answerKey) throw new Error('no key to open it');
      return JSON.parse(unseal(deps.answerKey, kept, answerBoundTo(orgId, key)));
    } catch {
      throw conflict(`The answer stored for Idempotency-Key ${key} cannot be opened (it was not sealed for this key), so its outcome is unknown: check, then retry with a new key`);
    }
  };
  const progressOf = (orgId: string, key: string, claimedMs: number): Record<string, unknown> | undefined => {
    const json = store.progress(orgId, key, claimedMs);
    return json === undefined ? undefined : JSON.parse(json) as Record<string, unknown>;
  };
  /** A claim's notes (see `KeyedNotes`); a claim gone since (its key released, or taken over after its window) keeps none. */
  const keyedNotes = (orgId: string, key: string, claimedMs: number): KeyedNotes => ({
    note: (part, value) => deps.db.tx(() => {
      const progress = progressOf(orgId, key, claimedMs);
      if (progress) store.setProgress(orgId, key, claimedMs, JSON.stringify({ ...progress, [part]: value }));
    }),
    noted(part) {
      const progress = progressOf(orgId, key, claimedMs);
      return progress && Object.hasOwn(progress, part) ? progress[part] : undefined;
    },
  });
  /**
   * Keys past their window are forgotten, at most once an hour of the clock and a chunk at a time (a full chunk looks
   * again at the next claim), so the table holds about a day of keys, not every key ever used, and an answer kept
   * before answers were sealed does not outlive its day in the clear. A claim would take such a key over anyway.
   */
  const forgetExpired = createPruner(deps.clock, {
    everyMs: FORGET_EVERY_MS, chunk: FORGET_CHUNK, remove: (now, limit) => store.removeExpired(now - IDEMPOTENCY_WINDOW_MS, limit),
  });
  /** The requests this process is running under a key: a repeat waits for the first and gets its answer. */
  const inFlight = new Map<string, Promise<unknown>>();

  /**
   * Runs `work` once per (organization, key): the first answer is stored (a thrown AppError included,
   * rendered by `renderError` as the route renders it), later identical requests get it back with
   * `replayed: true`. With `resumable`, `work` gets the claim's ids and notes, and a claim a stop left
   * unanswered is run again with them.
   */
  async function run(
    input: { orgId: string; key: string; route: string; body: unknown; resumable?: boolean; keyLines?: number },
    work: (keyedId?: KeyedId, notes?: KeyedNotes) => Promise<StoredAnswer>,
    renderError: (error: AppError) => unknown,
  ): Promise<StoredAnswer & { replayed: boolean }> {
    if ((input.keyLines ?? 1) > 1) {
      throw new AppError('BAD_REQUEST', `Only one Idempotency-Key header is allowed: this request sent ${input.keyLines} (send the header once, with one key)`);
    }
    if (input.key.length > 255 || !/^[\x21-\x7e]+$/.test(input.key)) {
      throw new AppError('BAD_REQUEST', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const request = `${input.route}\n${canonical(input.body)}`;
    const hash = fingerprint(request);
    const now = deps.clock.now();
    const claimed = deps.db.tx(() => {
      forgetExpired();
      return store.claim({ orgId: input.orgId, key: input.key, hash, route: input.route, now, expiredBefore: now - IDEMPOTENCY_WINDOW_MS });
    });
    if (!claimed) {
      const existing = store.get(input.orgId, input.key);
      if (!existing) throw conflict('Idempotency-Key could not be claimed; retry the request');
      if (existing.request_hash !== hash && existing.request_hash !== plainFingerprint(request)) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED', `Idempotency-Key ${input.key} was already used with a different request (${existing.route}) in the last 24 hours`);
      }
      if (existing.state === 'running') {
        const first = inFlight.get(flightKey(input));
        if (first) {
          await first.catch(() => undefined);
          return run(input, work, renderError);
        }
        // Claimed, never answered, and not running here: the server stopped while it ran.
        if (!input.resumable) {
          throw conflict(`The request with Idempotency-Key ${input.key} was interrupted (the server stopped while it ran), so its outcome is unknown: check the logs, then retry with a new key`);
        }
        return perform(input, work, renderError, existing.created_ms);
      }
      return { status: existing.status_code ?? 200, body: answeredBody(input.orgId, input.key, existing.response), replayed: true };
    }
    return perform(input, work, renderError, now);
  }

  /** Runs the claimed request and keeps its answer; a repeat arriving meanwhile waits for it. */
  function perform(
    input: { orgId: string; key: string; resumable?: boolean },
    work: (keyedId?: KeyedId, notes?: KeyedNotes) => Promise<StoredAnswer>,
    renderError: (error: AppError) => unknown,
    claimedMs: number,
  ): Promise<StoredAnswer & { replayed: boolean }> {
    const running = (async () => {
      try {
        const answer = await (input.resumable
          ? work(keyedIds(input.orgId, input.key, claimedMs), keyedNotes(input.orgId, input.key, claimedMs))
          : work());
        store.finish(input.orgId, input.key, answer.status, keptBody(input.orgId, input.key, answer.body));
        return { ...answer, replayed: false };
      } catch (error) {
        // A refusal or a definite failure (a 502 after every channel failed and was refunded) is an answer:
        // kept, and replayed as the route rendered it. An unexpected error is not: on a resumable route the claim
        // stays unanswered, as a stop leaves it, so a retry runs again with the same ids and finds what this run
        // recorded (a message queued and charged) instead of sending a second; any other route frees the key.
        if (error instanceof AppError) store.finish(input.orgId, input.key, error.statusCode, keptBody(input.orgId, input.key, renderError(error)));
        else if (!input.resumable) store.release(input.orgId, input.key);
        throw error;
      } finally {
        inFlight.delete(flightKey(input));
      }
    })();
    inFlight.set(flightKey(input), running);
    return running;
  }
  return { run };
}
export type Idempotency = ReturnType<typeof createIdempotency>;
