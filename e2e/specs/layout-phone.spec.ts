// The console at a phone's width (390 × 844, opened from `serve` in a phone's browser): the sidebar is a strip over the
// page whose links scroll on their own, so every page is reached from it; the window never scrolls sideways (a wide
// table scrolls inside its own box) nor as a whole; the page's title and the theme toggle are on screen; in the inbox
// an open conversation's reply box is on screen under the list; and a console opened on a page shows its link.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import * as layout from '../fixtures/layout.ts';

let page: Page;

const session = consoleForFile({ width: 390, height: 844 }, (opened) => {
  page = opened.page;
});

/** How far the window scrolls sideways and as a whole (0 and 0 when the page fits). */
const windowScroll = () => page.evaluate(() => {
  const root = document.documentElement;
  return { sideways: root.scrollWidth - root.clientWidth, down: root.scrollHeight - root.clientHeight };
});

/** Every page of the sidebar, as it names it. */
const PAGES = [['Overview', 'overview'], ['Inbox', 'inbox'], ['Contacts', 'contacts'], ['OTP', 'otp'], ['Calls', 'calls'], ['Campaigns', 'campaigns'],
  ['Automations', 'automations'], ['Channels', 'channels'], ['Wallet', 'wallet'], ['API keys', 'keys'], ['Request log', 'requests'],
  ['Webhooks', 'webhooks'], ['Simulator', 'simulator']];

/** Whether `target` is whole in the window as it is, nothing scrolled to it. */
const inView = (target: Locator) => target.evaluate((el) => {
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth && box.top >= 0 && box.bottom <= window.innerHeight;
});

describe('at 390 × 844', () => {
  beforeAll(async () => {
    await layout.resize(page, 390, 844);
  });

  it.each(PAGES)('%s: reached from the strip, fits the width, its title and the theme toggle on screen', async (_label, section) => {
    const link = page.getByTestId(`nav-${section}`);
    await layout.onScreen(link);
    await link.click();
    await expect.poll(() => page.getByTestId(`nav-${section}`).getAttribute('aria-current')).toBe('page');
    await page.locator('main h1').first().waitFor();
    await expect.poll(windowScroll).toEqual({ sideways: 0, down: 0 });
    await layout.onScreen(page.locator('main h1').first());
    await layout.onScreen(page.getByTestId('theme-toggle'));
  });

  it('inbox: an open conversation\'s reply box is on screen under the list', async () => {
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('conversation-row').first().click();
    await page.getByTestId('thread').waitFor();
    await layout.onScreen(page.getByTestId('composer'));
    await layout.onScreen(page.getByTestId('conversation-row').first());
    await expect.poll(windowScroll).toEqual({ sideways: 0, down: 0 });
  });

  it('a console opened on a page at the strip\'s end (the Simulator) shows that page\'s link in the strip', async () => {
    await page.goto(`${session().server.consoleUrl}&section=simulator`);
    await page.getByTestId('inbound-send').waitFor();
    await expect.poll(() => inView(page.getByTestId('nav-simulator'))).toBe(true);
    expect(await page.getByTestId('nav-simulator').getAttribute('aria-current')).toBe('page');
  });
});
