// A list read whole: every page of a list route, 100 at a time (the most its pages hold), for the console's tables and
// pickers of what a channel can send with. One page left an organization's 101st WhatsApp template (the oldest, newest
// first) off the Channels page, the campaign builder's picker and the inbox's template reply, with nothing to say so.
import type { Api } from './http.ts';
import { uniqueById } from './paged-list.ts';

type Page<T> = { data: T[]; meta?: { totalPages?: number } };

/** `path` ends in the list's query (`…?limit=100`, or no query); a list that does not page (no `meta`) is one read. */
export async function everyPage<T extends { id: string }>(api: Api, path: string): Promise<{ data: T[] }> {
  const first = await api.get<Page<T>>(path);
  const pages = first.meta?.totalPages ?? 1;
  const joiner = path.includes('?') ? '&' : '?';
  const rest = await Promise.all(Array.from({ length: Math.max(pages - 1, 0) }, (_, i) => api.get<Page<T>>(`${path}${joiner}page=${i + 2}`)));
  // One made or removed between two reads moves the pages: each item once, in the order read.
  return { data: uniqueById([first, ...rest].flatMap((page) => page.data)) };
}
