// When a list that sticks to its end lets go, and when it takes hold again.
import { describe, expect, it } from 'vitest';
import { stillPinned } from './stick-to-bottom.ts';

describe('stillPinned', () => {
  const at = (top: number) => ({ top, height: 1000, client: 400 });

  it('holds at the end, within two pixels of it', () => {
    expect(stillPinned(false, 0, at(600))).toBe(true);
    expect(stillPinned(false, 0, at(598.5))).toBe(true);
  });
  it('lets go when the reader scrolls up', () => {
    expect(stillPinned(true, 600, at(450))).toBe(false);
  });
  it('keeps its hold when the end moved away without a scroll up (the list grew or the header took room)', () => {
    expect(stillPinned(true, 600, { top: 600, height: 1000, client: 378 })).toBe(true);
    expect(stillPinned(true, 577, { top: 600, height: 1100, client: 400 })).toBe(true);
  });
  it('stays let go while the reader scrolls down short of the end', () => {
    expect(stillPinned(false, 300, at(450))).toBe(false);
  });
});
