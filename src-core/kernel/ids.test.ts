// Ids: the contract's prefix and 24 base62 characters, for records and for the request log's lines.
import { describe, expect, it } from 'vitest';
import { createIdSequence, newId } from './ids.ts';

describe('ids', () => {
  it('request ids are 24 base62 characters too, distinct, with no run of padding zeros', () => {
    const next = createIdSequence('req');
    const ids = Array.from({ length: 1000 }, next);
    for (const id of ids.slice(0, 3)) expect(id).toMatch(/^req_[0-9A-Za-z]{24}$/);
    expect(new Set(ids).size).toBe(1000);
    // The counter starts at a random point: a padded counter ("…000000000000") is what made them look synthetic.
    expect(ids.filter((id) => /0{6}/.test(id)).length).toBeLessThan(10);
  });
  it('ids carry their prefix and 24 base62 characters', () => {
    const id = newId('cnt');
    expect(id).toMatch(/^cnt_[0-9A-Za-z]{24}$/);
    expect(new Set(Array.from({ length: 1000 }, () => newId('x'))).size).toBe(1000);
  });
});
