// The top bar's virtual clock on every page, with +10 s and +1 min: a presenter places an agent call and follows it to
// its end on the Calls page, the open call and its transcript kept, its length counting up while it is spoken, never
// leaving for the Simulator to move the clock;
// the same steps are on the other pages (a campaign's results, a webhook's retries), and each names what it does.
import { describe, expect, it } from 'vitest';
import { accessibleOf } from '../fixtures/accessible.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';

const session = consoleForFile({ reducedMotion: true });
const detail = () => session().page.getByTestId('call-detail');
const clockNow = async () => {
  const { server } = session();
  return Date.parse((await server.dashboard<{ now: string }>('GET', '/sim/clock')).body.now);
};

describe('the top bar\'s clock steps', () => {
  it('follows a call placed on the Calls page to its end from the top bar, the call kept open, its length counting up', async () => {
    const { page } = session();
    await page.getByTestId('nav-calls').click();
    await page.getByTestId('call-to').fill('+14155550101');
    await page.getByTestId('call-place').click();
    await detail().waitFor();
    const callId = await detail().getAttribute('data-call-id');

    // Answered at 7 s, the greeting at 8 s.
    // The clock also runs on real time, so on a slow machine the call may be answered before the step lands: its
    // answer is waited for, then what it moved.
    const before = await clockNow();
    const advanced = page.waitForResponse((response) => response.url().endsWith('/sim/clock/advance') && response.request().method() === 'POST');
    await page.getByTestId('topbar-advance-10').click();
    expect((await advanced).status()).toBe(200);
    await page.locator('[data-testid="call-detail"][data-status="ANSWERED"]').waitFor();
    expect(await clockNow() - before).toBeGreaterThanOrEqual(10_000);
    await detail().getByTestId('call-turn').first().waitFor();
    // Being spoken, its length counts up from the answer, in the open call and its row, not a "—" until it ends.
    const duration = detail().getByTestId('call-fact-duration');
    const row = page.locator(`[data-testid="call-row"][data-call-id="${callId}"] [data-testid="call-duration"]`);
    expect(await duration.textContent()).toMatch(/^0:\d\d$/);
    expect(await row.textContent()).toMatch(/^0:\d\d$/);
    await page.getByTestId('topbar-advance-60').click();
    await expect.poll(async () => Number(await detail().getByTestId('call-transcript').getAttribute('data-lines'))).toBeGreaterThan(2);
    expect(await detail().getAttribute('data-status')).toBe('ANSWERED');
    await duration.filter({ hasText: /^1:\d\d$/ }).waitFor();
    await row.filter({ hasText: /^1:\d\d$/ }).waitFor();
    await page.getByTestId('topbar-advance-60').click();
    await page.locator('[data-testid="call-detail"][data-status="COMPLETED"]').waitFor();
    expect(await detail().getAttribute('data-call-id')).toBe(callId);
    expect(await detail().getByTestId('call-fact-billed').textContent()).toBe('₹4.00');
    expect(await duration.textContent()).toBe('1:35');
    expect(await page.getByTestId('calls-page').isVisible()).toBe(true);
    await screenshot(page, 'clock-bar-call');
  });

  it('is on every page, each step named by what it does', async () => {
    const { page } = session();
    for (const section of ['campaigns', 'webhooks', 'simulator', 'inbox']) {
      await page.getByTestId(`nav-${section}`).click();
      await page.getByTestId('topbar-advance-60').waitFor();
    }
    expect((await accessibleOf(page.getByTestId('topbar-advance-10'))).name).toBe('+10 s: advance the virtual clock 10 seconds');
    expect((await accessibleOf(page.getByTestId('topbar-advance-60'))).name).toBe('+1 min: advance the virtual clock 1 minute');
  });
});
