// Ids: the contract's prefix, an underscore and 24 random base62 characters.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomBase62(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const byte = bytes[i] as number;
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out.length === length ? out : out + randomBase62(length - out.length);
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
