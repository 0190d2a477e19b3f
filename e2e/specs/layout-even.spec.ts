// Pages that read evenly, from the desktop window's smallest size up (the demo seed, Debian's Chromium): a call's
// dates break between the date and the time of day, never before "AM", beside the calls list.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { openConsole, type ConsoleSession } from '../fixtures/console.ts';
import { DATE_TIME, TIME_OF_DAY } from '../fixtures/formats.ts';
import { lineTexts, resize } from '../fixtures/layout.ts';

let session: ConsoleSession;
let page: Page;

beforeAll(async () => {
  session = await openConsole({ width: 1280, height: 800 });
  page = session.page;
});
afterAll(async () => {
  await session?.stop();
});

/** A moment on one line, or on two: its date ("Nov 27, 2026,"), then its time of day whole ("5:09:11 AM"). */
async function readsAsOneMoment(moment: Locator, where: string): Promise<void> {
  const lines = await lineTexts(moment);
  if (lines.length === 1) expect(lines[0], where).toMatch(DATE_TIME);
  else {
    expect(lines, where).toHaveLength(2);
    expect(lines[0], where).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4},$/);
    expect(lines[1], where).toMatch(TIME_OF_DAY);
  }
}

describe('pages that read evenly', () => {
  // 961 px: the narrowest window with the open call beside the list (at 960 px and under it goes below the list).
  for (const width of [961, 1100, 1280]) {
    it(`a call's dates break only before the time of day at ${width} px, an agent call's and an app call's`, async () => {
      await resize(page, width, 800);
      await page.getByTestId('nav-calls').click();
      await page.getByTestId('calls-tab-agent').click();
      await page.locator('[data-testid="call-row"]').filter({ hasText: 'Alice Johnson' }).getByTestId('call-open').first().click();
      const detail = page.locator('[data-testid="call-detail"][data-status="COMPLETED"]');
      await detail.waitFor();
      for (const fact of ['started', 'answered']) await readsAsOneMoment(detail.getByTestId(`call-fact-${fact}`), `agent call ${fact} at ${width} px`);
      await screenshot(page, `layout-even-call-${width}`);
      await page.getByTestId('calls-tab-app').click();
      await page.locator('[data-testid="app-call-row"]').filter({ hasText: 'Sam Rivera' }).getByTestId('app-call-open').first().click();
      const appDetail = page.locator('[data-testid="app-call-detail"][data-status="COMPLETED"]');
      await appDetail.waitFor();
      for (const fact of ['started', 'answered', 'ended']) await readsAsOneMoment(appDetail.getByTestId(`app-call-fact-${fact}`), `app call ${fact} at ${width} px`);
    });
  }
});
