// What a marketer's walk through the console found, each mended and held here: the builder's "Sends" written as the
// campaign's page writes it, the typing going on where a DLT template was picked, and the focus kept on the campaign
// when a launch or a cancel takes away the button that held it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';

let page: Page;

consoleForFile({ height: 860, reducedMotion: true }, (opened) => {
  ({ page } = opened);
});

const detail = (status: string) => page.locator(`[data-testid="campaign-detail"][data-status="${status}"]`);
const focused = () => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  return el?.dataset.testid ?? el?.tagName.toLowerCase() ?? null;
});

async function openBuilder(tab: 'WhatsApp' | 'SMS') {
  await page.getByTestId('nav-campaigns').click();
  const back = page.getByTestId('back-to-list');
  if (await back.count()) await back.click();
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.getByTestId('new-campaign').click();
}

describe("a marketer's walk: campaigns", () => {
  it("writes the builder's schedule as the campaign's page does, and keeps the focus on the campaign through launch, Keep it and cancel", async () => {
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

    // Launch (schedule) goes away with the launch: the focus goes to the campaign's name, not to the page.
    await page.getByTestId('launch-campaign').click();
    await detail('SCHEDULED').waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');

    // "Keep it" gives the focus back to Cancel campaign, which asked.
    await page.getByTestId('cancel-campaign').click();
    await page.getByRole('button', { name: 'Keep it' }).click();
    expect(await focused()).toBe('cancel-campaign');

    // The cancel's confirmation goes with the cancel: the focus goes to the campaign's name again.
    await page.getByTestId('cancel-campaign').click();
    await page.getByTestId('confirm-cancel').click();
    await detail('CANCELLED').waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await page.locator('h1').textContent()).toBe('Winter preview');
  });

  it("picking a DLT template puts the typing in its first {#var#}'s value", async () => {
    await openBuilder('SMS');
    await page.locator('[data-testid="dlt-template"][data-template-name="Order shipped"]').click();
    expect(await focused()).toBe('sms-body-var-1');
    await page.keyboard.type('Asha');
    expect(await page.getByTestId('sms-body-var-1').inputValue()).toBe('Asha');
    expect(await page.getByTestId('sms-body').inputValue()).toMatch(/^Hi Asha, your order \{#var#\}/);
  });
});
