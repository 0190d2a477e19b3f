// Secrets compared in constant time, and fresh random tokens.
import { createHash, timingSafeEqual } from 'node:crypto';
import { randomBase62 } from './ids.ts';

export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** What every dashboard token starts with (and no API key does). */
export const DASHBOARD_TOKEN_PREFIX = 'dsh_';
export const newDashboardToken = (): string => `${DASHBOARD_TOKEN_PREFIX}${randomBase62(40)}`;
