// A history read a page at a time: the pages joined in order, each item once, with its total and whether more remain.
import { describe, expect, it } from 'vitest';
import { joinPages, pageAfter } from './paged-list.ts';

const page = (ids: string[], at: number, total: number, limit = 2) => ({
  data: ids.map((id) => ({ id })), meta: { total, page: at, limit, totalPages: Math.ceil(total / limit) },
});

describe('joinPages', () => {
  it('says more remain after the first page of several, with the total', () => {
    expect(joinPages([page(['e', 'd'], 1, 5)])).toEqual({ items: [{ id: 'e' }, { id: 'd' }], total: 5, more: true });
    expect(pageAfter(page(['e', 'd'], 1, 5))).toBe(2);
  });

  it('joins the pages read in order, an item pushed onto the next page once, and none remain after the last', () => {
    // One made after page 1 was read pushed d onto page 3's place in the order: d is listed once.
    const joined = joinPages([page(['e', 'd'], 1, 5), page(['d', 'c'], 2, 6), page(['b', 'a'], 3, 6)]);
    expect(joined).toEqual({ items: ['e', 'd', 'c', 'b', 'a'].map((id) => ({ id })), total: 6, more: false });
    expect(pageAfter(page(['b', 'a'], 3, 6))).toBeUndefined();
  });

  it('an empty list: nothing, no more', () => {
    expect(joinPages([page([], 1, 0)])).toEqual({ items: [], total: 0, more: false });
    expect(joinPages([])).toEqual({ items: [], total: 0, more: false });
  });
});
