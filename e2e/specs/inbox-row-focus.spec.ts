// The inbox's conversation rows take the keyboard focus themselves: the focused row's ring is drawn whole, the top
// row's too, at 1280×800 and 1024×640 (drawn outside the row, its top edge was cut by the list's scroll box).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import { listReady } from '../fixtures/inbox.ts';

const session = consoleForFile({});
const page = (): Page => session().page;

/** How far the focused element's outline reaches past the box of the nearest ancestor that clips it, on each side (0: none). */
const ringCut = () => page().evaluate(() => {
  const focused = document.activeElement as HTMLElement;
  const style = getComputedStyle(focused);
  const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
  let clip = focused.parentElement;
  while (clip && getComputedStyle(clip).overflowY === 'visible' && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement;
  const row = focused.getBoundingClientRect();
  const box = (clip ?? document.documentElement).getBoundingClientRect();
  return {
    focused: focused.getAttribute('data-testid'), outline: style.outlineStyle,
    top: Math.max(0, box.top - (row.top - reach)), left: Math.max(0, box.left - (row.left - reach)), right: Math.max(0, row.right + reach - box.right),
  };
});

describe('a focused conversation row', () => {
  for (const [width, height] of [[1280, 800], [1024, 640]] as const) {
    it(`shows its whole focus ring at the top of the list at ${width}×${height}`, async () => {
      await page().setViewportSize({ width, height });
      await page().getByTestId('nav-inbox').click();
      await page().getByTestId('tab-whatsapp').click();
      await listReady(page()).waitFor();
      // The keyboard's way in: "/" to the search, then ↓ to the rows (focus-visible, as a key put it there).
      await page().keyboard.press('/');
      await page().keyboard.press('ArrowDown');
      await page().locator('[data-testid="conversation-row"]:focus').waitFor();
      await page().keyboard.press('ArrowDown');
      await page().keyboard.press('ArrowUp');
      expect(await ringCut()).toEqual({ focused: 'conversation-row', outline: 'solid', top: 0, left: 0, right: 0 });
    });
  }
});
