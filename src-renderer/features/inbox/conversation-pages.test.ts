// The inbox's conversations a page at a time: each conversation listed once however the pages met, and the count.
import { describe, expect, it } from 'vitest';
import type { Conversation, ListEnvelope } from '../../../src-core/contract/index.ts';
import { conversationRows, countSaying } from './conversation-pages.tsx';

const page = (ids: string[], n: number): ListEnvelope<Conversation> => ({
  data: ids.map((id) => ({ id }) as Conversation), meta: { total: 5, page: n, limit: 3, totalPages: 2 },
});

describe('conversationRows', () => {
  it('lists the pages in order, a conversation read on two pages (it moved up between their reads) once, where it now is', () => {
    expect(conversationRows([page(['c5', 'c1', 'c2'], 1), page(['c2', 'c3'], 2)]).map((c) => c.id)).toEqual(['c5', 'c1', 'c2', 'c3']);
    expect(conversationRows(undefined)).toEqual([]);
  });
});

describe('countSaying', () => {
  it('says how many of how many while not all are listed, and the total once all are', () => {
    expect(countSaying(100, 3007, false)).toBe('100 of 3,007 conversations');
    expect(countSaying(3007, 3007, false)).toBe('3,007 conversations');
    expect(countSaying(1, 1, false)).toBe('1 conversation');
    expect(countSaying(100, 240, true)).toBe('100 of 240 matching conversations');
    expect(countSaying(0, 0, true)).toBe('0 matching conversations');
    expect(countSaying(2, 2, false, 'resolved')).toBe('2 resolved conversations');
    expect(countSaying(1, 1, false, 'snoozed')).toBe('1 snoozed conversation');
    expect(countSaying(1, 3, true, 'resolved')).toBe('1 of 3 matching resolved conversations');
  });
});
