// Ids: the contract's prefix, an underscore and 24 random base62 characters.
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random bytes drawn from the OS in blocks: one system call per ~170 ids instead of one each. */
const POOL_SIZE = 8192;
let pool = randomBytes(POOL_SIZE);
let offset = 0;
function nextByte(): number {
  if (offset === POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  return pool[offset++] as number;
}

export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = nextByte();
    // 248 = 4 × 62: bytes above it are dropped so every character is equally likely.
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

const SEQUENCE_WIDTH = 8;
const SEQUENCE_SPACE = 62 ** SEQUENCE_WIDTH;
/** A counter from a random start (half the space, so it never overflows its 8 base62 characters). */
function counterFromRandomStart(): () => string {
  let sequence = Math.floor(Math.random() * (SEQUENCE_SPACE / 2));
  return () => {
    let n = sequence++;
    let out = '';
    for (let i = 0; i < SEQUENCE_WIDTH; i++) {
      out = ALPHABET[n % 62] + out;
      n = Math.floor(n / 62);
    }
    return out;
  };
}
const nextSequence = counterFromRandomStart();

/**
 * A record id: the prefix, an underscore and 24 base62 characters — 8 of a per-process counter, then
 * 16 random (95 bits). Ids made one after another sort together, so a burst of inserts appends to the
 * end of each index instead of dirtying a random page per row (a commit writes far fewer pages).
 */
export function newId(prefix: string): string {
  return `${prefix}_${nextSequence()}${randomBase62(16)}`;
}

/**
 * Ids for high-volume records (request-log lines): a random per-process stem of 16 base62 characters and a
 * counter of 8 from a random start — 24 characters like every id, no random draw each.
 */
export function createIdSequence(prefix: string): () => string {
  const stem = randomBase62(16);
  const next = counterFromRandomStart();
  return () => `${prefix}_${stem}${next()}`;
}

/** An id made from `seed` alone: the same seed, the same id (a keyed request's message, run again after a stop). */
export function seededId(prefix: string, seed: string): string {
  let out = '';
  for (const byte of createHash('sha512').update(seed).digest()) {
    if (byte < 248) out += ALPHABET[byte % 62];
    if (out.length === 24) break;
  }
  return `${prefix}_${out}`;
}
