// Secrets at rest: the server's own secret (made once per database, kept in its settings) and AES-256-GCM sealing
// under a key derived from it for one purpose (HKDF-SHA256), bound to the record it belongs to.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const SERVER_SECRET_SETTING = 'server_secret';
const VERSION = 'v1';

/**
 * The database's server secret: 32 random bytes made the first time it is asked for and kept in the settings table.
 * The dashboard token cannot serve: it is new at every start unless one is passed, and sealed data must outlive it.
 */
export function serverSecret(settings: { getSetting(key: string): string | null | undefined; setSetting(key: string, value: string): void }): Buffer {
  const saved = settings.getSetting(SERVER_SECRET_SETTING);
  if (saved) return Buffer.from(saved, 'base64url');
  const made = randomBytes(32);
  settings.setSetting(SERVER_SECRET_SETTING, made.toString('base64url'));
  return made;
}

/** A 256-bit key for one purpose (`voice-identity-phone`), so no two uses share a key. */
export const sealingKey = (secret: Buffer, purpose: string): Buffer => Buffer.from(hkdfSync('sha256', secret, 'switchboard', purpose, 32));

/** `v1.<iv>.<tag>.<ciphertext>` (base64url); `boundTo` (e.g. the record's id) is authenticated: a value moved to another record does not open. */
export function seal(key: Buffer, plaintext: string, boundTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** Whether `value` has `seal`'s form (its version prefix): JSON text, which begins with `{`, `[`, `"`, a digit, `-`, `n`, `t` or `f`, never has. */
export const isSealed = (value: string): boolean => value.startsWith(`${VERSION}.`);

/** The plaintext of `seal`; throws when the value was altered, moved to another record or sealed under another key. */
export function unseal(key: Buffer, sealed: string, boundTo: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(boundTo, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
