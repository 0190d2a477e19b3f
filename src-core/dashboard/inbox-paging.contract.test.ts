// A console thread paged back over real HTTP: `before` a message of the conversation answers the messages just
// older, in the thread's order, and `meta.hasOlder` says whether more remain; the pages stay whole (no gap, no
// repeat) while customers write in between them; an unknown or foreign cursor is 404, a malformed one 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type Page = { data: Array<{ id: string; text: string; conversationId: string }>; meta: { hasOlder: boolean } };

let t: TestServer;
/** Two customers: one with a long history, one with a short one. */
const LONG = '+14155550401';
const SHORT = '+14155550402';
let longId: string;
let shortId: string;

const write = async (from: string, text: string) => {
  expect((await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from, text })).status).toBe(201);
};
const conversationOf = async (address: string): Promise<string> =>
  (await t.dashboard('GET', `/dashboard/conversations?channel=whatsapp&search=${encodeURIComponent(address.slice(1))}`)).body.data[0].id;
const page = async (conversationId: string, query = ''): Promise<Page> => {
  const answer = await t.dashboard('GET', `/dashboard/conversations/${conversationId}/messages${query}`);
  expect(answer.status).toBe(200);
  return answer.body as Page;
};
const texts = (p: Page) => p.data.map((m) => m.text);
const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Message ${from + i}`);

beforeAll(async () => {
  t = await createTestServer();
  // 250 messages: runs of 25 share a timestamp (the manual clock stands still between advances), so the order within
  // one time is the order they were written in, and a page's edge falls both inside a run and between runs.
  for (let n = 1; n <= 250; n++) {
    await write(LONG, `Message ${n}`);
    if (n % 25 === 0) await t.advance(1);
  }
  await write(SHORT, 'Hello');
  await write(SHORT, 'Anyone there?');
  longId = await conversationOf(LONG);
  shortId = await conversationOf(SHORT);
});
afterAll(async () => {
  await t.close();
});

describe('a thread paged back', () => {
  it('reaches the first message of a 250-message thread in pages, none missing or repeated, as new messages arrive between pages', async () => {
    const newest = await page(longId);
    expect(texts(newest)).toEqual(numbered(151, 250));
    expect(newest.meta.hasOlder).toBe(true);

    // Customers keep writing (at a new time, and at the cursor's own time): the next page is still the one before it.
    await write(LONG, 'Arrived after page 1');
    await t.advance(1);
    const second = await page(longId, `?before=${newest.data[0]!.id}&limit=100`);
    expect(texts(second)).toEqual(numbered(51, 150));
    expect(second.meta.hasOlder).toBe(true);

    await write(LONG, 'Arrived after page 2');
    const third = await page(longId, `?before=${second.data[0]!.id}&limit=100`);
    expect(texts(third)).toEqual(numbered(1, 50));
    expect(third.meta.hasOlder).toBe(false);

    const all = [...third.data, ...second.data, ...newest.data];
    expect(all.map((m) => m.text)).toEqual(numbered(1, 250));
    expect(new Set(all.map((m) => m.id)).size).toBe(250);
    expect(all.every((m) => m.conversationId === longId)).toBe(true);

    // The newest page now holds what arrived meanwhile, at its end.
    expect(texts(await page(longId, '?limit=3'))).toEqual(['Message 250', 'Arrived after page 1', 'Arrived after page 2']);
  });

  it('pages of another size meet exactly too, edges inside a run of one timestamp', async () => {
    const seen: string[] = [];
    let cursor = '';
    let hasOlder = true;
    let pages = 0;
    while (hasOlder) {
      const p = await page(longId, `?limit=7${cursor ? `&before=${cursor}` : ''}`);
      seen.unshift(...texts(p));
      cursor = p.data[0]?.id ?? '';
      hasOlder = p.meta.hasOlder;
      pages++;
    }
    expect(seen).toEqual([...numbered(1, 250), 'Arrived after page 1', 'Arrived after page 2']);
    expect(pages).toBe(36); // 252 messages, 7 a page
  });

  it('says nothing is older at the start: a short thread, a page of exactly the thread, and before the first message', async () => {
    const short = await page(shortId);
    expect(texts(short)).toEqual(['Hello', 'Anyone there?']);
    expect(short.meta.hasOlder).toBe(false);
    expect((await page(shortId, '?limit=2')).meta.hasOlder).toBe(false);
    const one = await page(shortId, '?limit=1');
    expect(texts(one)).toEqual(['Anyone there?']);
    expect(one.meta.hasOlder).toBe(true);
    expect(await page(shortId, `?before=${short.data[0]!.id}`)).toEqual({ data: [], meta: { hasOlder: false } });
  });

  it('is 404 for a cursor that is no message, or another conversation\'s message, and for an unknown conversation', async () => {
    const shortFirst = (await page(shortId)).data[0]!.id;
    for (const before of ['msg_doesnotexist000000000000', shortFirst]) {
      const answer = await t.dashboard('GET', `/dashboard/conversations/${longId}/messages?before=${before}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ statusCode: 404, error: 'Not Found', message: expect.stringContaining(before) });
    }
    expect((await t.dashboard('GET', `/dashboard/conversations/conv_missing/messages?before=${shortFirst}`)).status).toBe(404);
    // Another organization's conversation is not found either, cursor and all.
    const other = await t.dashboard('POST', '/dashboard/organizations', { name: 'Other org' });
    expect(other.status).toBe(201);
    expect((await t.dashboard('GET', `/dashboard/conversations/${shortId}/messages?before=${shortFirst}&organizationId=${other.body.id}`)).status).toBe(404);
  });

  it('is 400 for a malformed cursor or limit (an empty one is none: the newest page)', async () => {
    const valid = (await page(shortId)).data[1]!.id;
    // An empty `before=` is absent (empty-query.contract.test.ts): the newest page.
    expect(await page(shortId, '?before=')).toEqual(await page(shortId));
    for (const query of ['?before=not-a-message', `?before=${valid}&before=${valid}`, `?before=msg_${'a'.repeat(100)}`, '?limit=0', '?limit=201', '?limit=ten']) {
      const answer = await t.dashboard('GET', `/dashboard/conversations/${shortId}/messages${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(/before|limit/) });
    }
  });
});
