// What a marketer's walk through the console found, each mended and held here: the builder's "Sends" written as the
// campaign's page writes it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';

let page: Page;

consoleForFile({ height: 860, reducedMotion: true }, (opened) => {
  ({ page } = opened);
});

const detail = (status: string) => page.locator(`[data-testid="campaign-detail"][data-status="${status}"]`);

async function openBuilder(tab: 'WhatsApp' | 'SMS') {
  await page.getByTestId('nav-campaigns').click();
  const back = page.getByTestId('back-to-list');
  if (await back.count()) await back.click();
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.getByTestId('new-campaign').click();
}

describe("a marketer's walk: campaigns", () => {
  it("writes the builder's schedule as the campaign's page does", async () => {
    await openBuilder('WhatsApp');
    await page.locator('[data-testid="template-option"][data-template-name="festive_sale"]').click();
    await page.getByTestId('recipients-input').fill('+14155550101');
    await page.getByTestId('placeholder-1-text').fill('friend');
    await page.getByTestId('campaign-name').fill('Winter preview');
    await page.getByTestId('schedule-toggle').check();
    await page.getByTestId('schedule-zone').fill('Asia/Kolkata');
    await page.getByTestId('schedule-at').fill('2030-01-20T10:00');
    const sends = page.locator('.summary > div').filter({ has: page.locator('dt', { hasText: /^Sends$/ }) }).locator('dd');
    await sends.filter({ hasText: 'Asia/Kolkata' }).waitFor();
    const written = await sends.textContent();
    // Not the field's raw value ("2030-01-20 10:00 Asia/Kolkata"): the one way the console writes a moment.
    expect(written).not.toContain('2030-01-20');
    await page.getByTestId('create-draft').click();
    await detail('DRAFT').waitFor();
    expect(await page.getByTestId('fact-scheduled').locator('dd').textContent()).toBe(written);

  });
});
