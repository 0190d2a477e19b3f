// A call opened on a laptop's 1024 × 640 (the demo seed): the call shows under the list there, and its detail began
// just above the window's foot, its transcript below the fold with nothing to say it was there. Opening a call, agent
// or app, now brings the call up to the top of the page, its heading and the start of its transcript in view. Where the
// call opens beside the list (1280 × 800) the page stays where it was; at a phone's width the call comes into view too.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { resize } from '../fixtures/layout.ts';

let page: Page;

consoleForFile({ width: 1024, height: 640, reducedMotion: true }, (opened) => {
  page = opened.page;
});

/** Whether `target`'s top lies between the top bar and `room` px above the window's foot: there is at least that much of it to read. */
const startsInView = (target: Locator, room: number) => target.evaluate((el, shown) => {
  const below = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
  const { top } = el.getBoundingClientRect();
  return top >= below && top <= window.innerHeight - shown;
}, room);

/** How far the page is scrolled. */
const pageScroll = () => page.locator('.page.calls').evaluate((el) => el.scrollTop);

/** The demo's completed agent call (Alice Johnson's, spoken whole), opened from its row's number. */
async function openCompletedAgentCall(): Promise<Locator> {
  await page.getByTestId('nav-calls').click();
  await page.getByTestId('calls-tab-agent').click();
  const row = page.getByTestId('call-row').filter({ has: page.locator('[data-testid="call-status"][data-status="COMPLETED"]') }).first();
  const callId = await row.getAttribute('data-call-id');
  await row.getByTestId('call-open').click();
  const detail = page.locator(`[data-testid="call-detail"][data-call-id="${callId}"]`);
  await detail.waitFor();
  return detail;
}

describe('a call opened at 1024 × 640', () => {
  it('an agent call: its heading and the first lines of its transcript come into view', async () => {
    const detail = await openCompletedAgentCall();
    const transcript = detail.getByTestId('call-transcript');
    expect(Number(await transcript.getAttribute('data-lines'))).toBeGreaterThan(2);
    await expect.poll(() => startsInView(detail.locator('h2'), 40)).toBe(true);
    // Its first lines, not only the heading: the transcript starts at least 150 px above the window's foot.
    await expect.poll(() => startsInView(transcript, 150)).toBe(true);
    await screenshot(page, 'calls-laptop-agent-call');
  });

  it('an app call: its heading and its transcript come into view', async () => {
    await page.getByTestId('calls-tab-app').click();
    const row = page.getByTestId('app-call-row').first();
    const callId = await row.getAttribute('data-call-id');
    await row.getByTestId('app-call-open').click();
    const detail = page.locator(`[data-testid="app-call-detail"][data-call-id="${callId}"]`);
    await detail.waitFor();
    await expect.poll(() => startsInView(detail.locator('h2'), 40)).toBe(true);
    await expect.poll(() => startsInView(detail.getByTestId('app-call-transcript'), 150)).toBe(true);
    await screenshot(page, 'calls-laptop-app-call');
    await detail.getByTestId('app-call-close').click();
  });
});

describe('where the call opens beside the list, or at a phone’s width', () => {
  it('at 1280 × 800, beside the list, opening a call leaves the page where it was', async () => {
    await resize(page, 1280, 800);
    await page.getByTestId('nav-overview').click();
    const detail = await openCompletedAgentCall();
    // Beside the list: the list and the call start level.
    const tops = await Promise.all([page.getByTestId('calls-list'), detail].map((part) => part.evaluate((el) => Math.round(el.getBoundingClientRect().top))));
    expect(tops[1]).toBe(tops[0]);
    expect(await pageScroll()).toBe(0);
  });

  it('at 390 × 844 an agent call opened under the list comes into view', async () => {
    await resize(page, 390, 844);
    await page.getByTestId('nav-overview').click();
    const detail = await openCompletedAgentCall();
    await expect.poll(() => startsInView(detail.locator('h2'), 40)).toBe(true);
  });
});
