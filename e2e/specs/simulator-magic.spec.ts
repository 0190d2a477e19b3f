// The Simulator's magic numbers at 1280 and 900 px: every address is a link that acts (a handset opens in the viewer,
// the simulated webhook receiver goes to the Webhooks page), written whole (no "+15005550004…7" range to decode, no
// "https://….sim.test/…" that reads as cut off), and kept whole inside its cell and the card.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';

let page: Page;

consoleForFile({ width: 1280, height: 800 }, async (opened) => {
  ({ page } = opened);
  await page.getByTestId('nav-simulator').click();
});

const ADDRESSES = [
  '+15005550001', '+15005550002', '+15005550003', '+15005550004', '+15005550005', '+15005550006', '+15005550007',
  'bounce@sim.test', 'complaint@sim.test', 'https://hooks.sim.test/switchboard',
];

/** Each row's address as shown, whether it is a link, and whether the link sits whole in its cell, the card and the window. */
async function rows() {
  await page.getByTestId('magic-behaviour').first().waitFor();
  return page.locator('.sim-magic tr').evaluateAll((trs) => trs.map((tr) => {
    const cell = tr.children[0] as HTMLElement;
    const link = cell.querySelector<HTMLElement>('[data-testid="magic-address"]');
    const card = (tr.closest('.card') as HTMLElement).getBoundingClientRect();
    const box = (link ?? cell).getBoundingClientRect();
    const whole = (link ?? cell).scrollWidth <= (link ?? cell).clientWidth + 1 && box.right <= cell.getBoundingClientRect().right + 1
      && box.right <= card.right && card.right <= window.innerWidth;
    return { address: (link ?? cell).textContent, link: link !== null, whole };
  }));
}

describe('magic numbers', () => {
  for (const width of [1280, 900]) {
    it(`at ${width} px: every address a link, written whole and shown whole`, async () => {
      await page.setViewportSize({ width, height: 800 });
      const shown = await rows();
      expect(shown.map((row) => row.address)).toEqual([...ADDRESSES, 'any other address']);
      expect(shown.map((row) => row.link)).toEqual([...ADDRESSES.map(() => true), false]);
      expect(shown.filter((row) => !row.whole).map((row) => row.address)).toEqual([]);
      await screenshot(page, `simulator-magic-${width}`);
    });
  }

  it('each voice number opens in the handset viewer as the others do; the receiver goes to the Webhooks page', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const behaviours = await page.getByTestId('magic-behaviour').allTextContents();
    expect(behaviours.slice(3, 7)).toEqual(['voice: a call to it is not answered', 'voice: a call to it is busy', 'voice: a call to it is declined', 'voice: a call to it cannot be placed']);
    await page.getByTestId('magic-address').filter({ hasText: '+15005550006' }).click();
    await expect.poll(() => page.getByTestId('handset-address').inputValue()).toBe('+15005550006');
    await page.locator('[data-testid="magic-address"][data-opens="webhooks"]').click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
  });
});
