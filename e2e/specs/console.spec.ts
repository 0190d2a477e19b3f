// Real user flows across the console: answer a customer and watch the ticks move with the clock,
// read what the handset received, see the charge in the wallet, create a key and see its call logged, and
// a refused webhook URL that says how to reach a local receiver, and the simulated receiver a click away.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { sendTest } from '../fixtures/webhooks.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { DATE_TIME, TIME_OF_DAY } from '../fixtures/formats.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
const CUSTOMER = '+14155550188';

consoleForFile({ midday: true }, (opened) => {
  ({ server, page } = opened);
});

/** The contrast of a status tick's fill against its bubble (none: no fill), by the WCAG formula. */
function fillContrast(tick: Element): number {
  const rgb = (element: Element) => (getComputedStyle(element).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r = 0, g = 0, b = 0]: number[]) => [r, g, b]
    .map((c) => c / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
  const fill = rgb(tick);
  if (fill.length === 4 && fill[3] === 0) return 0;
  const [a, b] = [luminance(fill), luminance(rgb(tick.closest('.bubble') as Element))].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}

describe('console flows', () => {
  it('a customer writes in from the simulator and the inbox shows it unread', async () => {
    await page.getByTestId('nav-simulator').click();
    await page.getByTestId('inbound-from').fill(CUSTOMER);
    await page.getByTestId('inbound-text').fill('Hi, is my order on its way?');
    await page.getByTestId('inbound-send').click();
    expect(await page.getByTestId('inbound-sent').textContent()).toBe(`Delivered to the inbox: “Hi, is my order on its way?” from ${CUSTOMER}.`);
    // Begun anew, the form no longer speaks of the message before.
    await page.getByTestId('inbound-text').fill('And another');
    await page.getByTestId('inbound-sent').waitFor({ state: 'detached' });
    await page.getByTestId('inbound-text').fill('');
    // A magic address opens in the handset viewer with a click.
    await page.getByTestId('magic-address').filter({ hasText: 'bounce@sim.test' }).click();
    await page.getByText('Nothing received yet').waitFor();
    expect(await page.getByTestId('handset-address').inputValue()).toBe('bounce@sim.test');
    await screenshot(page, 'simulator');
    await page.getByTestId('nav-inbox').click();
    const row = page.locator(`[data-testid="conversation-row"][data-address="${CUSTOMER}"]`);
    await row.getByTestId('unread').filter({ hasText: '1' }).waitFor();
    await screenshot(page, 'inbox-list');
  });

  it('replies, then the ticks go delivered and read as the clock advances', async () => {
    await page.locator(`[data-testid="conversation-row"][data-address="${CUSTOMER}"]`).click();
    await page.getByTestId('thread').waitFor();
    await page.getByTestId('composer').fill('Yes! It ships today.');
    await page.getByTestId('send-reply').click();
    const reply = page.getByTestId('message').filter({ hasText: 'Yes! It ships today.' });
    await reply.waitFor();
    // Opening the thread marked it read, by a request of its own that the reply and its live event may outrun: the
    // badge goes once the list reads the conversations after it.
    await page.locator(`[data-testid="conversation-row"][data-address="${CUSTOMER}"] [data-testid="unread"]`).waitFor({ state: 'detached' });
    const clock = await server.dashboard('POST', '/sim/clock/advance', { seconds: 2 });
    expect(clock.status).toBe(200);
    await page.locator('[data-testid="message"][data-status="delivered"]').filter({ hasText: 'Yes! It ships today.' }).waitFor();
    // A screen reader hears the status in words; the glyph is hidden from it.
    const ticks = reply.getByTestId('ticks');
    expect(await ticks.ariaSnapshot()).toBe('- text: Delivered');
    await server.dashboard('POST', '/sim/clock/advance', { seconds: 8 });
    await page.locator('[data-testid="message"][data-status="read"]').filter({ hasText: 'Yes! It ships today.' }).waitFor();
    expect(await ticks.ariaSnapshot()).toBe('- text: Read');
    expect(await ticks.locator('[aria-hidden="true"]').textContent()).toBe('✓✓');
    // Read is the same glyph as delivered, filled: told apart without its colour, the fill at least 3:1 against the bubble in both themes.
    for (const theme of ['light', 'dark']) {
      if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme) await page.getByTestId('theme-toggle').click();
      await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
      expect(await ticks.evaluate(fillContrast)).toBeGreaterThanOrEqual(3);
    }
    await page.getByTestId('theme-toggle').click();
    await screenshot(page, 'inbox-thread');
  });

  it('the handset viewer shows what the customer received', async () => {
    await page.getByTestId('nav-simulator').click();
    await page.getByTestId('handset-address').fill(CUSTOMER);
    await page.getByTestId('handset-open').click();
    await page.getByTestId('handset-message').filter({ hasText: 'Yes! It ships today.' }).waitFor();
    // The simulator's own clock runs with real time between reads, like the top bar's.
    const shown = await page.getByTestId('sim-clock').textContent();
    await page.waitForFunction((before) => document.querySelector('[data-testid="sim-clock"]')?.textContent !== before, shown);
  });

  it('the wallet shows the charge of the reply', async () => {
    await page.getByTestId('nav-wallet').click();
    await page.locator('[data-testid="ledger-line"][data-kind="charge"]').first().waitFor();
    await screenshot(page, 'wallet');
  });

  it('tops up the wallet and sets a price from the console; what the core would refuse is caught first', async () => {
    const wallet = async () => (await server.dashboard<{ prices: Record<string, number> }>('GET', '/dashboard/wallet')).body;
    const before = await wallet();
    type Line = { kind: string; amountPaise: number; emailCredits: number };
    const newest = async (kind: string) =>
      (await server.dashboard<{ data: Line[] }>('GET', '/dashboard/wallet/ledger?limit=100')).body.data.find((line) => line.kind === kind);
    await page.getByTestId('top-up-amount').fill('12.345');
    await page.getByTestId('top-up-problem').filter({ hasText: 'two decimals' }).waitFor();
    expect(await page.getByTestId('top-up').isDisabled()).toBe(true);
    await page.getByTestId('top-up-amount').fill('1,500.50');
    await page.getByTestId('top-up-credits').fill('250');
    await page.getByTestId('top-up').click();
    // The demo's own top-up already has a line of this kind: wait for this one's, the newest.
    await page.locator('[data-testid="ledger-line"][data-kind="email_credits_added"]').first().getByTestId('ledger-credits').filter({ hasText: /^\+250$/ }).waitFor();
    // The core recorded what the form sent (the ledger's lines, not the balance: the demo's running clock may
    // charge something else meanwhile).
    expect((await newest('top_up'))?.amountPaise).toBe(150_050);
    expect((await newest('email_credits_added'))?.emailCredits).toBe(250);
    await expect.poll(() => page.getByTestId('top-up-amount').inputValue()).toBe('');
    // The form clears, and says what was added; the ledger's lines carry their sign in money and credits alike.
    expect(await page.getByTestId('top-up-done').textContent()).toMatch(/^Added ₹1,500\.50 and 250 email credits\. The balance is now ₹[\d,]+\.\d\d and [\d,]+ email credits\.$/);
    expect(await page.locator('[data-testid="ledger-line"][data-kind="email_credits_added"]').first().getByTestId('ledger-credits').textContent()).toBe('+250');
    const topUpAmount = page.locator('[data-testid="ledger-line"][data-kind="top_up"]').first().getByTestId('ledger-amount');
    expect(await topUpAmount.textContent()).toBe('+₹1,500.50');
    expect(await page.locator('[data-testid="ledger-line"][data-kind="charge"]').first().getByTestId('ledger-amount').textContent()).toMatch(/^-₹\d/);
    // A long description squeezes the other columns (as a refund's does), yet an amount never breaks after its sign.
    const note = 'A long note to squeeze the columns: '.repeat(5).trim();
    await page.getByTestId('top-up-credits').fill('1');
    await page.getByTestId('top-up-note').fill(note);
    await page.getByTestId('top-up').click();
    await page.getByTestId('ledger-line').filter({ hasText: note }).waitFor();
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await topUpAmount.evaluate((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      })).toBe(1);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Instagram's default price is 0: the ledger has no line for its sends, and the form says so.
    expect(await page.getByTestId('prices-free').textContent()).toBe('Instagram is free: its sends write no ledger line.');
    await page.getByTestId('price-sms').fill('0.4');
    await page.getByTestId('save-prices').click();
    await expect.poll(async () => (await wallet()).prices.sms).toBe(40);
    await page.getByTestId('prices-saved').filter({ hasText: 'Saved: SMS ₹0.40 a message, from the next send.' }).waitFor();
    await page.getByTestId('price-sms').fill('0.45');
    expect(await page.getByTestId('prices-saved').count()).toBe(0);
    await page.getByTestId('price-sms').fill('0.40');
    expect((await wallet()).prices.whatsapp).toBe(before.prices.whatsapp);
    await screenshot(page, 'wallet-forms');
  });

  it('creates a key with the scope picker, shows it once, and logs its calls live', async () => {
    await page.getByTestId('nav-keys').click();
    await page.getByTestId('new-key').click();
    await page.getByTestId('key-name').fill('Checkout service');
    await page.getByTestId('scope-group-contacts').check();
    await screenshot(page, 'keys-create');
    await page.getByTestId('create-key').click();
    const key = (await page.getByTestId('plaintext-key').textContent()) ?? '';
    expect(key).toMatch(/^sk_test_/);
    await screenshot(page, 'keys-created');
    const res = await fetch(`${server.url}/v1/contacts?search=alice`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const denied = await fetch(`${server.url}/v1/whatsapp/logs`, { headers: { authorization: `Bearer ${key}` } });
    expect(denied.status).toBe(403);
    await page.getByTestId('nav-requests').click();
    await page.getByTestId('request-row').filter({ hasText: '/v1/whatsapp/logs' }).filter({ hasText: '403' }).waitFor();
    await page.getByTestId('request-row').filter({ hasText: '/v1/contacts' }).first().click();
    await page.getByTestId('request-details').filter({ hasText: 'Checkout service' }).waitFor();
    await screenshot(page, 'request-log');
  });

  it('revokes a key only after a second click that confirms; a new-key form can be cancelled', async () => {
    await page.getByTestId('nav-keys').click();
    const row = page.locator('tr').filter({ hasText: 'Checkout service' });
    await row.getByTestId('revoke-key').click();
    expect(await row.locator('.badge.danger').count()).toBe(0); // asked, not done
    await page.getByTestId('revoke-key-confirm').click(); // the question has a row of its own under the key
    await row.locator('.badge.danger').filter({ hasText: 'revoked' }).waitFor();
    await page.getByTestId('new-key').click();
    await page.getByTestId('create-key-cancel').click();
    expect(await page.getByTestId('create-key-form').count()).toBe(0);
  });

  it('once the 24-hour window has closed, answers the customer with an approved template', async () => {
    await page.getByTestId('nav-inbox').click();
    await page.locator(`[data-testid="conversation-row"][data-address="${CUSTOMER}"]`).click();
    await page.getByTestId('composer').waitFor();
    const message = page.getByTestId('message').first().locator('time');
    expect(await message.getAttribute('data-dated')).toBe('false');
    expect(await message.textContent()).toMatch(TIME_OF_DAY);
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 24 * 3600 })).status).toBe(200);
    await page.getByTestId('template-composer').waitFor();
    // A day later on the virtual clock, yesterday's messages carry their date, written as everywhere else.
    await page.getByTestId('message').first().locator('time[data-dated="true"]').waitFor();
    expect(await message.textContent()).toMatch(DATE_TIME);
    await page.getByTestId('reply-template').selectOption({ label: 'login_code · English' });
    await page.getByTestId('reply-var-body.1').fill('482913');
    await page.getByTestId('reply-preview').filter({ hasText: '482913 is your verification code' }).waitFor();
    await screenshot(page, 'inbox-template-reply');
    await page.getByTestId('send-template').click();
    await page.getByTestId('message').filter({ hasText: '482913 is your verification code' }).waitFor();
    const handset = await server.dashboard<{ data: Array<{ text: string }> }>('GET', `/sim/handsets/${CUSTOMER}/messages`);
    expect(handset.body.data.at(-1)?.text).toContain('482913 is your verification code');
  });
  it('the inbox works from the keyboard: / to search, arrows through the conversations, each opening as it is reached', async () => {
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('conversation-list').locator('[data-testid="conversation-row"]').nth(2).waitFor();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('conversation-search');
    await page.keyboard.press('ArrowDown');
    const rows = page.getByTestId('conversation-row');
    expect(await rows.nth(0).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.locator('[data-testid="conversation-row"][aria-selected="true"]').waitFor();
    expect(await rows.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('thread').waitFor();
    await page.keyboard.press('End');
    const last = rows.last();
    await page.waitForFunction(() => document.querySelector('[data-testid="conversation-row"]:last-child')?.getAttribute('aria-selected') === 'true');
    expect(await last.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('[data-testid="conversation-row"]')?.getAttribute('aria-selected') === 'true');
    // One row is in the tab order (the selected one).
    expect(await page.locator('[data-testid="conversation-row"][tabindex="0"]').count()).toBe(1);
  });

  it('arrows passing through a conversation leave it unread; the one they stay on is read after a moment, and Enter reads at once', async () => {
    // Newest on top: Carol, Bob (twice), Ann, each unread.
    const [ann, bob, carol] = ['+14155550301', '+14155550302', '+14155550303'];
    for (const [from, text] of [[ann, 'Ann here'], [bob, 'Bob here'], [bob, 'Bob again'], [carol, 'Carol here']] as const) {
      expect((await server.dashboard('POST', '/sim/inbound', { channel: 'sms', from, text })).status).toBeLessThan(300);
    }
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-sms').click();
    const unreadOf = (address: string) => page.locator(`[data-testid="conversation-row"][data-address="${address}"] [data-testid="unread"]`);
    await unreadOf(ann).waitFor();
    await page.locator(`[data-testid="conversation-row"][data-address="${carol}"]`).click();
    await unreadOf(carol).waitFor({ state: 'detached' });
    // ↓ past Bob to Ann: Ann, stayed on, is read once her thread has been shown a moment; Bob, passed, is not.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.getByTestId('thread-address').filter({ hasText: ann }).waitFor();
    await unreadOf(ann).waitFor({ state: 'detached' });
    expect(await unreadOf(bob).allTextContents()).toEqual(['2']);
    const listed = await server.dashboard<{ data: Array<{ address: string; unreadCount: number }> }>('GET', '/dashboard/conversations?channel=sms&limit=100');
    expect(listed.body.data.find((c) => c.address === bob)?.unreadCount).toBe(2);
    // Back on Bob, Enter opens his thread for good: read.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await unreadOf(bob).waitFor({ state: 'detached' });
  });

  it('on a default server, a webhook URL the destination guard refuses says how to use a local receiver, and a simulated receiver is a click away', async () => {
    await page.getByTestId('nav-webhooks').click();
    await page.getByTestId('new-endpoint').click();
    await page.getByTestId('events-all').check();
    await page.getByTestId('endpoint-url').fill('https://10.0.0.5/hook');
    await page.getByTestId('create-endpoint').click();
    const error = page.getByTestId('create-endpoint-form').getByTestId('error-state');
    await error.filter({ hasText: '10.0.0.5 is a private, loopback, link-local or otherwise internal address' }).waitFor();
    expect(await error.textContent()).not.toContain('resolves to');
    const hint = page.getByTestId('private-webhooks-hint');
    expect(await hint.textContent()).toContain('--allow-private-webhooks');
    // Named once: the hint says it, the refusal above it no longer repeats the server's sentence.
    expect(await error.textContent()).not.toContain('--allow-private-webhooks');
    // The refusal was about the URL as it was: fixing it takes the refusal and the hint away before any submit.
    await page.getByTestId('endpoint-url').fill('https://hooks.example.org/x');
    await hint.waitFor({ state: 'detached' });
    expect(await error.count()).toBe(0);
    // Not for a scheme the flag does not allow either.
    await page.getByTestId('endpoint-url').fill('ftp://example.com/x');
    await page.getByTestId('create-endpoint').click();
    await error.filter({ hasText: 'url must use https' }).waitFor();
    expect(await hint.count()).toBe(0);
    await page.getByTestId('endpoint-url').fill('http://localhost:9999/hook');
    await page.getByTestId('create-endpoint').click();
    await error.filter({ hasText: 'url must use https' }).waitFor();
    await hint.waitFor();
    // No receiver at hand: the simulated world's takes the URL's place (and the refusal goes), and answers a test 200.
    await page.getByTestId('use-simulated-receiver').click();
    expect(await page.getByTestId('endpoint-url').inputValue()).toBe('https://hooks.sim.test/switchboard');
    await hint.waitFor({ state: 'detached' });
    expect(await error.count()).toBe(0);
    await page.getByTestId('create-endpoint').click();
    const card = page.locator('[data-testid="endpoint-card"][data-url="https://hooks.sim.test/switchboard"]');
    await page.getByTestId('endpoint-secret').waitFor();
    await page.getByTestId('dismiss-secret').click();
    await card.waitFor();
    await sendTest(card);
    await card.locator('[data-testid="test-sent"][data-status="SUCCEEDED"]').waitFor();
  });
});
