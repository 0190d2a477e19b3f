// `e` pressed as soon as the arrows reach a conversation, while its thread is still loading, resolves it once it shows
// (it was lost: no Resolve to press yet); another key pressed meanwhile gives it up. The thread's read is held here
// until the keys are pressed, so the race is the same on every machine.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../src-core/contract/index.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { conversationRow, listReady } from '../fixtures/inbox.ts';

const [NEWER, OLDER, OLDEST] = ['+14155550191', '+14155550192', '+14155550193'];
const session = consoleForFile({ seed: 'none' }, async () => {
  await writeIn([[OLDEST, 'Omar Oldest'], [OLDER, 'Olga Older'], [NEWER, 'Nina Newer']]);
});
const page = (): Page => session().page;
/** Customers write in, the last one newest (first in the list). */
async function writeIn(customers: ReadonlyArray<readonly [string, string]>): Promise<void> {
  for (const [from, name] of customers) {
    expect((await session().server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from, text: `Hello from ${name}`, name })).status).toBe(201);
  }
}
const conversationOf = async (address: string): Promise<Conversation> => {
  const listed = await session().server.dashboard<{ data: Conversation[] }>('GET', '/dashboard/conversations?channel=whatsapp&state=all');
  return listed.body.data.find((c) => c.address === address) as Conversation;
};

/** Holds the read of `address`'s conversation until the answer's `release()`. */
async function holdThread(address: string): Promise<() => Promise<void>> {
  const { id } = await conversationOf(address);
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  const url = `**/dashboard/conversations/${id}`;
  let answered!: Promise<void>;
  await page().route(url, (route: Route) => {
    answered = released.then(() => route.continue());
    return answered;
  });
  return async () => {
    release();
    await answered;
    await page().unroute(url);
  };
}

describe('e pressed while the conversation the arrows reached is loading', () => {
  it('resolves it once its thread shows', async () => {
    await page().getByTestId('nav-inbox').click();
    await page().getByTestId('tab-whatsapp').click();
    await listReady(page()).waitFor();
    await conversationRow(page(), NEWER).click();
    await page().getByTestId('thread').getByTestId('resolve-conversation').waitFor();
    const release = await holdThread(OLDER);
    await page().keyboard.press('ArrowDown');
    await page().getByTestId('thread').waitFor({ state: 'detached' });
    await page().keyboard.press('e');
    await release();
    await page().getByTestId('announcer').filter({ hasText: 'Resolved the conversation with Olga Older.' }).waitFor();
    expect((await conversationOf(OLDER)).state).toBe('resolved');
    expect((await conversationOf(NEWER)).state).toBe('open');
  });

  it('gives it up when another key is pressed before the thread shows', async () => {
    // Two conversations never opened (a thread read before shows at once, from what was read).
    const [TOP, NEXT] = ['+14155550194', '+14155550195'];
    await writeIn([[NEXT, 'Quinn Next'], [TOP, 'Pia Top']]);
    await conversationRow(page(), TOP).click();
    await page().getByTestId('thread').getByTestId('resolve-conversation').waitFor();
    const release = await holdThread(NEXT);
    await page().keyboard.press('ArrowDown');
    await page().getByTestId('thread').waitFor({ state: 'detached' });
    await page().keyboard.press('e');
    // Shift alone: a key pressed, nothing else done.
    await page().keyboard.press('Shift');
    await release();
    await page().getByTestId('thread').getByTestId('resolve-conversation').waitFor();
    await page().getByTestId('thread').locator('h2', { hasText: 'Quinn Next' }).waitFor();
    expect((await conversationOf(NEXT)).state).toBe('open');
  });
});
