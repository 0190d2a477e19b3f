// The console on an organization with nothing yet (`--seed none`), as a new user first sees it (Debian's Chromium):
// each empty page says so once, without hints about things that are not there, and says what will appear and how.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';

let page: Page;

consoleForFile({ seed: 'none' }, (opened) => {
  page = opened.page;
});

describe('an empty organization', () => {
  it('the Calls tabs with no calls say so, without asking to open a call', async () => {
    await page.getByTestId('nav-calls').click();
    for (const [tab, list] of [['agent', 'calls-list'], ['app', 'app-calls-list']]) {
      await page.getByTestId(`calls-tab-${tab}`).click();
      await page.locator(`[data-testid="${list}"][data-total="0"]`).waitFor();
      await screenshot(page, `empty-organization-calls-${tab}`);
      expect(await page.locator('.calls-pick').filter({ visible: true }).count(), `${tab} calls`).toBe(0);
    }
  });

  for (const [section, title] of [['automations', 'No automations yet'], ['wallet', 'No ledger lines yet']]) {
    it(`${section}, empty, says what will appear there and how, under "${title}"`, async () => {
      await page.getByTestId(`nav-${section}`).click();
      const empty = page.locator('.state.empty').filter({ hasText: title });
      await empty.waitFor();
      expect((await empty.locator('span').textContent())?.length ?? 0).toBeGreaterThan(20);
      await screenshot(page, `empty-organization-${section}`);
    });
  }
});
