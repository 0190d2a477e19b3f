// Ids: the contract's prefix, an underscore and 24 random base62 characters.
import { randomBytes } from 'node:crypto';

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

export function newId(prefix: string): string {
  return `${prefix}_${randomBase62(24)}`;
}

/** Ids for high-volume records (request-log lines): a random per-process stem and a counter, no crypto call each. */
export function createIdSequence(prefix: string): () => string {
  const stem = randomBase62(12);
  let counter = 0;
  return () => `${prefix}_${stem}${(counter++).toString(36).padStart(12, '0')}`;
}
