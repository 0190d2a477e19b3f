// Sliding 60-second window per (API key, client IP), on the virtual clock.
import type { Clock } from './clock.ts';

export const WINDOW_MS = 60_000;

export type RateDecision =
  | { allowed: true; limit: number; remaining: number }
  | { allowed: false; limit: number; remaining: 0; retryAfterSeconds: number };

/** A queue of the accepted requests' times; bounded by the key's limit. */
class Window {
  private times: number[] = [];
  private head = 0;

  prune(before: number): void {
    while (this.head < this.times.length && (this.times[this.head] as number) <= before) this.head++;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }
  get size(): number {
    return this.times.length - this.head;
  }
  oldest(): number {
    return this.times[this.head] as number;
  }
  push(at: number): void {
    this.times.push(at);
  }
}

export function createRateLimiter(clock: Clock) {
  const windows = new Map<string, Window>();
  let lastSweep = 0;

  function sweep(now: number): void {
    if (now - lastSweep < WINDOW_MS) return;
    lastSweep = now;
    for (const [key, window] of windows) {
      window.prune(now - WINDOW_MS);
      if (window.size === 0) windows.delete(key);
    }
  }

  function windowOf(id: string): Window {
    let window = windows.get(id);
    if (!window) {
      window = new Window();
      windows.set(id, window);
    }
    return window;
  }

  return {
    /** Counts one request if the window has room; a refused request is not counted. */
    take(keyId: string, clientIp: string, limit: number): RateDecision {
      const now = clock.now();
      sweep(now);
      const window = windowOf(`${keyId}|${clientIp}`);
      window.prune(now - WINDOW_MS);
      if (window.size >= limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil((window.oldest() + WINDOW_MS - now) / 1000));
        return { allowed: false, limit, remaining: 0, retryAfterSeconds };
      }
      window.push(now);
      return { allowed: true, limit, remaining: limit - window.size };
    },
    /**
     * Puts back requests counted before a restart (`countedSince`: those of the last window, oldest first, each with its key,
     * client IP and virtual time), so the windows a stop or a kill cut off go on where they were.
     */
    restore(countedSince: (sinceMs: number) => readonly { keyId: string; clientIp: string; atMs: number }[]): void {
      for (const { keyId, clientIp, atMs } of countedSince(clock.now() - WINDOW_MS)) windowOf(`${keyId}|${clientIp}`).push(atMs);
    },
    /** Where the window stands, counting nothing (the assistant endpoint's own requests). */
    peek(keyId: string, clientIp: string, limit: number): { limit: number; remaining: number } {
      const window = windows.get(`${keyId}|${clientIp}`);
      window?.prune(clock.now() - WINDOW_MS);
      return { limit, remaining: Math.max(0, limit - (window?.size ?? 0)) };
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
