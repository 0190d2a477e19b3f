import { describe, expect, it } from 'vitest';
import { attemptsSaid, latency, retryGaps } from './delivery-words.ts';

describe('latency', () => {
  it('says a simulated receiver\'s few microseconds as "< 0.1 ms", not "0.0 ms"; tenths under 10 ms, whole ms above', () => {
    expect([0, 0.004, 0.0999].map(latency)).toEqual(['< 0.1 ms', '< 0.1 ms', '< 0.1 ms']);
    expect([0.1, 3.44, 12.6, null].map(latency)).toEqual(['0.1 ms', '3.4 ms', '13 ms', '—']);
  });
});

describe('attemptsSaid', () => {
  it('says which attempt a succeeded delivery succeeded on, and where a failing, pending or held one stands', () => {
    expect(attemptsSaid({ status: 'SUCCEEDED', attempts: 4 })).toBe('Succeeded on attempt 4 of 7');
    expect(attemptsSaid({ status: 'FAILED', attempts: 2 })).toBe('Failed on attempt 2 of 7 · retrying');
    expect(attemptsSaid({ status: 'EXHAUSTED', attempts: 7 })).toBe('Failed on attempt 7 of 7 · no retries left');
    expect(attemptsSaid({ status: 'EXHAUSTED', attempts: 0 })).toBe('No attempt made');
    expect(attemptsSaid({ status: 'PENDING', attempts: 0 })).toBe('Attempt 1 of 7 pending');
    expect(attemptsSaid({ status: 'HELD', attempts: 2 })).toBe('Held · attempt 3 of 7 waits');
  });
});

describe('retryGaps', () => {
  it('says the core\'s retry schedule, each wait after the attempt before, in words', () => {
    expect(retryGaps()).toBe('10 s, 1 min, 5 min, 30 min, 2 h and 6 h');
  });
});
