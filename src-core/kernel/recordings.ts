// Recordings of calls, as the simulated world makes them: a link signed for a while (HMAC of the call and the link's
// expiry under the call's own secret), and a silent WAV as long as the call, since nothing records sound offline.
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from './tokens.ts';

const signatureOf = (secret: string, callId: string, expires: number): string => createHmac('sha256', secret).update(`${callId}.${expires}`).digest('hex');

/** The query of a link to call `callId`'s recording valid until `expires` (unix seconds). */
export const signedRecordingQuery = (secret: string, callId: string, expires: number): string =>
  `expires=${expires}&signature=${signatureOf(secret, callId, expires)}`;

/**
 * A link's query as its route takes it: anything, judged by recordingLinkValid alone, so a link altered in any way (a
 * signature or expiry of another shape, one missing or repeated) is refused as one that does not verify (403), not 400.
 */
export const recordingLinkQuerySchema = z.object({ expires: z.unknown().optional(), signature: z.unknown().optional() });
export type RecordingLinkQuery = z.infer<typeof recordingLinkQuerySchema>;

/** Whether a link's signature is ours (its expiry written as we write it) and the link has not expired at `nowMs`. */
export function recordingLinkValid(secret: string, callId: string, link: RecordingLinkQuery, nowMs: number): boolean {
  const { expires, signature } = link;
  if (typeof expires !== 'string' || !/^[1-9]\d{0,11}$/.test(expires) || typeof signature !== 'string') return false;
  return Number(expires) * 1000 >= nowMs && safeEqual(signature, signatureOf(secret, callId, Number(expires)));
}

/** A silent WAV (8 kHz, 8-bit mono) as long as the call. */
export function silentWav(seconds: number): Buffer {
  const samples = 8000 * Math.max(1, seconds);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 0x80)]);
}
