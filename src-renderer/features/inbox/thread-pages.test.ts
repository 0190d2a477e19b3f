// A thread shown in pages stays whole: the older pages an agent loaded stay through live reads of the newest page, an
// older page joins at the top, a read that finds more new messages than a page holds pages back to meet the shown, and
// a message's live change shows in whichever loaded page holds it.
import { describe, expect, it } from 'vitest';
import type { Message, ThreadPage } from '../../../src-core/contract/index.ts';
import { CATCH_UP_PAGES, joinNewest, joinOlder, readNewest, withMessage, type ReadPage } from './thread-pages.ts';

const PAGE = 5;
/** A conversation on the server: its messages oldest first, as the route pages them (`PAGE` a page). */
function server(count: number) {
  const ids = Array.from({ length: count }, (_, i) => `m${i + 1}`);
  const reads: Array<string | undefined> = [];
  const read: ReadPage = async (before) => {
    reads.push(before);
    const end = before === undefined ? ids.length : ids.indexOf(before);
    const start = Math.max(0, end - PAGE);
    return { data: ids.slice(start, end).map((id) => ({ id }) as Message), meta: { hasOlder: start > 0 } };
  };
  return { ids, reads, read, write: (n: number) => { for (let i = 0; i < n; i++) ids.push(`m${ids.length + 1}`); } };
}
const idsOf = (page: ThreadPage | null | undefined) => page?.data.map((m) => m.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);

describe('a thread shown in pages', () => {
  it('keeps the older pages loaded when the newest page is read again after a new message', async () => {
    const s = server(12);
    let shown = await readNewest(s.read, () => undefined);
    expect(idsOf(shown)).toEqual(range(8, 12));
    const cursor = shown.data[0]!.id;
    shown = joinOlder(shown, cursor, await s.read(cursor))!;
    expect(idsOf(shown)).toEqual(range(3, 12));
    expect(shown.meta.hasOlder).toBe(true);
    s.write(2);
    const after = shown;
    shown = await readNewest(s.read, () => after);
    expect(idsOf(shown)).toEqual(range(3, 14));
    expect(shown.meta.hasOlder).toBe(true);
    shown = joinOlder(shown, 'm3', await s.read('m3'))!;
    expect(idsOf(shown)).toEqual(range(1, 14));
    expect(shown.meta.hasOlder).toBe(false);
  });

  it('pages back to meet what is shown when more came in than a page holds, with no gap', async () => {
    const s = server(7);
    const shown = await readNewest(s.read, () => undefined);
    s.write(12);
    s.reads.length = 0;
    const caught = await readNewest(s.read, () => shown);
    expect(idsOf(caught)).toEqual(range(3, 19));
    expect(s.reads).toEqual([undefined, 'm15', 'm10']);
  });

  it('joins to what is shown at the end of the read: an older page loaded meanwhile stays', async () => {
    const s = server(12);
    let shown = await readNewest(s.read, () => undefined);
    s.write(1);
    // The newest page's answer is held until the older page has joined.
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const reading = readNewest(async (before) => { const page = await s.read(before); await gate; return page; }, () => shown);
    shown = joinOlder(shown, 'm8', await s.read('m8'))!;
    release();
    expect(idsOf(await reading)).toEqual(range(3, 13));
  });

  it('shows the newest pages alone when it is too far behind to meet what is shown', async () => {
    const s = server(6);
    const shown = await readNewest(s.read, () => undefined);
    s.write(PAGE * (CATCH_UP_PAGES + 2));
    const fresh = await readNewest(s.read, () => shown);
    expect(fresh.data).toHaveLength(PAGE * CATCH_UP_PAGES);
    expect(idsOf(fresh)?.at(-1)).toBe(s.ids.at(-1));
    expect(fresh.meta.hasOlder).toBe(true);
  });

  it('takes a whole newest page as the thread: nothing is older than it', () => {
    const shown = { data: [{ id: 'm1' }, { id: 'm2' }] as Message[], meta: { hasOlder: false } };
    const newest = { data: [{ id: 'm1' }, { id: 'm2' }, { id: 'm3' }] as Message[], meta: { hasOlder: false } };
    expect(joinNewest(shown, newest)).toBe(newest);
  });

  it('leaves the thread as it is when an older page comes for a start it no longer has', () => {
    const shown = { data: [{ id: 'm6' }] as Message[], meta: { hasOlder: true } };
    expect(joinOlder(shown, 'm9', { data: [{ id: 'm8' }] as Message[], meta: { hasOlder: true } })).toBe(shown);
    expect(joinOlder(undefined, 'm9', { data: [], meta: { hasOlder: false } })).toBeUndefined();
  });
});

describe('a message changed live', () => {
  const at = '2025-01-01T00:00:00.000Z';
  const reply = (id: string, steps: Partial<Message>): Message => ({ id, status: 'sent', sentAt: at, deliveredAt: null, readAt: null, failedAt: null, ...steps }) as Message;

  it('takes the event\'s copy in whichever loaded page holds the message, the rest untouched', async () => {
    const s = server(12);
    let shown = await readNewest(s.read, () => undefined);
    shown = joinOlder(shown, 'm8', await s.read('m8'))!;
    const read = reply('m4', { status: 'read', deliveredAt: at, readAt: at });
    const changed = withMessage(shown, read);
    expect(changed?.data.find((m) => m.id === 'm4')).toBe(read);
    expect(idsOf(changed)).toEqual(idsOf(shown));
    expect(changed?.data.filter((m) => m !== read)).toEqual(shown.data.filter((m) => m.id !== 'm4'));
  });

  it('keeps a shown copy further along than a read of the newest page answered before its live change', () => {
    const read = reply('m2', { status: 'read', deliveredAt: at, readAt: at });
    const shown = { data: [reply('m1', { status: 'delivered', deliveredAt: at }), read], meta: { hasOlder: false } };
    const stale = { data: [reply('m1', { status: 'read', deliveredAt: at, readAt: at }), reply('m2', { status: 'delivered', deliveredAt: at }), reply('m3', {})], meta: { hasOlder: false } };
    const joined = joinNewest(shown, stale);
    expect(joined?.data.map((m) => m.status)).toEqual(['read', 'read', 'sent']);
    expect(joined?.data[1]).toBe(read);
    // Paged: the same, where the newest page meets the shown.
    const paged = joinNewest({ data: [reply('m0', {}), ...shown.data], meta: { hasOlder: true } }, { ...stale, meta: { hasOlder: true } });
    expect(paged?.data.map((m) => `${m.id} ${m.status}`)).toEqual(['m0 sent', 'm1 read', 'm2 read', 'm3 sent']);
  });

  it('leaves the thread as it is for a message it does not show, and a copy already further along than the event', () => {
    const read = reply('m1', { status: 'read', deliveredAt: at, readAt: at });
    const shown = { data: [read], meta: { hasOlder: false } };
    expect(withMessage(shown, reply('m1', { status: 'delivered', deliveredAt: at }))).toBe(shown);
    expect(withMessage(shown, reply('m9', { status: 'read', deliveredAt: at, readAt: at }))).toBe(shown);
    expect(withMessage(undefined, read)).toBeUndefined();
    const failed = reply('m1', { status: 'failed', failedAt: at });
    expect(withMessage({ data: [reply('m1', {})], meta: { hasOlder: false } }, failed)?.data[0]).toBe(failed);
  });
});
