// What every page does alike, so a demo moving between pages sees one console (the demo seed, Debian's Chromium): each
// page's description stands right under its title, in one size and colour.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { openConsole, type ConsoleSession } from '../fixtures/console.ts';

let session: ConsoleSession;
let page: Page;

beforeAll(async () => {
  session = await openConsole({ width: 1280, height: 800 });
  page = session.page;
});
afterAll(async () => {
  await session?.stop();
});

/** The pages that say under their title what they are for. */
const DESCRIBED = ['campaigns', 'automations', 'channels', 'calls', 'otp', 'webhooks'];

describe('every page alike', () => {
  it('each page describes itself right under its title, 4 px below it, in the same size and colour', async () => {
    const seen: string[] = [];
    for (const section of DESCRIBED) {
      await page.getByTestId(`nav-${section}`).click();
      const title = page.locator('.page-title h1').first();
      await title.waitFor();
      const description = page.locator('.page-title h1 + p').first();
      if ((await description.count()) === 0) {
        seen.push(`${section}: no description under the title`);
        continue;
      }
      const read = await description.evaluate((p) => {
        const style = getComputedStyle(p);
        const h1 = p.previousElementSibling as HTMLElement;
        return `${Math.round(p.getBoundingClientRect().top - h1.getBoundingClientRect().bottom)} px below, ${style.fontSize} ${style.color}`;
      });
      seen.push(`${section}: ${read}`);
      await screenshot(page, `page-consistency-${section}`);
    }
    const first = seen[0]?.split(': ')[1];
    expect(first).toMatch(/^4 px below, 14px /);
    expect(seen).toEqual(DESCRIBED.map((section) => `${section}: ${first}`));
  });
});
