// The wallet's ledger as a support team reads it: a call's charge names the call by its people (the agent and the
// contact it called, or the app users on it) with a link that opens the call on the Calls page, its id in the link's
// title; and every column's header on one line, "Balance after" included, each line's moment breaking only between
// its date and time of day, at a laptop's width and the window's smallest; the Top up and Prices cards side by side,
// each its own height.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { DATE_TIME, TIME_OF_DAY } from '../fixtures/formats.ts';
import { fitsTheWindow, lineTexts, resize } from '../fixtures/layout.ts';

let page: Page;

consoleForFile({ width: 1280, height: 800 }, (opened) => {
  page = opened.page;
});

/** The demo's ledger line of a call (its charge, or its first when it has several) whose words contain `words`. */
const callLine = (words: string) => page.getByTestId('ledger-line').filter({ hasText: words }).filter({ has: page.getByTestId('ledger-call') }).first();

describe('the wallet ledger', () => {
  it("names an agent call's charge by its agent and the contact called, and opens the call from it", async () => {
    await page.getByTestId('nav-wallet').click();
    const line = callLine('Voice agent call');
    await line.waitFor();
    expect(await line.locator('.ledger-what').textContent()).toMatch(/^Charge Voice agent call · Order Confirmation → Alice Johnson \(\+14155550101\) · \d+ min × ₹2\.00 · Open call$/);
    // Each line's kind reads as a word, as the console's other chips do ("Charge", "Top up"), not a code ("charge", "top_up").
    const kinds = await page.locator('.ledger-what .chip').allTextContents();
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) expect(kind).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
    const link = line.getByTestId('ledger-call');
    const callId = await link.getAttribute('data-call-id');
    expect(callId).toMatch(/^call_/);
    expect(await link.getAttribute('title')).toBe(`Call ${callId}`);
    await screenshot(page, 'wallet-ledger-calls');
    await link.click();
    await page.locator(`[data-testid="call-detail"][data-call-id="${callId}"]`).waitFor();
    expect(await page.getByTestId('calls-tab-agent').getAttribute('aria-selected')).toBe('true');
  });

  it("names an app call's charges by the app users on it, and opens the call on the App calls tab", async () => {
    await page.getByTestId('nav-wallet').click();
    const line = callLine('Voice app call');
    await line.waitFor();
    expect(await line.locator('.ledger-what').textContent()).toMatch(/^Charge Voice app call · Alice Johnson \(cust_1042\) → Sam Rivera \(pro_7\) · (talk|transcription) · /);
    const link = line.getByTestId('ledger-call');
    const callId = await link.getAttribute('data-call-id');
    expect(callId).toMatch(/^apc_/);
    await link.click();
    await page.locator(`[data-testid="app-call-detail"][data-call-id="${callId}"]`).waitFor();
    expect(await page.getByTestId('calls-tab-app').getAttribute('aria-selected')).toBe('true');
  });

  it('keeps each form card its own height side by side at 961 px: Top up does not stretch to the taller Prices', async () => {
    await resize(page, 961, 800);
    await page.getByTestId('nav-wallet').click();
    await page.getByTestId('top-up-form').waitFor();
    const [topUp, prices] = await page.locator('.wallet-forms > .card').evaluateAll((cards) => cards.map((card) => {
      const box = card.getBoundingClientRect();
      const last = (card.lastElementChild as HTMLElement).getBoundingClientRect();
      const style = getComputedStyle(card);
      // What the card has below its last part: its padding and border, and nothing more when it is its own height.
      const below = box.bottom - last.bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
      return { top: Math.round(box.top), height: Math.round(box.height), below: Math.round(below) };
    }));
    expect(topUp?.top, 'side by side').toBe(prices?.top);
    expect(topUp?.height ?? 0).toBeLessThan(prices?.height ?? 0);
    expect(topUp?.below).toBe(0);
    expect(prices?.below).toBe(0);
    await screenshot(page, 'wallet-forms-961');
    await resize(page, 1280, 800);
  });

  for (const [width, height] of [[1280, 800], [960, 600]] as const) {
    it(`shows each column's header on one line and each moment in two at most at ${width} px, the ledger fitting the window`, async () => {
      await resize(page, width, height);
      await page.getByTestId('nav-wallet').click();
      await page.getByTestId('ledger-line').first().waitFor();
      const headers = [];
      for (const header of await page.getByTestId('ledger').locator('th').all()) headers.push(await lineTexts(header));
      expect(headers).toEqual([['When'], ['What'], ['Channel'], ['Amount'], ['Credits'], ['Balance after']]);
      // "Nov 27, 2026, 5:41:41 AM" on one line, or the date over the time of day; never three lines.
      for (const when of await page.getByTestId('ledger-line').locator('td:first-child').all()) {
        const lines = await lineTexts(when);
        if (lines.length === 1) expect(lines[0]).toMatch(DATE_TIME);
        else expect([lines.length, lines[1]?.match(TIME_OF_DAY) !== null], lines.join(' / ')).toEqual([2, true]);
      }
      await fitsTheWindow(page);
      await screenshot(page, `wallet-ledger-${width}`);
    });
  }
});
