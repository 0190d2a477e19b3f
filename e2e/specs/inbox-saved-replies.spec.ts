// Saved replies in the inbox's composers: `/` in an empty reply (or the Saved replies button) opens a searchable picker
// whose arrows choose, Enter inserts the reply with the contact's name in its merge tags (nothing is sent), and Escape
// gives the focus back to the reply; the text is edited and sent like any other. Manage saved replies (from the picker)
// adds one (a name taken, in any case, is refused), after which the picker is back to insert it. SMS's composer takes them too.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
/** The demo's Alice Johnson: she writes first, so her WhatsApp window is open. */
const ALICE = '+14155550101';
const ORDER_STATUS = 'Hi Alice, thanks for waiting! Could you share your order number? I will check where your parcel is right away. You can also track it at shop.example.com/track.';

consoleForFile({}, async (opened) => {
  ({ page, server } = opened);
  expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: ALICE, text: 'Where is my parcel?' })).status).toBe(201);
  await page.getByTestId('nav-inbox').click();
});

const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
const options = () => page.locator('[data-testid="saved-replies-list"][data-ready="true"]').getByTestId('saved-reply-option');
const activeOption = () => page.locator('[data-testid="saved-reply-option"][aria-selected="true"]').getAttribute('data-name');

async function openAlice(): Promise<void> {
  await page.getByTestId('tab-whatsapp').click();
  await page.locator(`[data-testid="conversation-row"][data-address="${ALICE}"]`).click();
  await page.getByTestId('message').filter({ hasText: 'Where is my parcel?' }).waitFor();
}

describe('saved replies in a WhatsApp reply', () => {
  it('/ in the empty reply opens the picker; search, Escape back to the reply; arrows and Enter insert it filled for Alice, unsent; edited and sent, it shows in the thread', async () => {
    await openAlice();
    const composer = page.getByTestId('composer');
    const sentBefore = await page.getByTestId('message').count();
    await composer.press('/');
    await page.getByTestId('saved-replies-picker').waitFor();
    expect(await focused()).toBe('saved-replies-search');
    expect(await composer.inputValue()).toBe('');
    await options().first().waitFor();
    expect(await options().evaluateAll((all) => all.map((o) => o.getAttribute('data-name')))).toEqual(['Business hours', 'Order status', 'Returns policy', 'Thanks and goodbye']);
    // Each shows as Alice would read it.
    expect(await options().nth(1).textContent()).toBe(`Order status${ORDER_STATUS}`);
    await screenshot(page, 'inbox-saved-replies-picker');

    await page.keyboard.type('RETURN');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="saved-reply-option"]').length === 1);
    expect(await options().getAttribute('data-name')).toBe('Returns policy');
    await page.keyboard.press('Escape');
    await page.getByTestId('saved-replies-picker').waitFor({ state: 'detached' });
    expect(await focused()).toBe('composer');
    expect(await composer.inputValue()).toBe('');

    // Opened again, it starts over: ↓ chooses the next, ↑ the one before, Enter inserts the chosen one.
    await page.keyboard.press('/');
    await options().nth(3).waitFor();
    expect(await activeOption()).toBe('Business hours');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await activeOption()).toBe('Order status');
    await page.keyboard.press('Enter');
    await page.getByTestId('saved-replies-picker').waitFor({ state: 'detached' });
    expect(await focused()).toBe('composer');
    expect(await composer.inputValue()).toBe(ORDER_STATUS);
    expect(await page.getByTestId('message').count()).toBe(sentBefore);
    // The reply grows to show it whole, on lines of its own, none of it scrolled out of sight.
    const fits = () => composer.evaluate((el) => ({ lines: el.clientHeight > 2 * parseFloat(getComputedStyle(el).lineHeight), hidden: el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth }));
    await expect.poll(fits).toEqual({ lines: true, hidden: false });

    // The caret is at its end: what is typed adds to it; `/` there is text; Shift+Enter starts a new line, Enter sends.
    await page.keyboard.type(' / Order #1001 ships today.');
    expect(await page.getByTestId('saved-replies-picker').count()).toBe(0);
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Sam');
    expect(await composer.inputValue()).toBe(`${ORDER_STATUS} / Order #1001 ships today.\nSam`);
    await page.keyboard.press('Enter');
    await page.getByTestId('message').filter({ hasText: `${ORDER_STATUS} / Order #1001 ships today.` }).filter({ hasText: 'Sam' }).waitFor();
    await expect.poll(() => composer.inputValue()).toBe('');
    // Sent, it is one line again.
    expect(await composer.evaluate((el) => el.clientHeight < 2 * parseFloat(getComputedStyle(el).lineHeight))).toBe(true);
  });

  it('the Saved replies button opens it too; a click inserts after what was typed; a click on the thread closes it', async () => {
    const composer = page.getByTestId('composer');
    await composer.fill('Sure.');
    await page.getByTestId('saved-replies-button').click();
    expect(await page.getByTestId('saved-replies-button').getAttribute('aria-expanded')).toBe('true');
    await options().filter({ hasText: 'Business hours' }).click();
    expect(await composer.inputValue()).toMatch(/^Sure\. Hi Alice, our team is here Monday to Saturday/);
    expect(await focused()).toBe('composer');
    await page.getByTestId('saved-replies-button').click();
    await page.getByTestId('saved-replies-picker').waitFor();
    // (at the thread's top: the reply, grown to show two saved replies' text, lifts the picker over its middle)
    await page.getByTestId('thread-messages').click({ position: { x: 12, y: 12 } });
    await page.getByTestId('saved-replies-picker').waitFor({ state: 'detached' });
    await composer.fill('');
  });
});

describe('managing saved replies', () => {
  it('Manage saved replies adds one (a taken name refused), edits it, and the picker is back to insert it; Delete removes it', async () => {
    await page.getByTestId('composer').press('/');
    await page.getByTestId('manage-saved-replies').click();
    const dialog = page.getByTestId('saved-replies-dialog');
    await dialog.getByTestId('saved-reply-row').nth(3).waitFor();
    expect(await focused()).toBe('saved-reply-name');

    await dialog.getByTestId('saved-reply-name').fill('order STATUS');
    await dialog.getByTestId('saved-reply-text').fill('Duplicate');
    await dialog.getByTestId('saved-reply-save').click();
    await dialog.getByText('A saved reply named "Order status" already exists: choose another name').waitFor();

    await dialog.getByTestId('saved-reply-name').fill('Size guide');
    await dialog.getByTestId('saved-reply-text').fill('Hello {{first_name|there}}! Our sizes run small: we suggest one size up.');
    await dialog.getByTestId('saved-reply-save').click();
    await dialog.locator('[data-testid="saved-reply-row"][data-name="Size guide"]').waitFor();
    expect(await dialog.getByTestId('saved-reply-name').inputValue()).toBe('');
    await screenshot(page, 'inbox-saved-replies-manage');

    await dialog.locator('[data-testid="saved-reply-row"][data-name="Size guide"]').getByTestId('saved-reply-edit').click();
    expect(await focused()).toBe('saved-reply-name');
    await dialog.getByTestId('saved-reply-text').fill('Hello {{first_name|there}}! Our sizes run small: we suggest one size up, {{name}}.');
    await dialog.getByTestId('saved-reply-save').click();
    await dialog.locator('[data-testid="saved-reply-row"][data-name="Size guide"]').filter({ hasText: 'one size up, {{name}}.' }).waitFor();

    // Closed with Escape: the picker again, where the new one is found and inserted.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused()).toBe('saved-replies-search');
    await page.keyboard.type('size');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="saved-reply-option"]').length === 1);
    await options().filter({ hasText: 'Size guide' }).waitFor();
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('composer').inputValue()).toBe('Hello Alice! Our sizes run small: we suggest one size up, Alice Johnson.');
    const saved = await server.dashboard<{ data: Array<{ name: string }> }>('GET', '/dashboard/saved-replies?search=size');
    expect(saved.body.data.map((r) => r.name)).toEqual(['Size guide']);

    await page.getByTestId('composer').fill('');
    await page.getByTestId('composer').press('/');
    await page.getByTestId('manage-saved-replies').click();
    const row = dialog.locator('[data-testid="saved-reply-row"][data-name="Size guide"]');
    await row.getByTestId('saved-reply-delete').click();
    await row.getByTestId('saved-reply-delete-confirm').click();
    await row.waitFor({ state: 'detached' });
    await dialog.getByTestId('saved-replies-close').click();
    await page.keyboard.press('Escape');
    expect(await focused()).toBe('composer');
  });
});

describe('saved replies in an SMS reply', () => {
  it('/ in the empty SMS text opens the picker; Enter inserts into the text, checked against the DLT templates as typed', async () => {
    await page.getByTestId('tab-sms').click();
    await page.getByTestId('conversation-row').first().click();
    await page.getByTestId('sms-composer').waitFor();
    await page.getByTestId('composer').press('/');
    await options().first().waitFor();
    await page.keyboard.type('hours');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="saved-reply-option"]').length === 1);
    await page.keyboard.press('Enter');
    expect(await focused()).toBe('composer');
    expect(await page.getByTestId('composer').inputValue()).toMatch(/our team is here Monday to Saturday/);
    await page.getByTestId('composer-dlt').filter({ hasText: 'Matches no approved DLT template' }).waitFor();
  });
});
