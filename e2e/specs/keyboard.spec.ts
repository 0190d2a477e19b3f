// The console by keyboard alone: what opens with Enter and Space, where the focus goes when a panel opens or
// closes, a modal that keeps the focus and gives it back, and controls that keep the focus while they work.
// Every step presses keys and checks document.activeElement and what is shown. Also what a screen reader is
// told where the screen shows a glyph.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let session: ConsoleSession;
let page: Page;

beforeAll(async () => {
  session = await openConsole();
  ({ server, page } = session);
});
afterAll(async () => {
  await session?.stop();
});

/** Waits until the focused element matches `selector` (the focus moves after a render, never on a timer). */
async function focusOn(selector: string): Promise<void> {
  await page.waitForFunction((s) => document.activeElement?.matches(s) === true, selector);
}
/** What has the focus, for a failure message: its test id, or its tag and text. */
const focused = () => page.evaluate(() => {
  const element = document.activeElement;
  return element?.getAttribute('data-testid') ?? `${element?.tagName.toLowerCase()}: ${element?.textContent?.slice(0, 40) ?? ''}`;
});

describe('request log by keyboard', () => {
  it('Enter and Space open a request with the focus on its details; Close and Escape give the focus back to its row', async () => {
    const created = await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'Keyboard', environment: 'test', scopes: ['contacts:read'] });
    const call = (path: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${created.body.key}` } });
    expect((await call('/v1/contacts?limit=1')).status).toBe(200);
    expect((await call('/v1/whatsapp/logs')).status).toBe(403);
    await page.getByTestId('nav-requests').click();
    const details = page.getByTestId('request-details');
    const first = page.getByTestId('request-row').first();
    await first.filter({ hasText: '/v1/whatsapp/logs' }).waitFor();
    const firstId = await first.getAttribute('data-request-id');
    const opener = `[data-request-id="${firstId}"] [data-testid="open-request"]`;

    // The first row is one Tab after the last filter; Enter opens it and the focus lands on the details, which stay open.
    await page.getByTestId('filter-code').focus();
    await page.keyboard.press('Tab');
    await focusOn(opener);
    await page.keyboard.press('Enter');
    await focusOn('[data-testid="request-details"]');
    await details.getByTestId('request-detail-status').filter({ hasText: '403' }).waitFor();
    expect(await page.locator(opener).getAttribute('aria-expanded')).toBe('true');
    // Tab reaches Close, which closes them and puts the focus back on the row they came from.
    await page.keyboard.press('Tab');
    await focusOn('[data-testid="request-details"] button');
    await page.keyboard.press('Enter');
    await details.waitFor({ state: 'detached' });
    await focusOn(opener);

    // Space opens it as well, and Escape closes it from the details.
    await page.keyboard.press(' ');
    await focusOn('[data-testid="request-details"]');
    await details.getByTestId('request-detail-status').filter({ hasText: '403' }).waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await focusOn(opener);

    // The next row opens from the keyboard too, with the details of that request.
    await page.keyboard.press('Tab');
    await focusOn('[data-testid="request-row"]:nth-child(2) [data-testid="open-request"]');
    await page.keyboard.press('Enter');
    await focusOn('[data-testid="request-details"]');
    await details.getByTestId('request-detail-status').filter({ hasText: '200' }).waitFor();
    expect(await focused()).toBe('request-details');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
  });
});

describe('status ticks for a screen reader', () => {
  it('a reply the handset cannot take says Failed in words, next to its reason', async () => {
    const customer = '+15005550002'; // has no WhatsApp account in the simulated world
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: customer, text: 'Anyone there?' })).status).toBe(201);
    await page.getByTestId('nav-inbox').click();
    await page.locator(`[data-testid="conversation-row"][data-address="${customer}"]`).click();
    await page.getByTestId('composer').fill('Yes, how can we help?');
    await page.getByTestId('composer').press('Enter');
    const reply = page.getByTestId('message').filter({ hasText: 'Yes, how can we help?' });
    await reply.waitFor();
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 2 })).status).toBe(200);
    await page.locator('[data-testid="message"][data-status="failed"]').filter({ hasText: 'Yes, how can we help?' }).waitFor();
    expect(await reply.getByTestId('ticks').ariaSnapshot()).toBe('- text: Failed');
    expect(await reply.locator('.bubble-error').textContent()).toContain('has no WhatsApp account');
  });
});
