// The local signature check, in the browser with WebCrypto: `X-Service-Signature: t=<unix>,v1=<hex>`
// where v1 is the hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's signing secret.
export const SIGNATURE_HEADER = 'x-service-signature';
/** Seed 001: receivers reject a `t` more than 300 seconds from their clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type ParsedSignature = { timestamp: number; v1: string[] };
export type SignatureCheck =
  | { kind: 'valid'; timestamp: number }
  | { kind: 'invalid'; timestamp: number }
  | { kind: 'malformed'; reason: string };

export function parseSignature(header: string): ParsedSignature | null {
  const pairs = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(pairs.find(([key]) => key === 't')?.[1]);
  const v1 = pairs.filter(([key, value]) => key === 'v1' && value).map(([, value]) => (value as string).toLowerCase());
  return Number.isInteger(timestamp) && timestamp > 0 && v1.length > 0 ? { timestamp, v1 } : null;
}

async function hmacHex(secret: string, message: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Compares every character, so the time taken does not depend on where the strings differ. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Checks a delivery's signature header against a secret; any of several `v1` values may match (rotation). */
export async function checkSignature(header: string | undefined, rawBody: string, secret: string): Promise<SignatureCheck> {
  if (!header) return { kind: 'malformed', reason: 'This attempt carries no X-Service-Signature header.' };
  const parsed = parseSignature(header);
  if (!parsed) return { kind: 'malformed', reason: `Unreadable signature header: ${header}` };
  if (!globalThis.crypto?.subtle) return { kind: 'malformed', reason: 'WebCrypto is not available here (the console is not in a secure context).' };
  const expected = await hmacHex(secret, `${parsed.timestamp}.${rawBody}`);
  const valid = parsed.v1.some((candidate) => sameHex(candidate, expected));
  return { kind: valid ? 'valid' : 'invalid', timestamp: parsed.timestamp };
}

/**
 * The body as it was sent. The API returns the payload parsed; the core serialised it with
 * JSON.stringify (compact, key order kept), so doing the same gives back the signed bytes.
 */
export const rawBodyOf = (payload: unknown): string => JSON.stringify(payload);
