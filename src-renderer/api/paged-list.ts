// A long history read a page at a time (a contact's notes, its conversations): the pages read so far, joined in order
// and each item once, with how many there are and whether a next page remains, for a "Show more" that keeps what is
// shown. One page alone left the rest out with nothing to say so.
import type { ListEnvelope } from '../../src-core/contract/index.ts';

export type PagedList<T> = { items: T[]; total: number; more: boolean };

/** The page after `last`, while there is one (react-query's getNextPageParam). */
export const pageAfter = (last: ListEnvelope<unknown>): number | undefined => (last.meta.page < last.meta.totalPages ? last.meta.page + 1 : undefined);

/** Each item once, the first time it comes (by id), in order: pages read one after another overlap when items are made. */
export function uniqueById<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

/** The pages read, joined: an item made meanwhile pushes one onto the next page, which is then listed once. */
export function joinPages<T extends { id: string }>(pages: ListEnvelope<T>[]): PagedList<T> {
  const items = uniqueById(pages.flatMap((page) => page.data));
  const last = pages.at(-1);
  return { items, total: Math.max(last?.meta.total ?? 0, items.length), more: last !== undefined && pageAfter(last) !== undefined };
}
