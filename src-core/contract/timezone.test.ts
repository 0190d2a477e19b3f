// Wall-clock times in a time zone, across daylight saving changes: skipped times are refused, repeated ones read as their first showing.
import { describe, expect, it } from 'vitest';
import { instantOf, skippedIn } from './timezone.ts';

const iso = (ms: number) => (Number.isNaN(ms) ? 'NaN' : new Date(ms).toISOString());

describe('instantOf', () => {
  it('reads a wall time in its zone, and an offset or Z as it says', () => {
    expect(iso(instantOf('2026-01-15T16:00:00', 'Asia/Kolkata'))).toBe('2026-01-15T10:30:00.000Z');
    expect(iso(instantOf('2030-07-01T09:00:00', 'America/New_York'))).toBe('2030-07-01T13:00:00.000Z');
    expect(iso(instantOf('2030-03-10T02:30:00Z', 'America/New_York'))).toBe('2030-03-10T02:30:00.000Z');
    expect(iso(instantOf('2030-03-10T02:30:00', null))).toBe('2030-03-10T02:30:00.000Z');
  });
  it('answers NaN for a time the clocks skip, and the first showing of a time shown twice', () => {
    expect(iso(instantOf('2030-03-10T02:30:00', 'America/New_York'))).toBe('NaN');
    expect(iso(instantOf('2030-03-31T02:15:00', 'Europe/Berlin'))).toBe('NaN');
    expect(iso(instantOf('2030-03-10T03:00:00', 'America/New_York'))).toBe('2030-03-10T07:00:00.000Z');
    expect(iso(instantOf('2030-03-10T01:59:59', 'America/New_York'))).toBe('2030-03-10T06:59:59.000Z');
    expect(iso(instantOf('2030-11-03T01:30:00', 'America/New_York'))).toBe('2030-11-03T05:30:00.000Z');
  });
});

describe('skippedIn', () => {
  it('is true only inside the hour a zone skips', () => {
    expect(skippedIn('2030-03-10T02:00:00', 'America/New_York')).toBe(true);
    expect(skippedIn('2030-03-10T02:59:00', 'America/New_York')).toBe(true);
    expect(skippedIn('2030-03-10T03:00:00', 'America/New_York')).toBe(false);
    expect(skippedIn('2030-11-03T01:30:00', 'America/New_York')).toBe(false);
    expect(skippedIn('2030-03-10T02:30:00', 'Asia/Kolkata')).toBe(false);
    expect(skippedIn('2030-03-10T02:30:00Z', 'America/New_York')).toBe(false);
  });
});
