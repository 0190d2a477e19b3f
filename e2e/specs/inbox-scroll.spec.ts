// An open thread shows its newest message in full, and keeps it so through what changes the layout after the
// messages are shown (the contact's tags arriving in the header, a window resized) and as customers write in; a
// reader who scrolled up to read the history is left where they are, told by a button how many customer
// messages came in below since, which takes them there; those stay unread until the reader gets to them.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import { settledScroll as threadScroll } from '../fixtures/scroll.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
/** The demo's Alice: a contact with tags, so the thread's header grows when the contact is read. */
const ALICE = '+14155550101';
const messages = () => page.getByTestId('thread-messages');
const newBelow = () => page.getByTestId('new-below');
/** The unread count on Alice's conversation in the list. */
const aliceUnread = () => page.locator(`[data-testid="conversation-row"][data-address="${ALICE}"] [data-testid="unread"]`);

consoleForFile({ width: 1280, height: 720 }, async (opened) => {
  ({ server, page } = opened);
  // A history longer than the thread's height.
  for (let n = 1; n <= 20; n++) {
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: ALICE, text: `History ${n}` })).status).toBe(201);
  }
});

const settledScroll = () => threadScroll(messages());

/** Scrolls the thread up as a reader does, with the wheel, well away from its end. */
async function scrollUp(): Promise<{ top: number }> {
  await messages().hover();
  await page.mouse.wheel(0, -300);
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="thread-messages"]');
    return el !== null && el.scrollHeight - el.scrollTop - el.clientHeight > 200;
  });
  return settledScroll();
}

async function inbound(text: string): Promise<void> {
  expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: ALICE, text })).status).toBe(201);
  await page.getByTestId('message').filter({ hasText: text }).waitFor();
}

describe('inbox thread scroll', () => {
  it('opens at the newest message in full, though the contact in the header loads after the messages', async () => {
    // The contact is answered only once the messages are on screen, as on a slow connection.
    let release = (): void => undefined;
    const contactHeld = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/dashboard/contacts/*', async (route) => {
      await contactHeld;
      await route.continue();
    });
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-whatsapp').click();
    await page.locator(`[data-testid="conversation-row"][data-address="${ALICE}"]`).click();
    await page.getByTestId('message').filter({ hasText: 'History 20' }).waitFor();
    expect(await page.getByTestId('thread-contact').count()).toBe(0);
    release();
    await page.getByTestId('thread-tag').first().waitFor();
    await page.unroute('**/dashboard/contacts/*');
    const opened = await settledScroll();
    expect(opened.scrolls).toBe(true);
    expect(Math.abs(opened.fromEnd)).toBeLessThanOrEqual(2);

    // A shorter window shortens the thread: the newest message stays in full.
    await page.setViewportSize({ width: 1280, height: 600 });
    expect(Math.abs((await settledScroll()).fromEnd)).toBeLessThanOrEqual(2);
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(Math.abs((await settledScroll()).fromEnd)).toBeLessThanOrEqual(2);
  });

  it('follows a new message while at the end', async () => {
    await inbound('Are you still there?');
    expect(Math.abs((await settledScroll()).fromEnd)).toBeLessThanOrEqual(2);
  });

  it('leaves a reader who scrolled up where they are, as a message comes and as the window changes size', async () => {
    const reading = await scrollUp();
    expect(await newBelow().count()).toBe(0);
    await inbound('Hello? Anyone?');
    expect(await settledScroll()).toMatchObject({ top: reading.top });
    expect(await newBelow().textContent()).toBe('↓ 1 new message');
    await page.setViewportSize({ width: 1280, height: 600 });
    expect((await settledScroll()).top).toBe(reading.top);
    await page.setViewportSize({ width: 1280, height: 720 });
    expect((await settledScroll()).top).toBe(reading.top);

    // Back at the end (the End key, in the focused list), it follows new messages again.
    await messages().focus();
    await page.keyboard.press('End');
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="thread-messages"]');
      return el !== null && el.scrollHeight - el.scrollTop - el.clientHeight <= 2;
    });
    await newBelow().waitFor({ state: 'detached' });
    await inbound('Last one, promise');
    expect(Math.abs((await settledScroll()).fromEnd)).toBeLessThanOrEqual(2);
    expect(await newBelow().count()).toBe(0);
  });
});

describe('inbox thread, new messages below', () => {
  it('counts the customer messages that came in below a reader, in a button over the list, not the composer', async () => {
    const reading = await scrollUp();
    await inbound('First while away');
    const button = page.getByRole('button', { name: '1 new message', exact: true });
    await button.waitFor();
    await inbound('Second while away');
    await page.getByRole('button', { name: '2 new messages', exact: true }).waitFor();
    expect(await newBelow().textContent()).toBe('↓ 2 new messages');
    // Not read yet: the conversation counts both as unread until the agent gets to them.
    await aliceUnread().filter({ hasText: /^2$/ }).waitFor();
    expect((await settledScroll()).top).toBe(reading.top);

    const [shown, list, composer] = await Promise.all([newBelow(), messages(), page.getByTestId('composer')].map((l) => l.boundingBox()));
    expect(shown && list && composer).toBeTruthy();
    expect(shown!.y + shown!.height).toBeLessThanOrEqual(list!.y + list!.height);
    expect(shown!.y + shown!.height).toBeLessThanOrEqual(composer!.y);
  });

  it('clicked, shows the newest message and keeps to it, the focus left in the reply being typed', async () => {
    await page.getByTestId('composer').fill('Half a reply');
    await newBelow().click();
    await newBelow().waitFor({ state: 'detached' });
    expect(Math.abs((await settledScroll()).fromEnd)).toBeLessThanOrEqual(2);
    await aliceUnread().waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('composer');
    await page.keyboard.type(', and the rest');
    expect(await page.getByTestId('composer').inputValue()).toBe('Half a reply, and the rest');

    // Pinned again: a new message is followed, and no button says so.
    await inbound('Back at the end');
    expect(Math.abs((await settledScroll()).fromEnd)).toBeLessThanOrEqual(2);
    expect(await newBelow().count()).toBe(0);
  });

  it('pressed with Enter, does the same and hands the focus to the list it scrolled', async () => {
    await scrollUp();
    await inbound('Keyboard reader');
    await newBelow().focus();
    await page.keyboard.press('Enter');
    await newBelow().waitFor({ state: 'detached' });
    expect(Math.abs((await settledScroll()).fromEnd)).toBeLessThanOrEqual(2);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('thread-messages');
  });

  it('goes when the reader scrolls to the end by hand', async () => {
    await scrollUp();
    await inbound('Scrolled to by hand');
    await newBelow().waitFor();
    await messages().hover();
    await page.mouse.wheel(0, 5000);
    await newBelow().waitFor({ state: 'detached' });
    expect(Math.abs((await settledScroll()).fromEnd)).toBeLessThanOrEqual(2);
  });

  it('a reply sent from the history takes the agent to the end, where it shows', async () => {
    await scrollUp();
    await inbound('Can you confirm the address?');
    await newBelow().waitFor();
    await page.getByTestId('composer').fill('Yes, 12 Harbor Lane.');
    await page.getByTestId('send-reply').click();
    await page.getByTestId('message').filter({ hasText: 'Yes, 12 Harbor Lane.' }).waitFor();
    expect(Math.abs((await settledScroll()).fromEnd)).toBeLessThanOrEqual(2);
    expect(await newBelow().count()).toBe(0);
  });

  it('starts again with another conversation: none shown there, nor back in this one', async () => {
    await scrollUp();
    await inbound('Before switching');
    await newBelow().waitFor();
    const other = page.locator(`[data-testid="conversation-row"]:not([data-address="${ALICE}"])`).first();
    const address = await other.getAttribute('data-address');
    await other.click();
    await page.getByTestId('thread-address').filter({ hasText: address ?? 'none' }).waitFor();
    await messages().waitFor();
    expect(await newBelow().count()).toBe(0);
    await page.locator(`[data-testid="conversation-row"][data-address="${ALICE}"]`).click();
    await page.getByTestId('message').filter({ hasText: 'Before switching' }).waitFor();
    expect(Math.abs((await settledScroll()).fromEnd)).toBeLessThanOrEqual(2);
    expect(await newBelow().count()).toBe(0);
  });

  it('keeps to the newest as the open thread grows past a page (what it showed stays: nothing leaves its top)', async () => {
    expect(Math.abs((await settledScroll()).fromEnd)).toBeLessThanOrEqual(2);
    const shown = await page.getByTestId('message').count();
    for (let n = 1; n <= 100; n++) {
      expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: ALICE, text: `Filler ${n}` })).status).toBe(201);
    }
    await page.getByTestId('message').filter({ hasText: 'Filler 100' }).waitFor();
    expect(await page.getByTestId('message').count()).toBe(shown + 100);
    await page.getByTestId('message').filter({ hasText: 'History 1' }).first().waitFor();
    expect(await page.getByTestId('load-older').count()).toBe(0);
    for (const text of ['Full one', 'Full two']) {
      await inbound(text);
      expect(Math.abs((await settledScroll()).fromEnd)).toBeLessThanOrEqual(2);
      expect(await newBelow().count()).toBe(0);
    }
  });
});
