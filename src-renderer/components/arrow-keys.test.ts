import { describe, expect, it } from 'vitest';
import { listStep } from './arrow-keys.ts';

describe('listStep', () => {
  it('moves one row, holds at the ends, jumps with Home and End, and ignores other keys', () => {
    expect(listStep('ArrowDown', 0, 3)).toBe(1);
    expect(listStep('ArrowDown', 2, 3)).toBe(2);
    expect(listStep('ArrowUp', 0, 3)).toBe(0);
    expect(listStep('ArrowDown', -1, 3)).toBe(0);
    expect(listStep('ArrowUp', -1, 3)).toBe(0);
    expect([listStep('Home', 2, 3), listStep('End', 0, 3)]).toEqual([0, 2]);
    expect(listStep('Enter', 1, 3)).toBeNull();
    expect(listStep('ArrowDown', -1, 0)).toBeNull();
  });
});
